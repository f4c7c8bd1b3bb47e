/** Where messages can be forwarded: the channels the viewer is in and the other users. */
import type { Group } from "@parley/protocol";
import { convKey, type ConvKind } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";

export interface ForwardTarget {
  /** `convKey(kind, id)`. */
  key: string;
  kind: ConvKind;
  id: number;
  name: string;
  /** A secondary line: the channel's description, the user's e-mail. */
  detail?: string;
  isPublic?: boolean;
  avatarUpdatedAt: number;
  online?: boolean;
  /** Why it cannot be picked (an i18n key of the chat namespace). */
  disabled?: string;
}

interface Viewer {
  me?: number;
  isAdmin?: boolean;
}

const byName = (a: ForwardTarget, b: ForwardTarget) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.id - b.id;

export function buildTargets(channels: Group[], users: StoredUser[], { me, isAdmin }: Viewer): ForwardTarget[] {
  const chans = channels.map<ForwardTarget>((g) => ({
    key: convKey("channel", g.gid),
    kind: "channel",
    id: g.gid,
    name: g.name,
    detail: g.description ?? undefined,
    isPublic: g.is_public,
    avatarUpdatedAt: g.avatar_updated_at,
    // The server refuses others' messages there (403 'only Channel owner can send message!').
    disabled: g.only_owner_can_send_msg && !isAdmin && g.owner !== me ? "channel.only_owner" : undefined,
  }));
  const people = users
    .filter((u) => u.uid !== me && u.create_by !== "guest")
    .map<ForwardTarget>((u) => ({
      key: convKey("dm", u.uid),
      kind: "dm",
      id: u.uid,
      name: u.name,
      detail: u.email ?? undefined,
      avatarUpdatedAt: u.avatar_updated_at,
      online: u.online,
    }));
  return [...chans.sort(byName), ...people.sort(byName)];
}

/** Case-insensitive match on the name (and a user's e-mail); names starting with the query first. */
export function filterTargets(targets: ForwardTarget[], query: string): ForwardTarget[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return targets;
  const hits = targets.filter((t) => t.name.toLocaleLowerCase().includes(q) || (t.kind === "dm" && !!t.detail?.toLocaleLowerCase().includes(q)));
  // Channels stay before people; within each, names starting with the query first (the sort is stable).
  const rank = (t: ForwardTarget) => (t.kind === "channel" ? 0 : 2) + (t.name.toLocaleLowerCase().startsWith(q) ? 0 : 1);
  return hits.sort((a, b) => rank(a) - rank(b));
}
