import * as z from "zod";
import { paramNames } from "../../http/validate.js";
import { flag } from "../archive/schema.js";
import { countParam, idParam } from "../shared.js";

/** A favorite id in a path: VoceChat answers 400 when it contains a dot. */
export const favoriteId = z
  .string()
  .min(1)
  .max(64)
  .refine((id) => !id.includes("."), "invalid id");

export const favoriteParams = z.object({ id: favoriteId });

/** An attachment's path parameters, named `path.uid` and so on when they fail to parse. */
export const attachmentParams = z.object({ uid: idParam, id: favoriteId, attachment_id: countParam });
paramNames.add(attachmentParams, { name: (param) => `path.${param}` });
export const attachmentQuery = z.object({ download: flag });
