/** Sign-up, magic links, SMTP and the third-party bridge (docs/API.md "Identity"). */

/** `POST /api/user/register` (docs/API.md "Identity"): e-mail and password may come from the magic token. */
export interface RegisterRequest {
  magic_token?: string | null;
  email?: string | null;
  password?: string | null;
  name?: string | null;
  gender?: number | null;
  language?: string | null;
  device?: string | null;
  device_token?: string | null;
}

/** `POST /api/user/send_reg_magic_link`. */
export interface SendRegMagicTokenRequest {
  magic_token: string;
  email: string;
  password: string;
}

/** SMTP off: a confirmed token at once. SMTP on: the link goes by mail and `new_magic_token` is "". */
export interface SendRegMagicTokenResponse {
  new_magic_token: string;
  mail_is_sent: boolean;
}

/** `GET /api/token/credentials`: the sign-in methods bound to the caller's account. */
export interface CredentialsResponse {
  password: boolean;
  /** The bound Google e-mail. */
  google: string | null;
  /** The bound wallet address. */
  metamask: string | null;
  /** Issuers of the bound OIDC accounts. */
  oidc: string[];
}

/** `GET/POST /api/admin/smtp/config`. `GET` answers the password masked (`SMTP_PASSWORD_MASK`). */
export interface SmtpConfig {
  enabled: boolean;
  host: string;
  /** Default 465 (implicit TLS). */
  port: number;
  from: string;
  username: string;
  password: string;
}

/** What `GET /api/admin/smtp/config` answers instead of a stored password; posting it back keeps the stored one. */
export const SMTP_PASSWORD_MASK = "********";

export const DEFAULT_SMTP_CONFIG: SmtpConfig = { enabled: false, host: "", port: 465, from: "", username: "", password: "" };

/** `POST /api/admin/system/send_mail` (admin test mail). */
export interface SendMailRequest {
  to: string;
  subject: string;
  content: string;
}

/** `POST /api/token/create_third_party_key` (header `X-SECRET`). */
export interface CreateThirdPartyKeyRequest {
  userid: string;
  username: string;
}

/** Third-party login keys are valid this long (docs/API.md "Identity"). */
export const THIRD_PARTY_KEY_TTL_S = 120;

/** The device of a guest session (docs/API.md "Authentication"). */
export const GUEST_DEVICE = "guest_device";

/** Guests are deleted this long after they were created (docs/API.md "Identity"). */
export const GUEST_MAX_AGE_S = 7 * 86_400;
