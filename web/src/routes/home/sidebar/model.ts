/**
 * The conversation list of the sidebar, as pure functions of the store: which DMs are shown, the
 * order (pinned chats first, then by last activity), the one-line preview of the last message.
 */
import type { RootState } from "../../../app/store";
import type { ConvKind } from "../../../app/slices/messages";
export { messageText } from "../../../components/search/text";

export interface ConvRef {
  kind: ConvKind;
  id: number;
}

export const refKey = (r: ConvRef) => `${r.kind}:${r.id}`;
export const parseRefKey = (key: string): ConvRef => {
  const [kind, id] = key.split(":");
  return { kind: kind as ConvKind, id: Number(id) };
};
export const chatPath = (r: ConvRef) => (r.kind === "channel" ? `/chat/channel/${r.id}` : `/chat/dm/${r.id}`);

export interface SidebarSections {
  pinned: string[];
  channels: string[];
  dms: string[];
}

/** The newest mid of a conversation (temporary messages carry their local id, which is newer still). */
const lastMid = (s: RootState, r: ConvRef) => {
  const ids = s.messages[r.kind][r.id];
  return ids?.length ? ids[ids.length - 1] : 0;
};

const nameOf = (s: RootState, r: ConvRef) => (r.kind === "channel" ? s.channels.byId[r.id]?.name : s.footprint.remarks[r.id] || s.users.byId[r.id]?.name) ?? "";

/**
 * The people with a direct conversation: those with messages, a read marker (the server keeps one
 * per conversation read), or a pinned chat — VoceChat lists the DMs with history, not everyone.
 */
export function dmPeers(s: RootState): number[] {
  const me = s.authData.user?.uid;
  const uids = new Set<number>();
  for (const [uid, ids] of Object.entries(s.messages.dm)) if (ids.length) uids.add(Number(uid));
  for (const uid of Object.keys(s.footprint.readUsers)) uids.add(Number(uid));
  for (const p of s.footprint.pinnedChats) if ("uid" in p.target) uids.add(p.target.uid);
  return [...uids].filter((uid) => uid !== me && !!s.users.byId[uid]);
}

/** Newest activity first; conversations without messages after them, by name. */
export function byActivity(s: RootState, refs: ConvRef[]): ConvRef[] {
  const keyed = refs.map((r) => ({ r, mid: lastMid(s, r), name: nameOf(s, r).toLowerCase() }));
  keyed.sort((a, b) => b.mid - a.mid || a.name.localeCompare(b.name) || a.r.id - b.r.id);
  return keyed.map((k) => k.r);
}

/** The three sidebar sections as conversation keys; `filter` narrows by name. */
export function selectSidebarSections(s: RootState, filter = ""): SidebarSections {
  const q = filter.trim().toLowerCase();
  const pinnedKeys = new Set(s.footprint.pinnedChats.map((p) => ("gid" in p.target ? `channel:${p.target.gid}` : `dm:${p.target.uid}`)));
  const channels: ConvRef[] = s.channels.ids.map((id) => ({ kind: "channel", id }));
  const dms: ConvRef[] = s.authData.guest ? [] : dmPeers(s).map((id) => ({ kind: "dm", id }));
  const matches = (r: ConvRef) => !q || nameOf(s, r).toLowerCase().includes(q);
  const all = [...channels, ...dms].filter(matches);
  const exists = (r: ConvRef) => (r.kind === "channel" ? !!s.channels.byId[r.id] : !!s.users.byId[r.id]);
  return {
    pinned: byActivity(s, all.filter((r) => pinnedKeys.has(refKey(r)) && exists(r))).map(refKey),
    channels: byActivity(s, all.filter((r) => r.kind === "channel" && !pinnedKeys.has(refKey(r)))).map(refKey),
    dms: byActivity(s, all.filter((r) => r.kind === "dm" && !pinnedKeys.has(refKey(r)))).map(refKey),
  };
}

export const sameSections = (a: SidebarSections, b: SidebarSections) =>
  (["pinned", "channels", "dms"] as const).every((k) => a[k].length === b[k].length && a[k].every((v, i) => v === b[k][i]));
