import * as z from "zod";
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "@parley/protocol";
import { paramNames } from "../../http/validate.js";
import { idParam, pageLimitParam } from "../shared.js";

/** `PUT /message/{mid}/like`; the action is checked against the quick reactions in the route. */
export const likeBody = z.object({ action: z.string() });

/** Most mids one `DELETE /message/bulk/{…}` takes. */
export const BULK_DELETE_MAX = 500;

/** `DELETE /message/bulk/{mid,mid,…}`: comma-joined positive ids, no blanks. */
export const bulkMids = z
  .string()
  .transform((s) => s.split(","))
  .pipe(z.array(idParam).min(1).max(BULK_DELETE_MAX));

/** `GET /message/search` (Parley): one keyword, at most one conversation, exclusive `before`. */
export const searchQuery = z
  .object({
    keyword: z
      .string()
      .trim()
      .min(1, "keyword is empty")
      .max(200)
      .refine((k) => !k.includes("\u0000"), "keyword contains NUL"),
    gid: idParam.optional(),
    uid: idParam.optional(),
    before: idParam.optional(),
    limit: pageLimitParam(SEARCH_MAX_LIMIT, SEARCH_DEFAULT_LIMIT),
  })
  .refine((q) => q.gid === undefined || q.uid === undefined, "give gid or uid, not both");

/** The bulk route's path: `*` is the mid list, named `mids` when it fails to parse. */
export const bulkParams = z.object({ "*": bulkMids });
paramNames.add(bulkParams, { name: () => "mids" });
