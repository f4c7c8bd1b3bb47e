import * as z from "zod";
import { metamaskCredential, passkeyCredential } from "./passkeySchema.js";

const device = z.string().trim().min(1).max(128);
const token = z.string().min(1).max(512);
/** An e-mail address as a query or body field; compared lower-cased. */
export const emailValue = z.email().max(254);
const name = z.string().trim().min(1).max(32);
/**
 * A BCP-47-shaped language tag ("en-US", "zh-Hans-CN"); anything script-like is rejected
 * (docs/API.md "Users").
 */
const language = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, "expected a language tag");
const password = z.string().min(6).max(128);

/** Google, GitHub and OIDC (docs/API.md "Third-party sign-in"), for `/token/login` and `/token/bind`. */
const magicToken = z.string().max(512).nullish();
const idpCredentials = [
  z.object({ type: z.literal("google"), id_token: z.string().min(1).max(8192), magic_token: magicToken }),
  z.object({ type: z.literal("github"), code: z.string().min(1).max(512), magic_token: magicToken }),
  z.object({ type: z.literal("oidc"), code: z.string().min(1).max(2048), state: z.string().min(1).max(512), magic_token: magicToken }),
] as const;

export const bindBody = z.object({ credential: z.discriminatedUnion("type", [...idpCredentials, metamaskCredential]) });

export const unbindBody = z.object({ type: z.enum(["google", "github", "oidc"]), issuer: z.string().max(2048).nullish() });

export const openIdAuthorizeBody = z.object({ issuer: z.string().trim().min(1).max(255), redirect_uri: z.string().min(1).max(2048) });

export const loginBody = z.object({
  credential: z.discriminatedUnion("type", [
    z.object({ type: z.literal("password"), email: z.string().max(254), password: z.string().max(128) }),
    z.object({ type: z.literal("magiclink"), magic_token: token, extra_name: z.string().max(64).nullish() }),
    z.object({ type: z.literal("thirdparty"), key: token }),
    ...idpCredentials,
    metamaskCredential,
    passkeyCredential,
  ]),
  device: device.nullish(),
  device_token: z.string().max(4096).nullish(),
});

export const renewBody = z.object({
  token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
});

/** A name given with a login link for a new address: 1–32 characters once trimmed. */
export const extraName = name;

/**
 * `POST /user/register` (docs/API.md "Identity"): e-mail and password may come from the magic
 * token.
 */
export const registerBody = z.object({
  magic_token: z.string().max(512).nullish(),
  email: emailValue.nullish(),
  password: password.nullish(),
  name: name.nullish(),
  gender: z.number().int().min(0).max(1).nullish(),
  language: language.nullish(),
  device: device.nullish(),
  device_token: z.string().max(4096).nullish(),
  // Newer clients send it; Parley has no widgets yet.
  widget_id: z.string().max(256).nullish(),
});

export const emailQuery = z.object({ email: emailValue });

export const magicTokenBody = z.object({ magic_token: z.string().max(512) });

export const sendRegMagicLinkBody = z.object({
  magic_token: z.string().max(512),
  email: emailValue,
  password,
});

export const thirdPartyKeyBody = z.object({
  userid: z.string().trim().min(1).max(128),
  username: z.string().trim().min(1).max(32),
});
