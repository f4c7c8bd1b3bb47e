import { z } from "zod";
import { idValue } from "../shared.js";

export const createGroupBody = z.object({
  name: z.string().trim().min(1).max(64),
  description: z.string().max(1024).nullish(),
  members: z.array(idValue).max(10_000).nullish(),
  is_public: z.boolean().nullish(),
});

export const listGroupsQuery = z.object({
  public_only: z.enum(["true", "false"]).optional(),
});
