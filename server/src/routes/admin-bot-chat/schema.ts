import * as z from "zod";
import { BOT_CONVERSATIONS_DEFAULT_LIMIT, BOT_CONVERSATIONS_MAX_LIMIT } from "@parley/protocol";
import { idParam, pageLimitParam } from "../shared.js";

/** `/admin/bot_chat/{bot_uid}/…`. */
export const botParams = z.object({ bot_uid: idParam });

/** `/admin/bot_chat/{bot_uid}/user/{uid}/history`: the DM of the bot and `uid`. */
export const botUserParams = z.object({ bot_uid: idParam, uid: idParam });

/** `/admin/bot_chat/{bot_uid}/group/{gid}/history`: a channel the bot is in. */
export const botGroupParams = z.object({ bot_uid: idParam, gid: idParam });

/** `GET /admin/bot_chat/{bot_uid}/conversations?before=&limit=`: `before` is a `last_mid` (`next_before`). */
export const conversationsQuery = z.object({
  before: idParam.optional(),
  limit: pageLimitParam(BOT_CONVERSATIONS_MAX_LIMIT, BOT_CONVERSATIONS_DEFAULT_LIMIT),
});
