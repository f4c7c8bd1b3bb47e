import { z } from "zod";

const count = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const eventsQuery = z.object({
  "api-key": z.string().min(1).max(4096).optional(),
  after_mid: count.optional(),
  users_version: count.optional(),
  limit: z.coerce.number().int().min(1).optional(),
});
