import { createHash } from "node:crypto";
import { generateBotKey } from "../auth/botKeys.js";
import { sql } from "kysely";
import { prepare, sendFile, uploadFile } from "../test/uploads.js";
import type { Session, TestServer } from "../test/harness.js";
import { buildChannel, buildMessage, buildUser } from "../test/factories.js";

/**
 * One small world that every route can act on, for the fuzzing and authorization probes:
 *
 * - `owner`, a regular user, owns the private channel `secret` (with `member` in it), sent a
 *   message there (`secretMid`) and pinned another (`pinnedMid`), uploaded a file and sent it
 *   there (`fileMid`), made a favorite and an archive of the file message and `secretMid`,
 *   has a direct conversation with `member` (`dmMid`), and has an avatar, as `secret` has;
 * - `member`, a regular user in `secret`; `nonMember`, a regular user who is not;
 * - `guest` (guest mode is on), `bot` (a user with `is_bot`, not in `secret`), `admin` (not in
 *   `secret` either); everyone is in the public channel `lobby` (`publicMid`).
 *
 * Several worlds can live on one server (names carry `tag`), so a destructive call gets a fresh
 * one without a new server. The admin is the server's own and shared by its worlds.
 */
export interface World {
  admin: Session;
  owner: Session;
  member: Session;
  nonMember: Session;
  guest: Session;
  bot: Session;
  secretGid: number;
  publicGid: number;
  secretMid: number;
  pinnedMid: number;
  fileMid: number;
  publicMid: number;
  dmMid: number;
  favoriteId: string;
  archivePath: string;
  filePath: string;
  /** An API key of `bot`'s (the admin's key routes name it). */
  botKeyId: number;
  /** A prepared upload of `owner`'s with no chunk yet. */
  uploadId: string;
  /** A given-up webhook delivery to `bot` (the admin's retry route names it). */
  botDelivery: number;
  /** A notification channel of `owner`'s, its type (discord) on; its webhook a loopback address the guard refuses. */
  notifyChannelId: number;
}

let worlds = 0;

/** A notification channel as a user creates it (docs/API.md "Notification channels"). */
/** Agora on, its REST API at a loopback address the SSRF guard refuses (the listing routes answer 502). */
export const AGORA_CONFIG = {
  enabled: true,
  url: "http://127.0.0.1:9",
  project_id: "p",
  app_id: "0123456789abcdef0123456789abcdef",
  app_certificate: "fedcba9876543210fedcba9876543210",
  rtm_key: "k",
  rtm_secret: "s",
};

export const NOTIFY_CHANNEL = {
  channel_type: "discord",
  name: "fixture",
  enabled: true,
  config: { webhook_url: "http://127.0.0.1:9/api/webhooks/1/x" },
  trigger_on_all_messages: true,
  trigger_on_mentions: true,
  trigger_on_groups: [],
  skip_when_online: false,
};

/** The smallest PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

async function call(s: TestServer, who: Session, method: "GET" | "POST" | "PUT", url: string, payload?: object): Promise<unknown> {
  const res = await s.app.inject({ method, url, headers: who.headers, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.body ? res.json() : null;
}

/** Turns guest mode, MetaMask and passkeys on (their routes need it; the others ignore it). */
async function enableGuests(s: TestServer, admin: Session): Promise<void> {
  const config = (await call(s, admin, "GET", "/api/admin/login/config")) as Record<string, unknown>;
  if (config.guest !== true || config.metamask !== true || config.passkey !== true) {
    await call(s, admin, "POST", "/api/admin/login/config", { ...config, guest: true, metamask: true, passkey: true });
  }
}

export async function buildWorld(s: TestServer, admin?: Session): Promise<World> {
  const tag = String(++worlds);
  admin ??= await buildUser(s, "Admin", "admin");
  await enableGuests(s, admin);
  await call(s, admin, "PUT", "/api/resource/widget-extra.css", { data: "body { margin: 0 }" });
  const owner = await buildUser(s, `Owner${tag}`);
  const member = await buildUser(s, `Member${tag}`);
  const nonMember = await buildUser(s, `Outsider${tag}`);
  const guest = await buildUser(s, `Guest${tag}`, "guest");
  const bot = await buildUser(s, `Robot${tag}`, "bot");
  const secretGid = await buildChannel(s, owner, { name: `secret${tag}`, members: [member.uid] });
  const publicGid = await buildChannel(s, admin, { name: `lobby${tag}`, is_public: true });
  const secretMid = await buildMessage(s, owner, { gid: secretGid }, "a secret");
  const publicMid = await buildMessage(s, owner, { gid: publicGid }, "hello all");
  const dmMid = await buildMessage(s, owner, { uid: member.uid }, "hello member");
  const pinnedMid = await buildMessage(s, owner, { gid: secretGid }, "pinned");
  await call(s, owner, "POST", `/api/group/${secretGid}/pin`, { mid: pinnedMid });
  const file = await uploadFile(s, owner, Buffer.from("file body"), { filename: "notes.txt", content_type: "text/plain" });
  const sent = await sendFile(s, owner, `/group/${secretGid}/send`, JSON.stringify({ path: file.path }));
  if (sent.statusCode !== 200) throw new Error(`send file: ${sent.statusCode} ${sent.body}`);
  const fileMid = sent.json() as number;
  const favorite = (await call(s, owner, "POST", "/api/favorite", { mid_list: [fileMid, secretMid] })) as { id: string };
  const archivePath = (await call(s, owner, "POST", "/api/resource/archive", { mid_list: [fileMid, secretMid] })) as string;
  for (const url of ["/api/user/avatar", `/api/group/${secretGid}/avatar`]) {
    const res = await s.app.inject({ method: "POST", url, headers: { ...owner.headers, "content-type": "image/png" }, payload: TINY_PNG });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  const key = generateBotKey();
  const { id: botKeyId } = await s.ctx.db
    .insertInto("bot_api_keys")
    .values({ uid: bot.uid, name: "fixture", key_hash: key.hash, key_hint: key.hint, created_at: Date.now(), last_used: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const uploadId = await prepare(s, owner, { filename: "later.txt", content_type: "text/plain" });
  const { id: botDelivery } = await s.ctx.db
    .insertInto("webhook_outbox")
    .values({ bot_uid: bot.uid, mid: publicMid, payload: "{}", attempts: 0, next_attempt_at: null, created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await call(s, admin, "POST", "/api/admin/notification/channel-types", { channel_type: "discord", enabled: true });
  const notifyChannel = (await call(s, owner, "POST", "/api/user/notification/channels", NOTIFY_CHANNEL)) as { id: number };
  await call(s, admin, "POST", "/api/admin/agora/config", AGORA_CONFIG);
  return {
    admin,
    owner,
    member,
    nonMember,
    guest,
    bot,
    secretGid,
    publicGid,
    secretMid,
    pinnedMid,
    fileMid,
    publicMid,
    dmMid,
    favoriteId: favorite.id,
    archivePath,
    filePath: file.path,
    botKeyId,
    uploadId,
    botDelivery,
    notifyChannelId: notifyChannel.id,
  };
}

/** Every table of the database (migration bookkeeping aside). */
export async function tableNames(s: TestServer): Promise<string[]> {
  const tables = await s.ctx.db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((name) => !name.startsWith("kysely_"))
    .sort();
}

/**
 * A digest of each table's rows (order-independent), to tell whether a request changed
 * anything. Cheap on the probes' small databases.
 */
export async function stateDigest(s: TestServer, tables: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of tables) {
    const rows = await s.ctx.db.selectFrom(sql.table(table).as("t")).selectAll().execute();
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    out.set(table, createHash("sha256").update(lines.join("\n")).digest("hex"));
  }
  return out;
}

/** The tables whose digests differ. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}
