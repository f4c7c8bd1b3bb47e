import * as z from "zod";
import { countParam, idValue } from "../shared.js";

/** Most messages one archive or favorite holds. */
export const ARCHIVE_MAX_MESSAGES = 1_000;

/** `POST /resource/archive` and `POST /favorite`. */
export const midListBody = z.object({ mid_list: z.array(idValue).min(1).max(ARCHIVE_MAX_MESSAGES) });

/** An archive path: VoceChat answers 400 for an empty path or one with a dot. */
const archivePath = z
  .string()
  .min(1)
  .max(200)
  .refine((p) => !p.includes("."), "invalid path");

/** `true` only for the literal "true" (VoceChat's boolean query parameters). */
export const flag = z
  .string()
  .optional()
  .transform((v) => v === "true");

/** `GET /resource/archive?file_path=`. */
export const archiveQuery = z.object({ file_path: archivePath });

/** `GET /resource/archive/attachment?file_path=&attachment_id=&download=`. */
export const archiveAttachmentQuery = z.object({ file_path: archivePath, attachment_id: countParam, download: flag });
