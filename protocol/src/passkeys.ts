/**
 * MetaMask and passkey sign-in (docs/API.md "MetaMask and passkeys"; VoceChat ≥0.5.5 for
 * passkeys). WebAuthn options and responses are the W3C JSON forms (base64url binary fields),
 * typed loosely here so the protocol package needs no WebAuthn dependency.
 */

/** One passkey of `GET /api/token/passkey/list`. Times are ms since the epoch. */
export interface PasskeyInfo {
  id: number;
  /** The authenticator's credential id, base64url; names it in `DELETE /api/token/passkey/{credential_id}`. */
  credential_id: string;
  name: string;
  created_at: number;
  last_used_at?: number | null;
}

/**
 * `POST /api/token/passkey/register/start` and `/auth/start`: the challenge to echo back and the
 * options for `navigator.credentials.create` / `.get` (`PublicKeyCredentialCreationOptionsJSON` /
 * `PublicKeyCredentialRequestOptionsJSON`), wrapped in `publicKey` as VoceChat does.
 */
export interface PasskeyChallenge<Options = Record<string, unknown>> {
  challenge_id: string;
  options: { publicKey: Options };
}

export interface PasskeyRegisterStartRequest {
  name?: string | null;
}

export interface PasskeyRegisterFinishRequest {
  challenge_id: string;
  /** `RegistrationResponseJSON`. */
  credential: unknown;
  name?: string | null;
}

export interface PasskeyAuthFinishRequest {
  challenge_id: string;
  /** `AuthenticationResponseJSON`. */
  authentication: unknown;
  device?: string | null;
  device_token?: string | null;
}

/** The longest passkey name. */
export const PASSKEY_NAME_MAX = 64;
