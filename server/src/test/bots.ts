import { call, jsonOk } from "./api.js";
import type { Session, TestServer } from "./harness.js";

/** Bot API keys for the server suites (routes/bot): making one, and calling with one. */

/** The bot as a caller that presents its API key (`x-api-key`) instead of a session token. */
export const withKey = (bot: Session, key: string): Session => ({ ...bot, headers: { "x-api-key": key } });

/** A new key for `bot`, made by `admin` through the API; answers the key. */
export async function makeKey(s: TestServer, admin: Session, bot: Session, name = "main"): Promise<string> {
  return jsonOk<string>(await call(s, "POST", `/admin/user/bot-api-key/${bot.uid}`, admin, { name }));
}
