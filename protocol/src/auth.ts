import type { UserInfo } from "./users.js";

/** `LoginCredential` (docs/API.md "Identity"), internally tagged by `type`. */
export type LoginCredential =
  | { type: "password"; email: string; password: string }
  | { type: "magiclink"; magic_token: string; extra_name?: string | null }
  | { type: "google"; id_token: string; magic_token?: string | null }
  | { type: "github"; code: string; magic_token?: string | null }
  | { type: "oidc"; code: string; state: string; magic_token?: string | null }
  | { type: "metamask"; public_address: string; nonce: string; signature: string; magic_token?: string | null }
  | { type: "thirdparty"; key: string }
  | { type: "passkey"; challenge_id: string; credential: unknown };

export interface LoginRequest {
  credential: LoginCredential;
  /** Free-form device id; the web client uses `web:<nanoid>`. Default "unknown". */
  device?: string | null;
  device_token?: string | null;
}

export interface LoginResponse {
  server_id: string;
  token: string;
  refresh_token: string;
  /** Access-token lifetime in seconds. */
  expired_in: number;
  user: UserInfo;
}

export interface RenewTokenRequest {
  token: string;
  refresh_token: string;
}

export interface RenewTokenResponse {
  token: string;
  refresh_token: string;
  expired_in: number;
}

export type WhoCanSignUp = "EveryOne" | "InvitationOnly";

/**
 * One OIDC provider of the login config. `domain` (the issuer without its scheme) names it on
 * the wire. **Parley** adds `issuer`, `client_id` and `client_secret` (answered as
 * `SECRET_MASK`; docs/API.md "Third-party sign-in") so an admin configures it from the browser.
 */
export interface OidcConfig {
  enable: boolean;
  favicon: string;
  domain: string;
  issuer?: string;
  client_id?: string;
  client_secret?: string;
}

/** `LoginConfig` (docs/API.md "Identity"). */
export interface LoginConfig {
  who_can_sign_up: WhoCanSignUp;
  guest: boolean;
  password: boolean;
  magic_link: boolean;
  google: boolean;
  github: boolean;
  oidc: OidcConfig[];
  metamask: boolean;
  third_party: boolean;
  passkey?: boolean;
}

export const DEFAULT_LOGIN_CONFIG: LoginConfig = {
  who_can_sign_up: "EveryOne",
  guest: false,
  password: true,
  magic_link: true,
  google: false,
  github: false,
  oidc: [],
  metamask: false,
  third_party: false,
  passkey: false,
};
