import { ContentType, type Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { MessageRow } from "../repos/messages.js";
import { mentionsOf, repliedAuthor } from "./rule.js";
import { conversationUrl, type NotifySettings } from "./settings.js";
import type { PendingNotification } from "./types.js";

/** The longest preview a notification carries (characters). */
export const PREVIEW_CHARS = 200;

/** What a path is told of one message, the same for every recipient but `uid` and `mentioned`. */
export interface MessageFacts {
  row: MessageRow;
  sender_name: string;
  /** The channel's name for a channel message (the sender's name is used for a DM). */
  channel_name: string | null;
  kind: PendingNotification["kind"];
  preview: string | null;
  mentions: Set<Uid>;
  created_at: number;
}

const TEXT_TYPES: ReadonlySet<string> = new Set([ContentType.text, ContentType.markdown]);
const FILE_TYPES: ReadonlySet<string> = new Set([ContentType.file, ContentType.audio]);

/** The text a notification shows: the current (edited) text, on one line, cut at `PREVIEW_CHARS`. */
export function previewOf(row: Pick<MessageRow, "content_type" | "content" | "edited_content_type" | "edited_content">): string | null {
  const type = row.edited_content_type ?? row.content_type;
  const content = row.edited_content ?? row.content;
  if (!type || !TEXT_TYPES.has(type) || content === null) return null;
  const flat = content.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS - 1).join("")}…` : flat;
}

const kindOf = (type: string | null): PendingNotification["kind"] => (type && TEXT_TYPES.has(type) ? "text" : type && FILE_TYPES.has(type) ? "file" : "other");

/** The facts of each message still there (a deleted one is absent: its notifications are skipped). */
export async function loadFacts(db: Db, mids: readonly number[], settings: Pick<NotifySettings, "preview">): Promise<Map<number, MessageFacts>> {
  const out = new Map<number, MessageFacts>();
  if (mids.length === 0) return out;
  const rows = await db.selectFrom("messages").selectAll().where("mid", "in", [...new Set(mids)]).execute();
  const senders = [...new Set(rows.map((r) => r.from_uid))];
  const gids = [...new Set(rows.filter((r) => r.target_gid !== null).map((r) => r.target_gid as number))];
  const [users, groups] = await Promise.all([
    senders.length ? db.selectFrom("users").select(["uid", "name"]).where("uid", "in", senders).execute() : [],
    gids.length ? db.selectFrom("groups").select(["gid", "name"]).where("gid", "in", gids).execute() : [],
  ]);
  const nameOf = new Map(users.map((u) => [u.uid, u.name]));
  const groupName = new Map(groups.map((g) => [g.gid, g.name]));
  for (const row of rows) {
    const type = row.edited_content_type ?? row.content_type;
    const kind = kindOf(type);
    out.set(row.mid, {
      row,
      sender_name: nameOf.get(row.from_uid) ?? "",
      channel_name: row.target_gid !== null ? (groupName.get(row.target_gid) ?? "") : null,
      kind,
      preview: settings.preview && kind === "text" ? previewOf(row) : null,
      mentions: mentionsOf(row, await repliedAuthor(db, row)),
      created_at: row.created_at,
    });
  }
  return out;
}

/** One recipient's notification of a message. */
export function notificationFor(uid: Uid, facts: MessageFacts, settings: Pick<NotifySettings, "frontendUrl">): PendingNotification {
  const { row } = facts;
  // The recipient's view: a DM is "with the sender", a channel message "in the channel".
  const target = row.target_gid !== null ? { gid: row.target_gid } : { uid: row.from_uid };
  return {
    uid,
    mid: row.mid,
    from_uid: row.from_uid,
    sender_name: facts.sender_name,
    target,
    conversation_name: facts.channel_name ?? facts.sender_name,
    kind: facts.kind,
    preview: facts.preview,
    mentioned: facts.mentions.has(uid),
    created_at: facts.created_at,
    url: conversationUrl(settings, target),
  };
}
