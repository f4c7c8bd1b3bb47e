/**
 * Whether the signed-in user may write in a DM, as the server decides it (docs/API.md "Who may
 * write to whom directly"), so the DM view shows the contact prompt instead of a composer whose
 * sends would fail. A block *by the peer* is not known to the client (the server does not reveal
 * it); that send fails with 'Send failed, blocked maybe'.
 */
import type { SystemCommon } from "@parley/protocol";

export type DmGate =
  /** Write away; `blockedByMe` adds the "You blocked …" notice above the composer. */
  | { kind: "open"; blockedByMe: boolean }
  /** `dm_enable` is off and neither side is an admin. */
  | { kind: "dm_disabled" }
  /** Contact verification: the peer is not in my contacts (status ''). */
  | { kind: "not_contact" }
  /** Contact verification: I blocked the peer (blocked is not added), so I cannot write either. */
  | { kind: "blocked" };

export interface DmGateInput {
  me: { uid: number; is_admin: boolean };
  peer: { uid: number; is_admin: boolean };
  /** My contact status for the peer: '', 'added' or 'blocked'. */
  status: string;
  common: Partial<Pick<SystemCommon, "dm_enable" | "contact_verification_enable">> | undefined;
}

export function dmGate({ me, peer, status, common }: DmGateInput): DmGate {
  const blockedByMe = status === "blocked";
  if (me.uid === peer.uid || me.is_admin || peer.is_admin) return { kind: "open", blockedByMe: blockedByMe && me.uid !== peer.uid };
  // Settings not loaded yet (or an older server): VoceChat's defaults, DMs on and no verification.
  if (common?.dm_enable === false) return { kind: "dm_disabled" };
  if (common?.contact_verification_enable && status !== "added") return blockedByMe ? { kind: "blocked" } : { kind: "not_contact" };
  return { kind: "open", blockedByMe };
}
