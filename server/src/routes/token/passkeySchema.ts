import { PASSKEY_NAME_MAX } from "@parley/protocol";
import * as z from "zod";

/**
 * Bodies of the MetaMask and passkey routes (docs/API.md "MetaMask and passkeys"). WebAuthn
 * responses are checked for their W3C JSON shape here (base64url strings); what they prove is
 * checked by `@simplewebauthn/server` in `commands/passkeys.ts`.
 */

const b64url = z.string().min(1).max(16_384).regex(/^[A-Za-z0-9_-]+$/, "expected base64url");
const challengeId = z.string().min(1).max(128);
const name = z.string().trim().max(PASSKEY_NAME_MAX).nullish();
const device = z.string().trim().min(1).max(128).nullish();
const deviceToken = z.string().max(4096).nullish();
const transports = z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).max(8);
const clientExtensionResults = z.record(z.string(), z.unknown());
const attachment = z.enum(["platform", "cross-platform"]).nullish();

/** `RegistrationResponseJSON`. */
export const registrationResponse = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
  authenticatorAttachment: attachment.transform((v) => v ?? undefined),
  clientExtensionResults,
});

/** `AuthenticationResponseJSON`. */
export const authenticationResponse = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.nullish().transform((v) => v ?? undefined),
  }),
  authenticatorAttachment: attachment.transform((v) => v ?? undefined),
  clientExtensionResults,
});

export const passkeyRegisterStartBody = z.object({ name });
export const passkeyRegisterFinishBody = z.object({ challenge_id: challengeId, credential: registrationResponse, name });
export const passkeyAuthStartBody = z.object({}).loose().optional();
export const passkeyAuthFinishBody = z.object({ challenge_id: challengeId, authentication: authenticationResponse, device, device_token: deviceToken });
export const passkeyParams = z.object({ credential_id: b64url.max(1024) });

/** The `passkey` login credential (contract: `{challenge_id, credential}`). */
export const passkeyCredential = z.object({ type: z.literal("passkey"), challenge_id: challengeId, credential: authenticationResponse });

/** The `metamask` credential of `/token/login` and `/token/bind`. */
export const metamaskCredential = z.object({
  type: z.literal("metamask"),
  public_address: z.string().trim().regex(/^0x[0-9a-fA-F]{40}$/, "expected a 0x-prefixed 20-byte hex address"),
  nonce: z.string().min(1).max(256),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, "expected a 65-byte 0x-hex signature"),
  magic_token: z.string().max(512).nullish(),
});

export const metamaskNonceQuery = z.object({ public_address: z.string().trim().regex(/^0x[0-9a-fA-F]{40}$/, "expected a 0x-prefixed 20-byte hex address") });
