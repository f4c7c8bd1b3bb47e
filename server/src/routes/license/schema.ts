import * as z from "zod";

/** `PUT /license` and `POST /license/check`: `{license}`, the base58 string (docs/API.md "License"). */
export const licenseBody = z.object({
  license: z.string().trim().min(1).max(4096),
});
