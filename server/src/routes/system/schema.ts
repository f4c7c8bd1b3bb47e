import * as z from "zod";
import { loginConfig, systemCommon } from "../../openapi/shapes.js";

export const createAdminBody = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(32),
  password: z.string().min(6).max(128),
  gender: z.number().int().min(0).max(1).nullish(),
});

/**
 * One OIDC provider (docs/API.md "Third-party sign-in"): `domain` names it; `issuer` defaults to
 * `https://{domain}`; a `client_secret` of `********` keeps the stored one.
 */
const oidcEntry = z.object({
  enable: z.boolean(),
  favicon: z.string().max(2048),
  domain: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[^\s/?#]+(\/[^\s?#]*)?$/, "expected the issuer without its scheme, e.g. accounts.example.com"),
  issuer: z.url({ protocol: /^https?$/ }).max(2048).nullish(),
  client_id: z.string().trim().max(512).nullish(),
  client_secret: z.string().max(2048).nullish(),
});

/** The login config as it is answered, with bounds on what an admin may store. */
export const loginConfigBody = loginConfig.extend({
  oidc: z.array(oidcEntry).max(32),
  passkey: z.boolean().nullish(),
});

export const organizationBody = z.object({
  name: z.string().trim().min(1).max(64),
  description: z.string().max(1024).nullish(),
});

/**
 * Any subset of the `/admin/system/common` fields, as they are answered but for stricter values
 * (an object in `ext_setting`, one of the offered delays); unknown fields are ignored.
 */
export const systemCommonPatch = systemCommon
  .extend({
    ext_setting: z
      .string()
      .max(8192)
      .refine((s) => {
        try {
          const v: unknown = JSON.parse(s);
          return typeof v === "object" && v !== null && !Array.isArray(v);
        } catch {
          return false;
        }
      }, "must be a JSON object")
      .nullable(),
    msg_smtp_notify_delay_seconds: z.union([z.literal(300), z.literal(900), z.literal(3600), z.literal(10800), z.literal(43200)]),
  })
  .partial();
