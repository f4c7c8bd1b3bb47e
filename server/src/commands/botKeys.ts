import type { BotApiKey, Uid } from "@parley/protocol";
import { generateBotKey } from "../auth/botKeys.js";
import type { AppContext } from "../context.js";
import { HttpError, badRequest, notFound } from "../http/errors.js";
import { botPolicy } from "../policies/bots.js";
import { presentBotKey } from "../presenters/botKeys.js";
import { BotKeysRepo, botKeyNameTaken, deleteBotKey, insertBotKey } from "../repos/botKeys.js";
import { recordAudit, type AuditActor } from "./audit.js";
import { isUniqueViolation } from "../db/errors.js";

/** The bot `uid` keys are asked for: 404 unknown, 400 an account that is not a bot. */
async function loadBot(ctx: AppContext, uid: Uid) {
  const user = await ctx.repos.users.byId(uid);
  if (!user || user.create_by === "guest") throw notFound("no such user");
  if (!botPolicy.canHoldKeys(user)) throw badRequest("not a bot");
  return user;
}

/**
 * `POST /admin/user/bot-api-key/{uid}`: a new key for the bot, answered once; only its hash and
 * last characters are stored. A name the bot already uses is a 409 (VoceChat's). The key and its
 * audit entry are written together.
 */
export async function createBotKey(ctx: AppContext, uid: Uid, name: string, actor: AuditActor): Promise<string> {
  await loadBot(ctx, uid);
  const { key, hash, hint } = generateBotKey();
  const taken = () => new HttpError(409, "name already used for this bot");
  await ctx.db
    .transaction()
    .execute(async (tx) => {
      if (await botKeyNameTaken(tx, uid, name)) throw taken();
      const row = await insertBotKey(tx, { uid, name, key_hash: hash, key_hint: hint, created_at: Date.now(), last_used: null });
      await recordAudit(tx, actor, { action: "user.bot_key_created", target_uid: uid, detail: { id: row.id, name } });
    })
    // Two requests with one name at once: the unique index refuses the second, as the check would.
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? taken() : err;
    });
  return key;
}

/** `GET /admin/user/bot-api-key/{uid}`: the bot's keys, masked, oldest first. */
export async function listBotKeys(ctx: AppContext, uid: Uid): Promise<BotApiKey[]> {
  await loadBot(ctx, uid);
  const rows = await new BotKeysRepo(ctx.db).listOf(uid);
  return rows.map(presentBotKey);
}

/** `DELETE /admin/user/bot-api-key/{uid}/{kid}`: the key stops working at once (404 unknown). */
export async function revokeBotKey(ctx: AppContext, uid: Uid, id: number, actor: AuditActor): Promise<void> {
  await loadBot(ctx, uid);
  await ctx.db.transaction().execute(async (tx) => {
    const row = await deleteBotKey(tx, uid, id);
    if (!row) throw notFound("no such key");
    await recordAudit(tx, actor, { action: "user.bot_key_revoked", target_uid: uid, detail: { id, name: row.name } });
  });
}
