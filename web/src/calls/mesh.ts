/**
 * The built-in media (docs/CALLS.md): one `RTCPeerConnection` per other participant (a mesh),
 * negotiated through `POST /call/signal` and the `call_signal` events. The later joiner makes
 * the offers; the other side creates its connection when an offer arrives.
 */
import type { CallParticipant, CallSignalKind, Uid } from "@parley/protocol";
import type { MediaBackend, MediaHooks, RemoteMedia } from "./media";
import { Peer } from "./peer";

export class MeshBackend implements MediaBackend {
  readonly kind = "builtin" as const;
  private readonly peers = new Map<Uid, Peer>();
  /** Per peer, the signals applied one after another (a description before its candidates). */
  private readonly chains = new Map<Uid, Promise<void>>();

  constructor(private readonly hooks: MediaHooks) {}

  start(others: Uid[]): Promise<void> {
    for (const uid of others) this.createPeer(uid).sync();
    return Promise.resolve();
  }

  participants(others: Uid[]): void {
    for (const [uid, peer] of this.peers) {
      if (others.includes(uid)) continue;
      peer.close();
      this.peers.delete(uid);
      this.chains.delete(uid);
    }
  }

  signal(from: Uid, kind: CallSignalKind, data: unknown): void {
    let peer = this.peers.get(from);
    if (!peer) {
      if (kind !== "offer") return;
      peer = this.createPeer(from);
    }
    const target = peer;
    const chain = (this.chains.get(from) ?? Promise.resolve()).then(() => target.signal(kind, data)).catch((err) => console.warn("call: signal failed", err));
    this.chains.set(from, chain);
  }

  sync(): void {
    for (const peer of this.peers.values()) peer.sync();
  }

  remote(p: CallParticipant): RemoteMedia {
    const peer = this.peers.get(p.uid);
    const streams = peer ? [...peer.streams.values()] : [];
    const camera = streams.find((s) => s.id !== peer?.screenId) ?? null;
    const screen = streams.find((s) => s.id === peer?.screenId && s.getVideoTracks().some((t) => t.readyState === "live")) ?? null;
    return { camera, screen: p.screen ? screen : null, cameraVideo: p.video };
  }

  connections(): Record<number, RTCPeerConnection> {
    return Object.fromEntries([...this.peers].map(([uid, p]) => [uid, p.pc]));
  }

  close(): void {
    for (const peer of this.peers.values()) peer.close();
    this.peers.clear();
    this.chains.clear();
  }

  private createPeer(uid: Uid): Peer {
    const { hooks } = this;
    let sending = Promise.resolve();
    const peer: Peer = new Peer(
      uid,
      hooks.me > uid,
      { iceServers: hooks.config.ice_servers, iceTransportPolicy: hooks.config.ice_transport_policy },
      {
        send: (kind, data) => {
          // One request after another: the other side must get the offer before its candidates.
          sending = sending.then(() => hooks.signal(uid, kind, data)).catch(() => undefined);
        },
        localTracks: () => hooks.localTracks(),
        localScreenId: () => hooks.localScreenId(),
        onChange: () => hooks.onChange(uid, [...peer.streams.values()]),
      },
    );
    this.peers.set(uid, peer);
    hooks.onChange(uid, []);
    return peer;
  }
}
