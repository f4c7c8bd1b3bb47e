/**
 * The media of a call, behind one interface: the built-in mesh of peer connections (mesh.ts,
 * docs/CALLS.md) or Agora's service through its Web SDK (agoraMedia.ts, docs/API.md "Calls (addition)",
 * "Calls' media"). The engine (engine.ts) keeps the room, the ring, the local tracks and the
 * tiles either way; a backend only carries the local tracks out and the others' media in.
 *
 * Each backend is its own chunk, loaded when a call starts: the chat route carries neither, and
 * only a call on Agora loads Agora's SDK.
 */
import type { AgoraTokenResponse, CallConfig, CallMediaBackend, CallParticipant, CallSignalKind, Uid } from "@parley/protocol";
import type { LocalTrack } from "./peer";
import type { CallTarget } from "./types";

export interface MediaHooks {
  me: Uid;
  target: CallTarget;
  config: CallConfig;
  /** The local tracks to send now (the microphone unless muted, the camera while on, a shared screen). */
  localTracks(): LocalTrack[];
  /** The id of the local screen stream, if one is shared. */
  localScreenId(): string | null;
  /** Relays a signal to one participant (`POST /call/signal`; the built-in media only). */
  signal(to: Uid, kind: CallSignalKind, data: unknown): Promise<void>;
  /** An Agora RTC token for this call's channel (docs/API.md "Agora"). */
  agoraToken(): Promise<AgoraTokenResponse>;
  /** `uid`'s media changed: its streams now (the engine measures their audio). */
  onChange(uid: Uid, streams: MediaStream[]): void;
}

/** One other participant's media, as the tiles show it. */
export interface RemoteMedia {
  camera: MediaStream | null;
  screen: MediaStream | null;
  /** Whether the camera tile has video to show (else the avatar). */
  cameraVideo: boolean;
}

export interface MediaBackend {
  readonly kind: CallMediaBackend;
  /** Right after joining the room: connects to the participants already there. */
  start(others: Uid[]): Promise<void>;
  /** The others in the room now: the media of those who left is dropped. */
  participants(others: Uid[]): void;
  /** A `call_signal` from `from` (only the built-in media has any). */
  signal(from: Uid, kind: CallSignalKind, data: unknown): void;
  /** The local tracks changed (mute, camera, screen, another device): what is sent follows. */
  sync(): void;
  remote(p: CallParticipant): RemoteMedia;
  /** The peer connections by uid, for the browser tests (`window.__parleyCalls.peers`). */
  connections(): Record<number, RTCPeerConnection>;
  close(): void;
}

/** The backend the server's config names, its chunk loaded now. */
export async function loadBackend(kind: CallMediaBackend, hooks: MediaHooks): Promise<MediaBackend> {
  if (kind === "agora") {
    const { AgoraBackend } = await import("./agoraMedia");
    return new AgoraBackend(hooks);
  }
  const { MeshBackend } = await import("./mesh");
  return new MeshBackend(hooks);
}
