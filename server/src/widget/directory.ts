import type { Uid, UserUpdateLog } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { directoryPolicy } from "../policies/users.js";
import type { UserRow } from "../repos/users.js";

type Viewer = Pick<TokenClaims, "uid" | "is_admin">;
type Listed = Pick<UserRow, "uid" | "create_by" | "widget_id">;

/**
 * `users` as `viewer`'s directory shows them (`directoryPolicy`, docs/API.md "Widget"): widget
 * visitors only for admins, their host and the members they talk with. Asks the database only
 * when some visitor's place depends on a conversation.
 */
export async function listedFor<U extends Listed>(ctx: AppContext, viewer: Viewer, users: readonly U[]): Promise<U[]> {
  const open = users.filter((u) => u.create_by === "widget" && !directoryPolicy.lists(viewer, u, false)).map((u) => u.uid);
  const talks = open.length > 0 ? await ctx.repos.users.dmPartnersAmong(viewer.uid, open) : new Set<Uid>();
  return users.filter((u) => directoryPolicy.lists(viewer, u, talks.has(u.uid)));
}

/** Whether `viewer` finds `user` in its directory (`GET /user/{uid}`, search). */
export async function listsUser(ctx: AppContext, viewer: Viewer, user: Listed): Promise<boolean> {
  return (await listedFor(ctx, viewer, [user])).length === 1;
}

/** Who hears a visitor's directory changes (`users_log`): its host and the admins. */
export async function visitorAudience(ctx: AppContext, visitor: Pick<UserRow, "widget_id">): Promise<Uid[]> {
  const host = Number(visitor.widget_id);
  return [...new Set([...(Number.isSafeInteger(host) && host > 0 ? [host] : []), ...(await ctx.repos.users.adminIds())])];
}

/**
 * Publishes a directory change (`users_log`) of `user`: to every stream, or for a widget visitor
 * only to its host and the admins (the others do not list it).
 */
export function publishUserLog(ctx: AppContext, user: Pick<UserRow, "create_by" | "widget_id">, logs: UserUpdateLog[]): void {
  const event = { type: "users_log", logs } as const;
  if (user.create_by !== "widget") return ctx.bus.publish(event, { kind: "everyone" });
  void visitorAudience(ctx, user).then(
    (uids) => ctx.bus.publish(event, { kind: "users", uids }),
    () => {},
  );
}
