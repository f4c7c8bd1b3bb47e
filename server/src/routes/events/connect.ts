import { EVENT_BACKLOG_MAX, type EventOf, type Gid, type Group, type Mid, type ServerEvent, type Uid, type UserSettings } from "@parley/protocol";
import type { TokenClaims } from "../../auth/tokens.js";
import type { AppContext } from "../../context.js";
import { sql } from "kysely";
import type { Db } from "../../db/index.js";
import { precompile, type Precompiled } from "../../db/precompiled.js";
import { loadGroupSettings } from "../../commands/groups.js";
import { presentGroup, type GroupViewer } from "../../presenters/groups.js";
import { presentMessage } from "../../presenters/messages.js";
import { presentUserInfo, presentUserLog } from "../../presenters/users.js";
import { RedisEventBus } from "../../cluster/redisBus.js";
import type { Delivery } from "../../events/bus.js";
import { deviceKey, devicesAmong, paddedInList } from "../../repos/devices.js";
import type { GroupWithMembers } from "../../repos/groups.js";
import type { MessageRow } from "../../repos/messages.js";
import { chatTarget } from "../../repos/userSettings.js";

/** One frame of the sequence; `shared`: the same event object goes to every stream (cached). */
export interface InitialEvent {
  event: ServerEvent;
  shared?: boolean;
}

/** The user directory at one users version, and the member ids it lists. */
interface UsersSnapshot {
  version: number;
  event: EventOf<"users_snapshot">;
  memberIds: Uid[];
}

/** Per server (tests run several in one process): the latest snapshot built. */
const snapshots = new WeakMap<AppContext, UsersSnapshot>();

/**
 * The user directory, built once per users version. Every stream that opens without a users
 * version gets the same list (a reconnect storm is thousands of streams asking at once), so it
 * is read, presented, serialized and encoded once (`writeInitial(…, {shared})`) instead of once
 * per stream. The version is read before the list: the list is at least as new as its label,
 * so a client that later resumes from that version never misses a change.
 */
async function usersSnapshot(ctx: AppContext, version: number): Promise<UsersSnapshot> {
  const cached = snapshots.get(ctx);
  if (cached && cached.version >= version) return cached;
  const users = await ctx.repos.users.listMembers();
  const snapshot: UsersSnapshot = {
    version,
    event: { type: "users_snapshot", users: users.map(presentUserInfo), version },
    memberIds: users.map((u) => u.uid),
  };
  const latest = snapshots.get(ctx);
  if (!latest || latest.version < version) snapshots.set(ctx, snapshot);
  return snapshot;
}

/**
 * WHAT A RECONNECT STORM READS ONCE. When a node dies or a proxy restarts, thousands of streams
 * open within seconds, and each used to run about a dozen queries; they were most of the
 * storm's CPU (docs/PERFORMANCE.md "Reconnect storm"). What every stream reads alike is now kept
 * per server (`ConnectCache`) between the events that change it: the users version, every group
 * with its members and pins (each stream picks its own), the channel-member setting, and the
 * newest messages (`MessageTail`), from which a resuming stream takes its backlog. What is
 * each user's own (the device check, the settings rows) is read for all the streams waiting for
 * it in one query (`TurnGather`).
 *
 * WHY IT IS NEVER STALE. A stream subscribes to the hub before its sequence reads anything
 * (`serveEventStream`). A cached read stays valid until an event on the bus says its data
 * changed, and that event comes after the change committed: a change committed before the read
 * started is in it, and one committed after it is announced later, which drops the cache (the
 * next stream reads again) and reaches every stream already subscribed live. A read that was
 * under way when such an event came is used by the streams that were waiting for it (they hear
 * the event live) but not kept. Every node hears every event (docs/CLUSTER.md), so a change made
 * on one node drops the caches of all of them; a node whose Redis subscription broke may have
 * missed some, so it drops everything then and when it is back.
 *
 * Two kinds of change come without an event: one whose node died between its commit and its
 * publish, and the command-line tools' writes (`npm run admin` on a node without Redis). So a
 * cached read is also used for at most `CONNECT_CACHE_TTL_MS`: a storm reads each of these a
 * few times instead of thousands, and such a change reaches new streams within that time.
 */
export const CONNECT_CACHE_TTL_MS = 2_000;

/** Events that change none of the cached reads (all others drop them: an unknown type too). */
const KEEPS_DIRECTORY: ReadonlySet<ServerEvent["type"]> = new Set([
  "chat",
  "typing",
  "user_settings_changed",
  "user_remark",
  "user_calling",
  "users_state_changed",
  "heartbeat",
]);

/**
 * Events after which the messages kept in `MessageTail` are still all there (chats are handled
 * there). Not `users_log`: an account deletion removes the channels it owned, messages included.
 */
const KEEPS_MESSAGES: ReadonlySet<ServerEvent["type"]> = new Set([
  ...KEEPS_DIRECTORY,
  "joined_group",
  "user_joined_group",
  "user_leaved_group",
  "group_changed",
  "pinned_message_updated",
  "group_announcement_changed",
  "server_config_changed",
]);

/** A kick that ends a stream or a session changes no cached read; a deleted or frozen account does. */
const harmlessKick = (event: ServerEvent): boolean =>
  event.type === "kick" && (event.reason === "login_from_other_device" || event.reason === "logout" || event.reason === "delete_device");

/**
 * One value read for every stream, kept until `invalidate()` (an event changed it) or for
 * `ttlMs`. Concurrent streams share the read under way; a read during which the value was
 * invalidated answers its waiters but is not kept (see "WHY IT IS NEVER STALE" above).
 */
export class CachedRead<V> {
  private value: { v: V; at: number } | null = null;
  private loading: Promise<V> | null = null;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<V>,
    private readonly ttlMs = CONNECT_CACHE_TTL_MS,
  ) {}

  invalidate(): void {
    this.generation++;
    this.value = null;
    this.loading = null;
  }

  get(): Promise<V> {
    if (this.value && Date.now() - this.value.at < this.ttlMs) return Promise.resolve(this.value.v);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const at = Date.now();
    const loading = this.load().then(
      (v) => {
        if (this.generation === generation) {
          this.value = { v, at };
          this.loading = null;
        }
        return v;
      },
      (err: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }
}

/** How many of the newest messages `MessageTail` keeps. */
export const MESSAGE_TAIL_SIZE = 1_000;

/** A message kept by `MessageTail`, with its `chat` event (one object for every stream, so its frame is encoded once). */
const chatEvents = new WeakMap<MessageRow, EventOf<"chat">>();

function chatEventOf(row: MessageRow): EventOf<"chat"> {
  let event = chatEvents.get(row);
  if (!event) chatEvents.set(row, (event = { type: "chat", ...presentMessage(row) }));
  return event;
}

/** The newest messages as one read (and the reads since) found them: every message with a mid above `floor`. */
export interface TailView {
  /** Ascending by mid. */
  rows: readonly MessageRow[];
  floor: Mid;
}

/**
 * The newest `MESSAGE_TAIL_SIZE` messages of the server (every channel and direct conversation),
 * for the backlog of streams that resume with a recent `after_mid`: in a storm they all missed
 * the same recent messages, and each takes its own from one read instead of a query of its own.
 *
 * It is the database as read, kept current from the bus: each `chat` event makes the next
 * stream read the messages from that mid up again (a short read; commits finish out of mid
 * order, so it is the mid of the event, not the newest kept), a deleted message (a `delete`
 * reaction) and the events that remove messages (a channel deleted or cleared, an account
 * deleted) drop it all, and it is read whole again after `CONNECT_CACHE_TTL_MS`.
 */
export class MessageTail {
  private rows: MessageRow[] = [];
  private floor: Mid = Infinity;
  private loadedAt = 0;
  /** The messages above this mid are to be read again (a chat event came); null when none is. */
  private stale: Mid | null = null;
  /** Chat events heard, and how many of them the rows reflect. */
  private heard = 0;
  private covered = 0;
  private generation = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly size = MESSAGE_TAIL_SIZE,
    private readonly ttlMs = CONNECT_CACHE_TTL_MS,
  ) {}

  /** A `chat` event was heard: a new message, or a reaction (a `delete` removed its message). */
  onChat(event: EventOf<"chat">): void {
    if (event.detail.type === "reaction" && event.detail.detail.type === "delete") {
      this.invalidate();
      return;
    }
    this.heard++;
    this.stale = Math.min(this.stale ?? Infinity, event.mid - 1);
  }

  invalidate(): void {
    this.generation++;
    this.rows = [];
    this.floor = Infinity;
    this.stale = null;
    this.covered = this.heard;
    this.loading = null;
  }

  /** The tail with every message whose event was heard before this call. */
  async view(): Promise<TailView> {
    const need = this.heard;
    for (let attempt = 0; ; attempt++) {
      // Chats heard after this call may be missing: the caller's stream hears them live.
      if (this.floor !== Infinity && this.covered >= need && Date.now() - this.loadedAt < this.ttlMs) {
        return { rows: this.rows, floor: this.floor };
      }
      // A steady run of deletes could keep dropping it: the caller then reads on its own.
      if (attempt >= 4) throw new TailUnavailable();
      await (this.loading ??= this.refresh());
    }
  }

  private async refresh(): Promise<void> {
    const generation = this.generation;
    const heard = this.heard;
    const stale = this.stale;
    const whole = this.floor === Infinity || Date.now() - this.loadedAt >= this.ttlMs || (stale !== null && stale < this.floor);
    const startedAt = Date.now();
    this.stale = null;
    try {
      let query = this.db.selectFrom("messages").selectAll();
      if (!whole && stale !== null) query = query.where("mid", ">", stale);
      const newest = await query.orderBy("mid", "desc").limit(this.size).execute();
      if (this.generation !== generation) return;
      newest.reverse();
      if (whole || stale === null) {
        this.rows = newest;
        this.floor = newest.length < this.size ? 0 : newest[0].mid - 1;
        this.loadedAt = startedAt;
      } else if (newest.length === this.size) {
        // More new messages than it keeps: these are the newest ones.
        this.rows = newest;
        this.floor = newest[0].mid - 1;
      } else {
        const kept = this.rows.filter((r) => r.mid <= stale);
        const rows = kept.concat(newest);
        const drop = rows.length - this.size;
        if (drop > 0) {
          this.floor = rows[drop - 1].mid;
          rows.splice(0, drop);
        }
        this.rows = rows;
      }
      this.covered = heard;
    } catch (err) {
      if (this.generation === generation) this.invalidate();
      throw err;
    } finally {
      if (this.generation === generation) this.loading = null;
    }
  }
}

class TailUnavailable extends Error {}

/**
 * `MessagesRepo.backlogNewestFirst` from the tail, or null when the tail does not hold the
 * whole range after `afterMid`: the same predicate over the same rows.
 */
export function backlogFromTail(tail: TailView, uid: Uid, gids: ReadonlySet<Gid>, afterMid: Mid, limit: number): MessageRow[] | null {
  if (afterMid < tail.floor) return null;
  const newestFirst: MessageRow[] = [];
  for (let i = tail.rows.length - 1; i >= 0; i--) {
    const row = tail.rows[i];
    if (row.mid <= afterMid) break;
    if ((row.target_gid !== null && gids.has(row.target_gid)) || row.dm_low === uid || row.dm_high === uid) {
      newestFirst.push(row);
      if (newestFirst.length > limit) break;
    }
  }
  return newestFirst;
}

/**
 * A read that each stream needs for its own key (its user, its device), made for all the keys
 * asked while the previous one ran, or in the same event-loop turn, in one query: on PostgreSQL,
 * where a query waits for its answer, the streams of a storm queue behind one read at a time
 * instead of one read each.
 */
export class TurnGather<K, V> {
  private waiting: { key: K; resolve: (value: V) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  private running = false;

  /** `load(keys)` reads for at most `maxBatch` keys (bounded by the parameters of one statement) and resolves a function answering each. */
  constructor(
    private readonly load: (keys: K[]) => Promise<(key: K) => V>,
    private readonly maxBatch = 500,
  ) {}

  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.run();
    });
  }

  private run(): void {
    const part = this.waiting.splice(0, this.maxBatch);
    this.running = true;
    this.load(part.map((w) => w.key))
      .then(
        (answer) => {
          for (const w of part) {
            try {
              w.resolve(answer(w.key));
            } catch (err) {
              w.reject(err);
            }
          }
        },
        (err: unknown) => {
          for (const w of part) w.reject(err);
        },
      )
      .finally(() => {
        this.running = false;
        this.schedule();
      });
  }
}

/** Every group with members and pins, and each user's share of them (`groups.visibleTo`). */
interface AllGroups {
  of(uid: Uid): readonly GroupWithMembers[];
}

function allGroups(groups: GroupWithMembers[]): AllGroups {
  const publicOnly = groups.filter((g) => g.row.is_public === 1);
  const members = new Map<Gid, Set<Uid>>();
  for (const g of groups) if (g.row.is_public !== 1) members.set(g.row.gid, new Set(g.members));
  return {
    // A user in no private channel gets the same array as all the others: its event is shared.
    of: (uid) => {
      const mine = groups.filter((g) => g.row.is_public === 1 || members.get(g.row.gid)?.has(uid) === true);
      return mine.length === publicOnly.length ? publicOnly : mine;
    },
  };
}

/** What the connect sequence of one server keeps and gathers (see "WHAT A RECONNECT STORM READS ONCE"). */
export interface ConnectCache {
  usersVersion: CachedRead<number>;
  groups: CachedRead<AllGroups>;
  /** `only_admin_can_see_channel_members` (`loadGroupSettings`), for the viewer of `related_groups`. */
  hideMembers: CachedRead<boolean>;
  tail: MessageTail;
  /** Whether (uid, device) has a session (a logged-out or deleted device has none). */
  device: TurnGather<{ uid: Uid; device: string }, boolean>;
  /** `userSettings.settingsOf(uid)`. */
  settings: TurnGather<Uid, UserSettings>;
}

const caches = new WeakMap<AppContext, ConnectCache>();

export function connectCache(ctx: AppContext): ConnectCache {
  let cache = caches.get(ctx);
  if (cache) return cache;
  const db = ctx.db;
  const c: ConnectCache = {
    usersVersion: new CachedRead(() => ctx.repos.users.usersVersion()),
    groups: new CachedRead(async () => allGroups(await ctx.repos.groups.all())),
    hideMembers: new CachedRead(async () => (await loadGroupSettings(ctx)).hideMembers),
    tail: new MessageTail(db),
    device: new TurnGather(async (pairs) => {
      const found = await devicesAmong(db, pairs);
      return (p) => found.has(deviceKey(p.uid, p.device));
    }),
    settings: new TurnGather(async (uids) => {
      const settings = await settingsOfMany(db, uids, Date.now());
      return (uid) => settings.get(uid) ?? emptySettings();
    }),
  };
  const dropAll = () => {
    c.usersVersion.invalidate();
    c.groups.invalidate();
    c.hideMembers.invalidate();
    c.tail.invalidate();
  };
  // Subscribed before anything is read, so no event after a read is missed.
  ctx.bus.subscribe(({ event }: Delivery) => {
    if (event.type === "chat") c.tail.onChat(event);
    if (KEEPS_DIRECTORY.has(event.type) || harmlessKick(event)) return;
    c.usersVersion.invalidate();
    c.groups.invalidate();
    c.hideMembers.invalidate();
    if (!KEEPS_MESSAGES.has(event.type)) c.tail.invalidate();
  });
  if (ctx.bus instanceof RedisEventBus) {
    ctx.bus.onInterrupted(dropAll);
    ctx.bus.onResubscribed(dropAll);
  }
  caches.set(ctx, (cache = c));
  return cache;
}

const emptySettings = (): UserSettings => ({
  mute_users: [],
  mute_groups: [],
  read_index_users: [],
  read_index_groups: [],
  burn_after_reading_users: [],
  burn_after_reading_groups: [],
  pinned_chats: [],
});

/** A row of the four settings tables as one statement reads them: `t` names the table. */
interface SettingsRow {
  uid: Uid;
  t: string;
  kind: string;
  target_id: number;
  v: number | null;
}

/**
 * The four settings tables of `uids` in one statement (a UNION ALL; `settingsOf` runs four).
 * For one user, the usual case outside a storm, it is compiled once per database.
 */
function settingsStatement(db: Db, uids: readonly Uid[], now: number) {
  const mine = uids.length === 1 ? sql<boolean>`uid = ${uids[0]}` : sql<boolean>`uid in (${sql.join(uids)})`;
  return db
    .selectFrom("user_mutes")
    .select(["uid", sql.lit("m").as("t"), "kind", "target_id", sql<number | null>`expired_at`.as("v")])
    .where(mine)
    .where((eb) => eb.or([eb("expired_at", "is", null), eb("expired_at", ">", now)]))
    .unionAll(db.selectFrom("user_read_indexes").select(["uid", sql.lit("r").as("t"), "kind", "target_id", sql<number | null>`mid`.as("v")]).where(mine))
    .unionAll(db.selectFrom("user_burn_after_reading").select(["uid", sql.lit("b").as("t"), "kind", "target_id", sql<number | null>`expires_in`.as("v")]).where(mine))
    .unionAll(db.selectFrom("user_pinned_chats").select(["uid", sql.lit("p").as("t"), "kind", "target_id", sql<number | null>`updated_at`.as("v")]).where(mine));
}

const oneUserSettings = new WeakMap<Db, Precompiled<SettingsRow>>();

async function settingsRows(db: Db, uids: readonly Uid[], now: number): Promise<SettingsRow[]> {
  if (uids.length !== 1) return settingsStatement(db, uids, now).execute();
  let q = oneUserSettings.get(db);
  if (!q) {
    const sample = settingsStatement(db, [0], 0);
    // Parameters in order: the user and `now` for the mutes, then the user for each other table.
    if (sample.compile().parameters.length !== 5) throw new Error("settings statement: unexpected parameters");
    oneUserSettings.set(db, (q = precompile<SettingsRow>(sample)));
  }
  return (await q.run(db, [uids[0], now, uids[0], uids[0], uids[0]])).rows;
}

const byKindThenTarget = (a: SettingsRow, b: SettingsRow) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.target_id - b.target_id);
const byTarget = (a: SettingsRow, b: SettingsRow) => a.target_id - b.target_id;
const byValueThenTarget = (a: SettingsRow, b: SettingsRow) => Number(a.v) - Number(b.v) || a.target_id - b.target_id;

/** One user's rows as `settingsOf` orders and presents them. */
function settingsFrom(rows: SettingsRow[]): UserSettings {
  const s = emptySettings();
  const of = (t: string, order: (a: SettingsRow, b: SettingsRow) => number) => rows.filter((r) => r.t === t).sort(order);
  for (const m of of("m", byKindThenTarget)) {
    const expired_at = m.v === null ? null : Number(m.v);
    if (m.kind === "user") s.mute_users.push({ uid: m.target_id, expired_at });
    else if (m.kind === "group") s.mute_groups.push({ gid: m.target_id, expired_at });
  }
  for (const r of of("r", byTarget)) {
    if (r.kind === "user") s.read_index_users.push({ uid: r.target_id, mid: Number(r.v) });
    else if (r.kind === "group") s.read_index_groups.push({ gid: r.target_id, mid: Number(r.v) });
  }
  for (const b of of("b", byTarget)) {
    if (b.kind === "user") s.burn_after_reading_users.push({ uid: b.target_id, expires_in: Number(b.v) });
    else if (b.kind === "group") s.burn_after_reading_groups.push({ gid: b.target_id, expires_in: Number(b.v) });
  }
  for (const p of of("p", byValueThenTarget)) s.pinned_chats.push({ target: chatTarget(p.kind, p.target_id), updated_at: Number(p.v) });
  return s;
}

/**
 * `UserSettingsRepo.settingsOf(uid, now)` for each of `uids`, in one statement: the same entries
 * in the same order (connect.test.ts compares the two).
 */
export async function settingsOfMany(db: Db, uids: readonly Uid[], now: number): Promise<Map<Uid, UserSettings>> {
  const unique = [...new Set(uids)];
  const out = new Map<Uid, UserSettings>();
  if (unique.length === 0) return out;
  const byUser = new Map<Uid, SettingsRow[]>(unique.map((uid) => [uid, []]));
  for (const row of await settingsRows(db, unique.length === 1 ? unique : paddedInList(unique), now)) byUser.get(row.uid)?.push(row);
  for (const [uid, rows] of byUser) out.set(uid, settingsFrom(rows));
  return out;
}

/** Marks promises as handled: a sequence that ends early (the stream closed) leaves some unawaited. */
function handled(...promises: Promise<unknown>[]): void {
  for (const p of promises) p.catch(() => {});
}

/** A public group is presented the same to everyone: once per group object read. */
const presentedPublic = new WeakMap<GroupWithMembers, Group>();
/** `related_groups` for everyone who sees exactly the public groups of one read: one event, encoded once. */
const publicOnlyEvents = new WeakMap<readonly GroupWithMembers[], EventOf<"related_groups">>();

function present(group: GroupWithMembers, viewer: GroupViewer): Group {
  if (group.row.is_public !== 1) return presentGroup(group, viewer);
  let g = presentedPublic.get(group);
  if (!g) presentedPublic.set(group, (g = presentGroup(group, viewer)));
  return g;
}

function relatedGroups(groups: readonly GroupWithMembers[], viewer: GroupViewer): InitialEvent {
  if (!groups.every((g) => g.row.is_public === 1)) return { event: { type: "related_groups", groups: groups.map((g) => present(g, viewer)) } };
  let event = publicOnlyEvents.get(groups);
  if (!event) publicOnlyEvents.set(groups, (event = { type: "related_groups", groups: groups.map((g) => present(g, viewer)) }));
  return { event, shared: true };
}

export interface ConnectParams {
  afterMid: Mid | null;
  usersVersion: number | null;
  limit: number | null;
}

/**
 * The connect sequence (docs/API.md "Connect sequence"), in order: the user directory (snapshot or
 * log diff), presence, related groups, settings, the chat backlog ascending, then `ready`.
 *
 * The backlog has no silent cap: when more than `limit` messages are missing, the newest
 * `limit` are replayed and a Parley `history_gap` event before them names the range that was
 * skipped, so the client pages it in through the history routes.
 */
export async function* connectSequence(ctx: AppContext, claims: TokenClaims, p: ConnectParams): AsyncGenerator<InitialEvent> {
  const { uid } = claims;
  const cache = connectCache(ctx);
  const afterMid = p.afterMid ?? 0;
  // Everything the sequence reads is asked for at once, then written in the contract's order.
  const versionP = cache.usersVersion.get();
  const groupsP = cache.groups.get();
  const hideMembersP = cache.hideMembers.get();
  const settingsP = cache.settings.get(uid);
  const tailP = afterMid > 0 ? cache.tail.view() : null;
  handled(versionP, groupsP, hideMembersP, settingsP, ...(tailP ? [tailP] : []));

  const snapshot = await usersSnapshot(ctx, await versionP);
  if (p.usersVersion === null) {
    if (snapshot.memberIds.length > 0) yield { event: snapshot.event, shared: true };
  } else if (p.usersVersion < snapshot.version) {
    // At or past the version just read there is nothing to send: a later change is published
    // after that read, and this stream (subscribed before it) hears it live.
    const logs = await ctx.repos.users.logsAfter(p.usersVersion);
    if (logs.length > 0) yield { event: { type: "users_log", logs: logs.map(presentUserLog) } };
  }

  const memberIds = snapshot.memberIds;
  yield {
    event: {
      type: "users_state",
    // With `show_user_online_status` off, presence is not revealed: everyone reads offline.
      users: memberIds.filter((id) => id !== uid).map((id) => ({ uid: id, online: ctx.hub.showsPresence && ctx.hub.isOnline(id) })),
    },
  };

  const groups = (await groupsP).of(uid);
  const viewer: GroupViewer = { uid, is_admin: claims.is_admin, hideMembers: await hideMembersP };
  yield relatedGroups(groups, viewer);

  yield { event: { type: "user_settings", ...(await settingsP) } };

  const limit = Math.min(p.limit ?? EVENT_BACKLOG_MAX, EVENT_BACKLOG_MAX);
  const gids = groups.map((g) => g.row.gid);
  // Chats that committed out of mid order and may have been missed below `after_mid` (events/hub.ts).
  const missed = afterMid > 0 ? ctx.hub.lateChats.missedBy(afterMid) : [];
  const late = missed.length > 0 ? await ctx.repos.messages.visibleAmong(uid, gids, missed) : [];
  for (const row of late) yield { event: { type: "chat", ...presentMessage(row) } };
  const tail = tailP ? await tailP.catch((err: unknown) => (err instanceof TailUnavailable ? null : Promise.reject(err))) : null;
  const fromTail = tail ? backlogFromTail(tail, uid, new Set(gids), afterMid, limit) : null;
  const newestFirst = fromTail ?? (await ctx.repos.messages.backlogNewestFirst(uid, gids, afterMid, limit));
  if (newestFirst.length > limit) {
    newestFirst.length = limit;
    const firstMid = newestFirst[newestFirst.length - 1].mid;
    const skipped = await ctx.repos.messages.countBetween(uid, gids, afterMid, firstMid);
    yield { event: { type: "history_gap", after_mid: afterMid, first_mid: firstMid, skipped } };
  }
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    // Rows of the tail are kept, and so is their event: its frame is encoded once for all streams.
    yield fromTail ? { event: chatEventOf(newestFirst[i]), shared: true } : { event: { type: "chat", ...presentMessage(newestFirst[i]) } };
  }

  yield { event: { type: "ready" } };
}
