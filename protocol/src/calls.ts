import type { Gid, Millis, Uid } from "./common.js";

/**
 * Parley's built-in calls (docs/API.md "Calls (addition)", docs/CALLS.md): WebRTC between the
 * browsers, signalling through Parley's API and event stream, room state in the database. None
 * of this is VoceChat's; its clients ignore the `call_*` event types.
 */

/** A room names its conversation: `group:<gid>` or `dm:<lower uid>:<higher uid>`. */
export type CallRoomId = string;

/** One ICE server as `RTCPeerConnection` takes it; TURN servers carry time-limited credentials. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * Which media a call's browsers use: `builtin` (WebRTC between the browsers, docs/CALLS.md) or
 * `agora` (the Agora Web SDK, with tokens of docs/API.md "Agora"). Rooms, rings and call events
 * go through Parley either way.
 */
export type CallMediaBackend = "builtin" | "agora";

/** `GET /api/call/config`: what a client needs to open its peer connections. */
export interface CallConfig {
  /** The media the admin chose; `agora` only while Agora is on with an app id and certificate. */
  media: CallMediaBackend;
  ice_servers: IceServer[];
  /** `relay` forces every connection through TURN (the admin's choice, e.g. behind strict NATs). */
  ice_transport_policy: "all" | "relay";
  /** A mesh room refuses the next joiner past this (409). */
  max_participants: number;
}

/** `GET/POST /api/admin/call/config` (admins). `turn_secret` is answered masked (`SECRET_MASK`). */
export interface CallAdminConfig {
  stun_urls: string[];
  turn_urls: string[];
  /** coturn's `static-auth-secret` (`use-auth-secret`); empty: TURN servers get no credentials. */
  turn_secret: string;
  /** How long an issued TURN credential lasts. */
  turn_ttl_s: number;
  max_participants: number;
  relay_only: boolean;
  /** The admin's choice of media; `agora` may be chosen only while Agora is configured. */
  media: CallMediaBackend;
}

export const DEFAULT_CALL_ADMIN_CONFIG: CallAdminConfig = {
  stun_urls: [],
  turn_urls: [],
  turn_secret: "",
  turn_ttl_s: 86_400,
  max_participants: 6,
  relay_only: false,
  media: "builtin",
};

export interface CallMedia {
  audio: boolean;
  video: boolean;
  screen: boolean;
}

export interface CallParticipant extends CallMedia {
  uid: Uid;
  joined_at: Millis;
}

/** A call going on: a channel's (`gid`) or a DM's (`dm`, the two uids, lower first). */
export interface CallRoom {
  room: CallRoomId;
  gid: Gid | null;
  dm: [Uid, Uid] | null;
  started_by: Uid;
  started_at: Millis;
  /** The DM peer being rung, until they join, decline or the ring times out. */
  ringing: Uid | null;
  participants: CallParticipant[];
  /** Grows with every change of the room: a client keeps the state with the highest. */
  version: number;
}

/** `POST /api/call/join`: a channel's room or the DM with `uid`, and the joiner's media. */
export type CallJoinRequest = ({ gid: Gid } | { uid: Uid }) & Partial<CallMedia>;

export type CallSignalKind = "offer" | "answer" | "ice";

/** `POST /api/call/signal`: relayed to `to_uid` only when both are in `room`. */
export interface CallSignalRequest {
  room: CallRoomId;
  to_uid: Uid;
  kind: CallSignalKind;
  data: unknown;
}

export type CallRingState = "ringing" | "declined" | "missed" | "cancelled";

/** `properties.call` of the message posted into the conversation when a channel's call starts, or a call ends. */
export interface CallMessageProperties {
  call: { event: "started" | "ended" | "missed" | "declined"; duration_ms: number };
}

/** Parley extension events (docs/API.md "Calls (addition)"). */
export type CallEvent =
  /** A room changed (someone joined, left, changed media); `ended` with no participants when it emptied. */
  | { type: "call_room"; room: CallRoom; ended: boolean }
  /** An SDP offer/answer or ICE candidate from a participant to this user's device in the room. */
  | { type: "call_signal"; room: CallRoomId; from_uid: Uid; kind: CallSignalKind; data: unknown }
  /** A DM call rings this user (`ringing`), or the ring ended without them. */
  | { type: "call_ring"; room: CallRoomId; from_uid: Uid; state: CallRingState; expires_at: Millis };
