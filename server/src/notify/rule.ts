import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { MessageRow } from "../repos/messages.js";

/**
 * THE RULE (docs/NOTIFICATIONS.md "Who is notified"), in two halves:
 * - `recipientsOf`, when a message is expanded: a DM notifies its other party; a channel
 *   message its members (a public channel: every account); never the sender, a bot, a guest or
 *   a frozen account; and not a user who muted the conversation (an unexpired `user_mutes` row,
 *   the channel or, in a DM, the sender) unless the message mentions them.
 * - `readFilter`, when a path fires: a recipient whose read index of the conversation reached
 *   the message has read it, and is not told.
 */

/** The uids `properties.mentions` names, and the author of the message a reply answers. */
export function mentionsOf(row: Pick<MessageRow, "properties">, repliedTo: Uid | null): Set<Uid> {
  const out = new Set<Uid>();
  if (repliedTo !== null) out.add(repliedTo);
  if (!row.properties) return out;
  try {
    const props = JSON.parse(row.properties) as { mentions?: unknown };
    if (Array.isArray(props.mentions)) for (const m of props.mentions) if (typeof m === "number" && Number.isSafeInteger(m)) out.add(m);
  } catch {
    // Unreadable properties mention nobody.
  }
  return out;
}

/** The author of the message `row` replies to, or null (not a reply, or the original is gone). */
export async function repliedAuthor(db: Db, row: Pick<MessageRow, "kind" | "ref_mid">): Promise<Uid | null> {
  if (row.kind !== "reply" || row.ref_mid === null) return null;
  const orig = await db.selectFrom("messages").select("from_uid").where("mid", "=", row.ref_mid).executeTakeFirst();
  return orig?.from_uid ?? null;
}

/** Accounts that can be notified at all: people, not bots or guests, not frozen. */
const notifiable = (db: Db) =>
  db.selectFrom("users").select("users.uid").where("users.is_bot", "=", 0).where("users.create_by", "!=", "guest").where("users.status", "=", "normal");

/** Who could be told in one conversation, and who of them muted it: the same for every message there. */
interface Audience {
  candidates: Uid[];
  muted: Set<Uid>;
}

/** Audiences by conversation, for the messages of one expansion batch (a busy channel is read once). */
export type AudienceCache = Map<string, Promise<Audience>>;

async function audienceOf(db: Db, row: MessageRow, now: number): Promise<Audience> {
  let candidates: Uid[];
  let muteKind: "user" | "group";
  let muteTarget: number;
  if (row.target_gid !== null) {
    const group = await db.selectFrom("groups").select("is_public").where("gid", "=", row.target_gid).executeTakeFirst();
    if (!group) return { candidates: [], muted: new Set() };
    const q = group.is_public === 1 ? notifiable(db) : notifiable(db).innerJoin("group_members as m", "m.uid", "users.uid").where("m.gid", "=", row.target_gid);
    candidates = (await q.execute()).map((r) => r.uid);
    muteKind = "group";
    muteTarget = row.target_gid;
  } else {
    const peer = row.target_uid;
    if (peer === null || peer === row.from_uid) return { candidates: [], muted: new Set() };
    candidates = (await notifiable(db).where("users.uid", "=", peer).execute()).map((r) => r.uid);
    muteKind = "user";
    muteTarget = row.from_uid;
  }
  if (candidates.length === 0) return { candidates, muted: new Set() };
  // Everyone who muted the conversation (one query, not one per member).
  const muted = await db
    .selectFrom("user_mutes")
    .select("uid")
    .where("kind", "=", muteKind)
    .where("target_id", "=", muteTarget)
    .where((eb) => eb.or([eb("expired_at", "is", null), eb("expired_at", ">", now)]))
    .execute();
  return { candidates, muted: new Set(muted.map((r) => r.uid)) };
}

/** Who is told of `row` (the expansion half of the rule); `mentioned` says who of them it mentions. */
export async function recipientsOf(db: Db, row: MessageRow, now: number, cache: AudienceCache = new Map()): Promise<{ uids: Uid[]; mentioned: Set<Uid> }> {
  const mentioned = mentionsOf(row, await repliedAuthor(db, row));
  // A channel is the same audience whoever posts; a DM's is its pair, seen from the sender.
  const key = row.target_gid !== null ? `g${row.target_gid}` : `u${row.from_uid}>${row.target_uid}`;
  let audience = cache.get(key);
  if (!audience) {
    audience = audienceOf(db, row, now);
    cache.set(key, audience);
  }
  const { candidates, muted } = await audience;
  return { uids: candidates.filter((uid) => uid !== row.from_uid && (!muted.has(uid) || mentioned.has(uid))), mentioned };
}

/** The conversation key of `row` as its recipient's read index names it. */
export const readKey = (row: Pick<MessageRow, "target_gid" | "from_uid">): string => (row.target_gid !== null ? `group:${row.target_gid}` : `user:${row.from_uid}`);

/**
 * The read indexes that matter for these (recipient, message) pairs: uid → conversation key →
 * the highest mid read. One query for a whole pass.
 */
export async function readIndexes(db: Db, uids: readonly Uid[], rows: readonly Pick<MessageRow, "target_gid" | "from_uid">[]): Promise<Map<Uid, Map<string, number>>> {
  const out = new Map<Uid, Map<string, number>>();
  if (uids.length === 0 || rows.length === 0) return out;
  const gids = [...new Set(rows.filter((r) => r.target_gid !== null).map((r) => r.target_gid as number))];
  const peers = [...new Set(rows.filter((r) => r.target_gid === null).map((r) => r.from_uid))];
  const found = await db
    .selectFrom("user_read_indexes")
    .select(["uid", "kind", "target_id", "mid"])
    .where("uid", "in", [...new Set(uids)])
    .where((eb) => {
      const parts = [];
      if (gids.length > 0) parts.push(eb.and([eb("kind", "=", "group"), eb("target_id", "in", gids)]));
      if (peers.length > 0) parts.push(eb.and([eb("kind", "=", "user"), eb("target_id", "in", peers)]));
      return eb.or(parts);
    })
    .execute();
  for (const r of found) {
    const mine = out.get(r.uid) ?? new Map<string, number>();
    mine.set(`${r.kind}:${r.target_id}`, r.mid);
    out.set(r.uid, mine);
  }
  return out;
}

/** Whether `uid` has read `row` by its read index. */
export const hasRead = (indexes: Map<Uid, Map<string, number>>, uid: Uid, row: Pick<MessageRow, "mid" | "target_gid" | "from_uid">): boolean =>
  (indexes.get(uid)?.get(readKey(row)) ?? 0) >= row.mid;
