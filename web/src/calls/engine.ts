/**
 * The call engine: the one call this tab is in (its media, one `Peer` per other participant), the
 * rooms going on that the user may join (for the sidebar and the headers), and an incoming ring.
 * It lives outside the store (peer connections and media streams are not data) and outside any
 * screen, so a call survives navigating between conversations; React reads it through
 * `useCalls()` (a snapshot that changes identity on every change).
 *
 * Signalling: routes of docs/API.md "Calls (addition)" out, `call_*` events of the stream in. The
 * media go through a backend the server's config names (media.ts): the built-in mesh or Agora.
 *
 * The call itself (session.ts: local tracks, media backend, speaker indicator, tiles) is a chunk
 * loaded with the first call; every chat page carries only the rooms and the ring.
 */
import type { CallRoom, Uid } from "@parley/protocol";
import { API_BASE } from "../app/config";
import type { AppStore } from "../app/store";
import { callEvents, type CallStreamEvent } from "./events";
import type { MediaBackend } from "./media";
import { callRoomsApi } from "./roomsApi";
import type { CallHost, CallSession } from "./session";
import type { ActiveCall, CallSnapshot, CallTarget, Tile } from "./types";

export type { ActiveCall, CallSnapshot, CallTarget, Tile };

const EMPTY: CallSnapshot = { rooms: {}, active: null, incoming: null, speaking: {}, devices: { audio: [], video: [] }, selected: { audio: null, video: null }, error: null, busy: false };

declare global {
  interface Window {
    /** For the browser tests: the call's media backend and its peer connections, by the other participant's uid. */
    __parleyCalls?: { peers: Record<number, RTCPeerConnection>; media: MediaBackend["kind"] | null; engine: CallEngine };
  }
}

export class CallEngine {
  private snapshot: CallSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private live: CallSession | null = null;
  private rooms: Record<string, CallRoom> = {};
  private incoming: CallSnapshot["incoming"] = null;
  private error: string | null = null;
  private busy = false;
  private devices: CallSnapshot["devices"] = { audio: [], video: [] };
  private selected: CallSnapshot["selected"] = { audio: null, video: null };
  private unsubscribe: (() => void) | null = null;
  /** What the call (session.ts) reads and changes of the engine. */
  private readonly host: CallHost;

  constructor(private readonly store: AppStore) {
    this.host = {
      store,
      me: () => this.me(),
      selected: () => this.selected,
      joined: (session, room) => {
        this.live = session;
        if (this.incoming?.room === room.room) this.incoming = null;
        this.rooms = { ...this.rooms, [room.room]: room };
      },
      isLive: (session) => this.live === session,
      leave: () => this.leave(),
      fail: (error) => {
        this.error = error;
      },
      setDevices: (devices) => {
        this.devices = devices;
      },
      emit: () => this.emit(),
    };
  }

  start(): void {
    if (this.unsubscribe) return;
    const off = callEvents.on((e) => void this.onEvent(e));
    window.addEventListener("pagehide", this.onPageHide);
    this.unsubscribe = () => {
      off();
      window.removeEventListener("pagehide", this.onPageHide);
    };
    void this.resync();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.live) void this.leave();
  }

  /**
   * A closing tab leaves its call at once (a request that outlives the page), rather than after
   * the 30 s in which the call sweep notices its stream is gone.
   */
  private readonly onPageHide = (): void => {
    const live = this.live;
    const token = this.store.getState().authData.token;
    if (!live || !token) return;
    void fetch(`${API_BASE}/call/leave`, { method: "POST", keepalive: true, headers: { "content-type": "application/json", "x-api-key": token }, body: JSON.stringify({ room: live.room }) }).catch(() => undefined);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snapshot;

  private me(): Uid {
    return this.store.getState().authData.user?.uid ?? 0;
  }

  private async resync(): Promise<void> {
    try {
      const rooms = await this.store.dispatch(callRoomsApi.endpoints.getCallRooms.initiate(undefined, { forceRefetch: true })).unwrap();
      this.rooms = Object.fromEntries(rooms.map((r) => [r.room, r]));
      if (this.live && !this.rooms[this.live.room]) this.teardown();
      this.emit();
    } catch {
      // Guests and bots have no calls; a failed read waits for the next reconnect.
    }
  }

  private async onEvent(e: CallStreamEvent): Promise<void> {
    if (e.type === "resync") return this.resync();
    if (e.type === "call_room") {
      // A state older than one already known (the answer to a join can overtake the events
      // published before it) changes nothing.
      const known = this.rooms[e.room.room];
      if (!e.ended && known && e.room.version <= known.version && e.room.started_at === known.started_at) return;
      if (e.ended && known && known.started_at !== e.room.started_at) return; // an older call of the conversation
      if (e.ended) {
        const { [e.room.room]: _gone, ...rest } = this.rooms;
        this.rooms = rest;
      } else this.rooms = { ...this.rooms, [e.room.room]: e.room };
      const live = this.live;
      if (live && live.room === e.room.room) {
        const others = e.ended ? [] : e.room.participants.filter((p) => p.uid !== this.me());
        live.media.participants(others.map((p) => p.uid));
        if (others.length) live.metPeer = true;
        const dmOver = "uid" in live.target && live.metPeer && others.length === 0;
        if (e.ended || !e.room.participants.some((p) => p.uid === this.me())) this.teardown();
        else if (dmOver) await this.leave();
      }
      this.emit();
      return;
    }
    if (e.type === "call_ring") {
      if (e.state === "ringing") this.incoming = { room: e.room, from: e.from_uid, expiresAt: e.expires_at };
      else {
        if (this.incoming?.room === e.room) this.incoming = null;
        if (this.live?.room === e.room && e.from_uid !== this.me()) {
          this.error = e.state === "declined" ? "declined" : "no_answer";
          this.teardown();
        }
      }
      this.emit();
      return;
    }
    const live = this.live;
    if (live && live.room === e.room) live.media.signal(e.from_uid, e.kind, e.data);
  }

  /**
   * Starts or joins the conversation's call (a DM's rings the peer), then connects its media
   * (session.ts, its chunk loaded now).
   */
  async join(target: CallTarget, video: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    this.emit();
    try {
      if (this.live) await this.leave();
      const { openCall } = await import("./session");
      await openCall(this.host, target, video);
    } catch {
      this.error = "failed"; // the call's chunk did not load
    } finally {
      this.busy = false;
      this.emit();
    }
  }

  async leave(): Promise<void> {
    const live = this.live;
    if (!live) return;
    this.teardown();
    await live.leaveRoom();
  }

  async accept(): Promise<void> {
    const ring = this.incoming;
    // A video call is answered with the camera on, a voice call without.
    if (ring) await this.join({ uid: ring.from }, !!this.rooms[ring.room]?.participants.some((p) => p.uid === ring.from && p.video));
  }

  async decline(): Promise<void> {
    const ring = this.incoming;
    this.incoming = null;
    this.emit();
    if (ring) await this.store.dispatch(callRoomsApi.endpoints.declineCall.initiate({ room: ring.room })).unwrap().catch(() => undefined);
  }

  async toggleMute(): Promise<void> {
    await this.live?.toggleMute();
  }

  async toggleCamera(): Promise<void> {
    await this.live?.toggleCamera();
  }

  async toggleScreen(): Promise<void> {
    await this.live?.toggleScreen();
  }

  /** Another microphone or camera: its track replaces the current one on every connection. */
  async selectDevice(kind: "audio" | "video", deviceId: string): Promise<void> {
    this.selected = { ...this.selected, [kind]: deviceId };
    const live = this.live;
    if (!live || (kind === "video" && !live.video)) return this.emit();
    await live.selectDevice(kind, deviceId);
  }

  dismissError(): void {
    this.error = null;
    this.emit();
  }

  private teardown(): void {
    const live = this.live;
    if (!live) return;
    this.live = null;
    live.close();
    this.emit();
  }

  private emit(): void {
    const live = this.live;
    let active: ActiveCall | null = null;
    if (live) {
      active = live.active(this.rooms[live.room], this.me());
      window.__parleyCalls = { peers: live.media.connections(), media: live.media.kind, engine: this };
    } else {
      window.__parleyCalls = { peers: {}, media: null, engine: this };
    }
    this.snapshot = {
      rooms: this.rooms,
      active,
      incoming: this.incoming,
      speaking: live ? live.speaking() : EMPTY.speaking,
      devices: this.devices,
      selected: this.selected,
      error: this.error,
      busy: this.busy,
    };
    for (const l of this.listeners) l();
  }
}
