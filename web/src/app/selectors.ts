import type { RootState } from "./store";
import type { ConvKind } from "./slices/messages";

const EMPTY: number[] = [];

export const selectMe = (s: RootState) => s.authData.user;

export const selectConversationIds = (s: RootState, kind: ConvKind, id: number): number[] => s.messages[kind][id] ?? EMPTY;

/** Messages from others above the read marker (own messages and ids below it are read). */
export function selectUnreadCount(s: RootState, kind: ConvKind, id: number): number {
  const ids = s.messages[kind][id];
  if (!ids?.length) return 0;
  const me = s.authData.user?.uid;
  const read = (kind === "channel" ? s.footprint.readChannels[id] : s.footprint.readUsers[id]) ?? 0;
  let count = 0;
  for (let i = ids.length - 1; i >= 0; i--) {
    const mid = ids[i];
    if (mid <= read) break;
    const m = s.messages.byId[mid];
    if (m && m.from_uid !== me && !m.sending) count++;
  }
  return count;
}

/** A mute entry is in force until its `expired_at` (none: until unmuted). */
export const muteActive = (entry: { expired_at: number | null } | undefined, now = Date.now()): boolean =>
  !!entry && (entry.expired_at === null || entry.expired_at === undefined || entry.expired_at > now);

export function selectMuteEntry(s: RootState, kind: ConvKind, id: number): { expired_at: number | null } | undefined {
  const entry = kind === "channel" ? s.footprint.muteChannels[id] : s.footprint.muteUsers[id];
  return muteActive(entry) ? entry : undefined;
}

export const selectIsMuted = (s: RootState, kind: ConvKind, id: number): boolean => !!selectMuteEntry(s, kind, id);

export function selectIsPinnedChat(s: RootState, kind: ConvKind, id: number): boolean {
  return s.footprint.pinnedChats.some((p) => (kind === "channel" ? "gid" in p.target && p.target.gid === id : "uid" in p.target && p.target.uid === id));
}

export const selectReadMarker = (s: RootState, kind: ConvKind, id: number): number =>
  (kind === "channel" ? s.footprint.readChannels[id] : s.footprint.readUsers[id]) ?? 0;

/** Unread messages (as `selectUnreadCount`) whose `properties.mentions` names me: the "@" badge. */
export function selectMentionCount(s: RootState, kind: ConvKind, id: number): number {
  const ids = s.messages[kind][id];
  const me = s.authData.user?.uid;
  if (!ids?.length || me === undefined) return 0;
  const read = selectReadMarker(s, kind, id);
  let count = 0;
  for (let i = ids.length - 1; i >= 0 && ids[i] > read; i--) {
    const m = s.messages.byId[ids[i]];
    const mentions = m?.properties?.mentions;
    if (m && m.from_uid !== me && Array.isArray(mentions) && mentions.includes(me)) count++;
  }
  return count;
}

/** The newest message of a conversation (what the sidebar previews and sorts by). */
export function selectLastMessage(s: RootState, kind: ConvKind, id: number) {
  const ids = s.messages[kind][id];
  return ids?.length ? s.messages.byId[ids[ids.length - 1]] : undefined;
}

/** A user's name as this user sees it: their private remark for them, else the name. */
export const selectDisplayName = (s: RootState, uid: number): string | undefined => s.footprint.remarks[uid] || s.users.byId[uid]?.name;
