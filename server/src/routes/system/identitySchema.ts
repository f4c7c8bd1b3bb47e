import * as z from "zod";
import type { RawBody } from "../../http/validate.js";

/** `POST /admin/smtp/config` (docs/API.md "Identity"): `port` defaults to 465. */
export const smtpConfigBody = z
  .object({
    enabled: z.boolean(),
    host: z.string().trim().max(255),
    port: z.number().int().min(1).max(65_535).nullish(),
    from: z.string().trim().max(320),
    username: z.string().max(320),
    password: z.string().max(1024),
  })
  .refine((c) => !c.enabled || (c.host !== "" && c.from !== ""), { message: "host and from are needed to enable SMTP", path: ["host"] });

/** `POST /admin/system/send_mail`: a test message. */
export const sendMailBody = z.object({
  to: z.email().max(254),
  subject: z.string().trim().min(1).max(998),
  content: z.string().max(100_000),
});

/** `POST /admin/system/update_frontend_url`: the raw text/plain URL (`commands/frontend.ts` checks it). */
export const FRONTEND_URL_BODY: RawBody = { contentTypes: ["text/plain"], text: z.url({ protocol: /^https?$/ }).max(2_048) };
