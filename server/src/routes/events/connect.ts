import { EVENT_BACKLOG_MAX, type EventOf, type Mid, type ServerEvent, type Uid } from "@parley/protocol";
import type { TokenClaims } from "../../auth/tokens.js";
import type { AppContext } from "../../context.js";
import { groupViewer } from "../../commands/groups.js";
import { presentGroup } from "../../presenters/groups.js";
import { presentMessage } from "../../presenters/messages.js";
import { presentUserInfo, presentUserLog } from "../../presenters/users.js";

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
async function usersSnapshot(ctx: AppContext): Promise<UsersSnapshot> {
  const version = await ctx.repos.users.usersVersion();
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

  const snapshot = await usersSnapshot(ctx);
  if (p.usersVersion === null) {
    if (snapshot.memberIds.length > 0) yield { event: snapshot.event, shared: true };
  } else {
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

  const groups = await ctx.repos.groups.visibleTo(uid);
  const viewer = await groupViewer(ctx, claims);
  yield { event: { type: "related_groups", groups: groups.map((g) => presentGroup(g, viewer)) } };

  yield { event: { type: "user_settings", ...(await ctx.repos.userSettings.settingsOf(uid)) } };

  const limit = Math.min(p.limit ?? EVENT_BACKLOG_MAX, EVENT_BACKLOG_MAX);
  const afterMid = p.afterMid ?? 0;
  const gids = groups.map((g) => g.row.gid);
  // Chats that committed out of mid order and may have been missed below `after_mid` (events/hub.ts).
  const late = afterMid > 0 ? await ctx.repos.messages.visibleAmong(uid, gids, ctx.hub.lateChats.missedBy(afterMid)) : [];
  for (const row of late) yield { event: { type: "chat", ...presentMessage(row) } };
  const newestFirst = await ctx.repos.messages.backlogNewestFirst(uid, gids, afterMid, limit);
  if (newestFirst.length > limit) {
    newestFirst.length = limit;
    const firstMid = newestFirst[newestFirst.length - 1].mid;
    const skipped = await ctx.repos.messages.countBetween(uid, gids, afterMid, firstMid);
    yield { event: { type: "history_gap", after_mid: afterMid, first_mid: firstMid, skipped } };
  }
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    yield { event: { type: "chat", ...presentMessage(newestFirst[i]) } };
  }

  yield { event: { type: "ready" } };
}
