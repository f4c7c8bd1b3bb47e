import * as z from "zod";

const language = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, "expected a language tag");
const webhookUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const createUserBody = z
  .object({
    email: z.email().max(254),
    password: z.string().max(128),
    name: z.string().trim().min(1).max(32),
    gender: z.number().int().min(0).max(1).nullish(),
    is_admin: z.boolean().nullish(),
    language: z.string().max(35).nullish(),
    webhook_url: webhookUrl.nullish(),
    is_bot: z.boolean().nullish(),
    /** A public bot (docs/API.md "Bots"). */
    is_public: z.boolean().nullish(),
  })
  // Bots are created with an empty password (they authenticate with API keys); people need one.
  .refine((b) => b.is_bot || b.password.length >= 6, { message: "password must have at least 6 characters", path: ["password"] });

/** `PUT /admin/user/{uid}`: every field optional, null the same as absent; at least one is needed. */
export const updateUserBody = z.object({
  email: z.email().max(254).nullish(),
  password: z.string().min(6).max(128).nullish(),
  name: z.string().trim().min(1).max(32).nullish(),
  gender: z.number().int().min(0).max(1).nullish(),
  is_admin: z.boolean().nullish(),
  language: language.nullish(),
  status: z.enum(["normal", "frozen"]).nullish(),
  /** "" clears it. */
  webhook_url: z.union([z.literal(""), webhookUrl]).nullish(),
  is_public: z.boolean().nullish(),
});
