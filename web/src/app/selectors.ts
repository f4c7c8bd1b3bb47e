import type { RootState } from "./store";
import type { ConvKind } from "./slices/messages";

const EMPTY: number[] = [];

export const selectMe = (s: RootState) => s.authData.user;

export const selectConversationIds = (s: RootState, kind: ConvKind, id: number): number[] => s.messages[kind][id] ?? EMPTY;

/** Messages from others above the read marker (spec §4: own messages and ids below it are read). */
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
