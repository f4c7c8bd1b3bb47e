/**
 * WHAT A RECONNECT STORM READS ONCE. When a node dies or a proxy restarts, thousands of streams
 * open within seconds, and each used to run about a dozen queries; they were most of the
 * storm's CPU (docs/PERFORMANCE.md "Reconnect storm"). What every stream reads alike is now kept
 * per server (`ConnectCache`) between the events that change it: the users version, every group
 * with its members and pins (each stream picks its own), the channel-member setting, and the
 * newest messages (`MessageTail`), from which a resuming stream takes its backlog. What is
 * each user's own is read for all the streams waiting for it in one query (`TurnGather`): the
 * device check, and the settings rows, which are then kept per user (`CachedPerKey`) for the
 * user's other devices (a `user_settings_changed` drops them; a mute that expires meanwhile is
 * listed for at most `CONNECT_CACHE_TTL_MS` more).
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
import { type Gid, type ServerEvent, type Uid, type UserSettings } from "@parley/protocol";
import type { AppContext } from "../../context.js";
import { loadGroupSettings } from "../../commands/groups.js";
import { RedisEventBus } from "../../cluster/redisBus.js";
import type { Delivery } from "../../events/bus.js";
import { deviceKey, devicesAmong } from "../../repos/devices.js";
import type { GroupWithMembers } from "../../repos/groups.js";
import { CachedPerKey, CachedRead } from "./cachedRead.js";
import { emptySettings, settingsOfMany } from "./connectSettings.js";
import { MessageTail } from "./messageTail.js";
import { TurnGather } from "./turnGather.js";

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
  /**
   * `userSettings.settingsOf(uid)`, kept per user (the devices of a user reconnect alike) until a
   * `user_settings_changed` or any event that drops the other reads.
   */
  settings: CachedPerKey<Uid, UserSettings>;
}

const caches = new WeakMap<AppContext, ConnectCache>();

export function connectCache(ctx: AppContext): ConnectCache {
  let cache = caches.get(ctx);
  if (cache) return cache;
  const db = ctx.db;
  const settingsGather = new TurnGather<Uid, UserSettings>(async (uids) => {
    const settings = await settingsOfMany(db, uids, Date.now());
    return (uid) => settings.get(uid) ?? emptySettings();
  });
  const c: ConnectCache = {
    usersVersion: new CachedRead(() => ctx.repos.users.usersVersion()),
    groups: new CachedRead(async () => allGroups(await ctx.repos.groups.all())),
    hideMembers: new CachedRead(async () => (await loadGroupSettings(ctx)).hideMembers),
    tail: new MessageTail(db),
    device: new TurnGather(async (pairs) => {
      const found = await devicesAmong(db, pairs);
      return (p) => found.has(deviceKey(p.uid, p.device));
    }),
    settings: new CachedPerKey((uid) => settingsGather.get(uid)),
  };
  const dropAll = () => {
    c.usersVersion.invalidate();
    c.groups.invalidate();
    c.hideMembers.invalidate();
    c.tail.invalidate();
    c.settings.invalidate();
  };
  // Subscribed before anything is read, so no event after a read is missed.
  ctx.bus.subscribe(({ event }: Delivery) => {
    if (event.type === "chat") c.tail.onChat(event);
    if (event.type === "user_settings_changed") c.settings.invalidate();
    if (KEEPS_DIRECTORY.has(event.type) || harmlessKick(event)) return;
    c.settings.invalidate();
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
