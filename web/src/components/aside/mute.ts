import type { ConvKind } from "../../app/slices/messages";

/** Mute durations in seconds; null = until unmuted. */
export const MUTE_DURATIONS: (number | null)[] = [900, 3_600, 28_800, 86_400, null];

/** The `POST /user/mute` body muting (`seconds`, null = for good) or unmuting (`false`) one conversation. */
export function muteBody(conv: { kind: ConvKind; id: number }, seconds: number | null | false) {
  if (seconds === false) return conv.kind === "channel" ? { remove_groups: [conv.id] } : { remove_users: [conv.id] };
  const expiry = seconds ? { expired_in: seconds } : {};
  return conv.kind === "channel" ? { add_groups: [{ gid: conv.id, ...expiry }] } : { add_users: [{ uid: conv.id, ...expiry }] };
}
