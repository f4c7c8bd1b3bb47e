import * as z from "zod";
import { countParam } from "../shared.js";

export const eventsQuery = z.object({
  "api-key": z.string().min(1).max(4096).optional(),
  after_mid: countParam.optional(),
  users_version: countParam.optional(),
  limit: countParam.pipe(z.number().min(1)).optional(),
});
