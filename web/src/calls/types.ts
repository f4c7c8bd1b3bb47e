/** What the call engine shows React (engine.ts): the call this tab is in, its tiles, the rooms, a ring. */
import type { CallParticipant, CallRoom, Uid } from "@parley/protocol";

export type CallTarget = { gid: number } | { uid: number };

export interface Tile {
  key: string;
  uid: Uid;
  kind: "camera" | "screen";
  stream: MediaStream | null;
  local: boolean;
  /** The participant's camera is on (a tile without it shows the avatar). */
  video: boolean;
  audio: boolean;
}

export interface ActiveCall {
  room: string;
  target: CallTarget;
  audio: boolean;
  video: boolean;
  screen: boolean;
  participants: CallParticipant[];
  tiles: Tile[];
  /** For a DM: still ringing the peer. */
  ringing: boolean;
}

export interface CallSnapshot {
  rooms: Record<string, CallRoom>;
  active: ActiveCall | null;
  /** A DM call ringing this user. */
  incoming: { room: string; from: Uid; expiresAt: number } | null;
  /** A participant is speaking (their audio level over the threshold). */
  speaking: Record<number, boolean>;
  devices: { audio: MediaDeviceInfo[]; video: MediaDeviceInfo[] };
  selected: { audio: string | null; video: string | null };
  /** Why the last action failed, as an i18n key of `chat:call.error.*`. */
  error: string | null;
  busy: boolean;
}
