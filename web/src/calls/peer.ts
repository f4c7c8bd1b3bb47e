/**
 * One peer connection of the mesh, with the perfect-negotiation pattern (W3C WebRTC §10.7): both
 * sides may renegotiate at any time (a camera turned on, a screen shared); on a collision the
 * polite side rolls back its offer and the impolite one ignores the other's. The later joiner
 * opens the connection and makes the first offer; the other side creates its connection when
 * that offer arrives and answers with its own tracks.
 */
import type { CallSignalKind, Uid } from "@parley/protocol";

/** What travels in `data` of an offer or answer: the description, and which stream is the screen. */
export interface DescriptionData {
  description: RTCSessionDescriptionInit;
  screen: string | null;
}

export type TrackRole = "audio" | "camera" | "screen";
export interface LocalTrack {
  role: TrackRole;
  track: MediaStreamTrack;
  stream: MediaStream;
}

export interface PeerHooks {
  send(kind: CallSignalKind, data: unknown): void;
  /** The local tracks to send, each with the stream it belongs to. */
  localTracks(): LocalTrack[];
  /** The id of the local screen stream, if one is shared. */
  localScreenId(): string | null;
  onChange(): void;
}

export class Peer {
  readonly pc: RTCPeerConnection;
  /** Remote streams by id; `screenId` names the one that is a shared screen. */
  readonly streams = new Map<string, MediaStream>();
  screenId: string | null = null;
  private readonly senders = new Map<TrackRole, RTCRtpSender>();
  private makingOffer = false;
  private ignoreOffer = false;
  private pendingCandidates: RTCIceCandidateInit[] = [];

  constructor(
    readonly uid: Uid,
    private readonly polite: boolean,
    config: RTCConfiguration,
    private readonly hooks: PeerHooks,
  ) {
    this.pc = new RTCPeerConnection(config);
    this.pc.onnegotiationneeded = () => void this.negotiate();
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) hooks.send("ice", candidate.toJSON());
    };
    this.pc.ontrack = ({ track, streams }) => {
      const stream = streams[0] ?? new MediaStream([track]);
      this.streams.set(stream.id, stream);
      const drop = () => {
        if (stream.getTracks().every((t) => t.readyState === "ended") || stream.getTracks().length === 0) this.streams.delete(stream.id);
        hooks.onChange();
      };
      stream.onremovetrack = drop;
      track.onended = drop;
      track.onunmute = () => hooks.onChange();
      track.onmute = () => hooks.onChange();
      hooks.onChange();
    };
    this.pc.onconnectionstatechange = () => {
      // A broken path (a network change) may come back with an ICE restart.
      if (this.pc.connectionState === "failed") this.pc.restartIce();
      hooks.onChange();
    };
  }

  /**
   * Makes the senders match the local tracks (`hooks.localTracks()`): a role (microphone, camera,
   * screen) with a track gets its sender (added once, then its track swapped: muting and turning
   * the camera off send nothing without renegotiating); a role without one sends nothing, and a
   * screen that stopped is removed (the connection renegotiates).
   */
  sync(): void {
    const wanted = new Map(this.hooks.localTracks().map((t) => [t.role, t]));
    for (const role of ["audio", "camera", "screen"] as const) {
      const local = wanted.get(role);
      const sender = this.senders.get(role);
      if (local && sender) {
        if (sender.track !== local.track) void sender.replaceTrack(local.track);
      } else if (local) {
        this.senders.set(role, this.pc.addTrack(local.track, local.stream));
      } else if (sender && role === "screen") {
        this.pc.removeTrack(sender);
        this.senders.delete(role);
      } else if (sender?.track) {
        void sender.replaceTrack(null);
      }
    }
  }

  private async negotiate(): Promise<void> {
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      this.hooks.send("offer", { description: this.pc.localDescription!.toJSON(), screen: this.hooks.localScreenId() } satisfies DescriptionData);
    } catch {
      // A failed offer is retried by the next negotiationneeded.
    } finally {
      this.makingOffer = false;
    }
  }

  async signal(kind: CallSignalKind, data: unknown): Promise<void> {
    if (kind === "ice") {
      const candidate = data as RTCIceCandidateInit;
      if (!this.pc.remoteDescription) {
        this.pendingCandidates.push(candidate);
        return;
      }
      try {
        await this.pc.addIceCandidate(candidate);
      } catch (err) {
        if (!this.ignoreOffer) console.warn("call: ICE candidate refused", err);
      }
      return;
    }
    const { description, screen } = data as DescriptionData;
    this.screenId = screen;
    const collision = description.type === "offer" && (this.makingOffer || this.pc.signalingState !== "stable");
    this.ignoreOffer = !this.polite && collision;
    if (this.ignoreOffer) return;
    await this.pc.setRemoteDescription(description);
    for (const candidate of this.pendingCandidates.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => undefined);
    if (description.type === "offer") {
      this.sync();
      await this.pc.setLocalDescription();
      this.hooks.send("answer", { description: this.pc.localDescription!.toJSON(), screen: this.hooks.localScreenId() } satisfies DescriptionData);
    }
    this.hooks.onChange();
  }

  close(): void {
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }
}
