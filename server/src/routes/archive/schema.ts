import { z } from "zod";
import { idValue } from "../shared.js";

/** Most messages one archive or favorite holds. */
export const ARCHIVE_MAX_MESSAGES = 1_000;

/** `POST /resource/archive` and `POST /favorite`. */
export const midListBody = z.object({ mid_list: z.array(idValue).min(1).max(ARCHIVE_MAX_MESSAGES) });

/** `GET /resource/archive?file_path=`: VoceChat answers 400 for an empty path or one with a dot. */
export const archiveQuery = z.object({
  file_path: z
    .string()
    .min(1)
    .refine((p) => !p.includes("."), "invalid path"),
});
