import * as z from "zod";
import { idParam } from "../shared.js";

/** `/admin/user/bot-api-key/{uid}/{kid}`. */
export const botKeyParams = z.object({ uid: idParam, kid: idParam });

/** `POST /admin/user/bot-api-key/{uid}`: the key's name, unique per bot. */
export const createBotKeyBody = z.object({
  name: z.string().trim().min(1).max(64),
});

/** `GET /bot?public_only=true`: public channels only. */
export const botGroupsQuery = z.object({
  public_only: z.enum(["true", "false"]).optional(),
});

/**
 * `GET /bot/user/{uid}?uid=`: VoceChat reads the id from the query string and ignores the path,
 * so its bots send both; Parley takes the query's when given, else the path's.
 */
export const botUserQuery = z.object({ uid: idParam.optional() });

/** `GET /bot/group/{gid}?gid=`: as `botUserQuery`. */
export const botGroupQuery = z.object({ gid: idParam.optional() });
