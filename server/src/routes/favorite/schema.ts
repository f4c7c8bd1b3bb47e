import * as z from "zod";
import { flag } from "../archive/schema.js";
import { countParam, idParam } from "../shared.js";

/** A favorite id in a path: VoceChat answers 400 when it contains a dot. */
export const favoriteId = z
  .string()
  .min(1)
  .max(64)
  .refine((id) => !id.includes("."), "invalid id");

export const attachmentParams = z.object({ uid: idParam, id: favoriteId, attachment_id: countParam });
export const attachmentQuery = z.object({ download: flag });
