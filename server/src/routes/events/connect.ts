import { EVENT_BACKLOG_MAX, type EventOf, type Group, type Mid, type ServerEvent, type Uid, type UserSettings } from "@parley/protocol";
import type { TokenClaims } from "../../auth/tokens.js";
import type { AppContext } from "../../context.js";
import { presentGroup, type GroupViewer } from "../../presenters/groups.js";
import { presentMessage } from "../../presenters/messages.js";
import { presentUserInfo, presentUserLog } from "../../presenters/users.js";
import type { GroupWithMembers } from "../../repos/groups.js";
import type { UserRow } from "../../repos/users.js";
import { listedFor } from "../../widget/directory.js";
import { connectCache } from "./connectCache.js";
import { backlogFromTail, replayedRun, TailUnavailable, type ReplayedRun } from "./messageTail.js";

/**
 * One frame of the sequence; `shared`: the same event object goes to every stream (cached). Or
 * a run of replayed chats encoded once for every stream that replays it.
 */
export type InitialEvent = { event: ServerEvent; shared?: boolean } | { frame: string } | { replayed: ReplayedRun };

/**
 * The `users_state` frame for `uid`: every member but `uid`, online or not. Written as text
 * (the same bytes as `frameOf`) instead of an object per member serialized: in a storm it is
 * the one frame of the sequence each stream has of its own, thousands of times.
 */
export function usersStateFrame(memberIds: readonly Uid[], uid: Uid, online: (id: Uid) => boolean): string {
  let users = "";
  for (const id of memberIds) {
    if (id === uid) continue;
    users += `${users === "" ? "" : ","}{"uid":${id},"online":${online(id)}}`;
  }
  return `data: {"type":"users_state","users":[${users}]}\n\n`;
}

/**
 * The user directory at one users version, and the member ids it lists. Widget visitors are
 * kept apart: each viewer's directory adds only those it may see (docs/API.md "Widget").
 */
interface UsersSnapshot {
  version: number;
  /** The directory without visitors (what most streams get, shared). */
  event: EventOf<"users_snapshot">;
  memberIds: Uid[];
  visitors: UserRow[];
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
  const all = await ctx.repos.users.listMembers();
  const users = all.filter((u) => u.create_by !== "widget");
  const snapshot: UsersSnapshot = {
    version,
    event: { type: "users_snapshot", users: users.map(presentUserInfo), version },
    memberIds: users.map((u) => u.uid),
    visitors: all.filter((u) => u.create_by === "widget"),
  };
  const latest = snapshots.get(ctx);
  if (!latest || latest.version < version) snapshots.set(ctx, snapshot);
  return snapshot;
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

/** A user's settings as read once for all their streams (`ConnectCache.settings`): one event, encoded once. */
const settingsEvents = new WeakMap<UserSettings, EventOf<"user_settings">>();

function settingsEvent(settings: UserSettings): EventOf<"user_settings"> {
  let event = settingsEvents.get(settings);
  if (!event) settingsEvents.set(settings, (event = { type: "user_settings", ...settings }));
  return event;
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
  const visitors = snapshot.visitors.length > 0 ? await listedFor(ctx, claims, snapshot.visitors) : [];
  if (p.usersVersion === null) {
    if (visitors.length > 0) {
      const users = [...snapshot.event.users, ...visitors.map(presentUserInfo)].sort((a, b) => a.uid - b.uid);
      yield { event: { ...snapshot.event, users } };
    } else if (snapshot.memberIds.length > 0) yield { event: snapshot.event, shared: true };
  } else if (p.usersVersion < snapshot.version) {
    // At or past the version just read there is nothing to send: a later change is published
    // after that read, and this stream (subscribed before it) hears it live.
    const seen = new Set(visitors.map((v) => v.uid));
    const hidden = new Set(snapshot.visitors.filter((v) => !seen.has(v.uid)).map((v) => v.uid));
    const logs = (await ctx.repos.users.logsAfter(p.usersVersion)).filter((l) => !hidden.has(l.uid));
    if (logs.length > 0) yield { event: { type: "users_log", logs: logs.map(presentUserLog) } };
  }

  const memberIds = visitors.length > 0 ? [...snapshot.memberIds, ...visitors.map((v) => v.uid)] : snapshot.memberIds;
  // With `show_user_online_status` off, presence is not revealed: everyone reads offline.
  const hub = ctx.hub;
  yield { frame: usersStateFrame(memberIds, uid, (id) => hub.showsPresence && hub.isOnline(id)) };

  const groups = (await groupsP).of(uid);
  const viewer: GroupViewer = { uid, is_admin: claims.is_admin, hideMembers: await hideMembersP };
  yield relatedGroups(groups, viewer);

  yield { event: settingsEvent(await settingsP), shared: true };

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
  if (fromTail && tail) {
    // Rows of the tail are kept: the streams replaying the same ones share their encoded frames.
    if (newestFirst.length > 0) yield { replayed: replayedRun(tail, newestFirst) };
  } else {
    for (let i = newestFirst.length - 1; i >= 0; i--) yield { event: { type: "chat", ...presentMessage(newestFirst[i]) } };
  }

  yield { event: { type: "ready" } };
}
