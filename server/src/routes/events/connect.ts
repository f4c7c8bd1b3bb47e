import { EVENT_BACKLOG_MAX, type Mid, type ServerEvent } from "@parley/protocol";
import type { TokenClaims } from "../../auth/tokens.js";
import type { AppContext } from "../../context.js";
import { groupViewer } from "../../commands/groups.js";
import { presentGroup } from "../../presenters/groups.js";
import { presentMessage } from "../../presenters/messages.js";
import { presentUserInfo, presentUserLog } from "../../presenters/users.js";

export interface ConnectParams {
  afterMid: Mid | null;
  usersVersion: number | null;
  limit: number | null;
}

/**
 * The connect sequence of contract §5.2, in order: the user directory (snapshot or log diff),
 * presence, related groups, settings, the chat backlog ascending, then `ready`.
 *
 * The backlog has no silent cap: when more than `limit` messages are missing, the newest
 * `limit` are replayed and a Parley `history_gap` event before them names the range that was
 * skipped, so the client pages it in through the history routes.
 */
export async function* connectSequence(ctx: AppContext, claims: TokenClaims, p: ConnectParams): AsyncGenerator<ServerEvent> {
  const { uid } = claims;

  if (p.usersVersion === null) {
    const users = await ctx.repos.users.listMembers();
    if (users.length > 0) {
      yield { type: "users_snapshot", users: users.map(presentUserInfo), version: await ctx.repos.users.usersVersion() };
    }
  } else {
    const logs = await ctx.repos.users.logsAfter(p.usersVersion);
    if (logs.length > 0) yield { type: "users_log", logs: logs.map(presentUserLog) };
  }

  const memberIds = await ctx.repos.users.memberIds();
  yield {
    type: "users_state",
    // With `show_user_online_status` off, presence is not revealed: everyone reads offline.
    users: memberIds.filter((id) => id !== uid).map((id) => ({ uid: id, online: ctx.hub.showsPresence && ctx.hub.isOnline(id) })),
  };

  const groups = await ctx.repos.groups.visibleTo(uid);
  const viewer = await groupViewer(ctx, claims);
  yield { type: "related_groups", groups: groups.map((g) => presentGroup(g, viewer)) };

  yield { type: "user_settings", ...(await ctx.repos.userSettings.settingsOf(uid)) };

  const limit = Math.min(p.limit ?? EVENT_BACKLOG_MAX, EVENT_BACKLOG_MAX);
  const afterMid = p.afterMid ?? 0;
  const gids = groups.map((g) => g.row.gid);
  const newestFirst = await ctx.repos.messages.backlogNewestFirst(uid, gids, afterMid, limit);
  if (newestFirst.length > limit) {
    newestFirst.length = limit;
    const firstMid = newestFirst[newestFirst.length - 1].mid;
    const skipped = await ctx.repos.messages.countBetween(uid, gids, afterMid, firstMid);
    yield { type: "history_gap", after_mid: afterMid, first_mid: firstMid, skipped };
  }
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    yield { type: "chat", ...presentMessage(newestFirst[i]) };
  }

  yield { type: "ready" };
}
