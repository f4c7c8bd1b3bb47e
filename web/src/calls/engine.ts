/**
 * The call engine: the one call this tab is in (its media, one `Peer` per other participant), the
 * rooms going on that the user may join (for the sidebar and the headers), and an incoming ring.
 * It lives outside the store (peer connections and media streams are not data) and outside any
 * screen, so a call survives navigating between conversations; React reads it through
 * `useCalls()` (a snapshot that changes identity on every change).
 *
 * Signalling: routes of docs/API.md "Calls (addition)" out, `call_*` events of the stream in. The
 * media go through a backend the server's config names (media.ts): the built-in mesh or Agora.
 */
import type { CallRoom, Uid } from "@parley/protocol";
import { API_BASE } from "../app/config";
import type { AppStore } from "../app/store";
import { webrtcApi } from "./api";
import { callEvents, type CallStreamEvent } from "./events";
import { LevelMeter } from "./levels";
import { loadBackend, type MediaBackend } from "./media";
import type { LocalTrack } from "./peer";
import type { ActiveCall, CallSnapshot, CallTarget, Tile } from "./types";

export type { ActiveCall, CallSnapshot, CallTarget, Tile };

interface Live {
  room: string;
  target: CallTarget;
  /** Microphone and camera tracks (the camera only while on). */
  local: MediaStream;
  screen: MediaStream | null;
  audio: boolean;
  video: boolean;
  media: MediaBackend;
  /** Someone else was in the call once: a DM ends when they leave. */
  metPeer: boolean;
}

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
  private live: Live | null = null;
  private rooms: Record<string, CallRoom> = {};
  private incoming: CallSnapshot["incoming"] = null;
  private error: string | null = null;
  private busy = false;
  private devices: CallSnapshot["devices"] = { audio: [], video: [] };
  private selected: CallSnapshot["selected"] = { audio: null, video: null };
  private readonly meter = new LevelMeter(() => this.emit());
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly store: AppStore) {}

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

  private api() {
    const dispatch = this.store.dispatch;
    const e = webrtcApi.endpoints;
    return {
      config: () => dispatch(e.getCallConfig.initiate(undefined, { forceRefetch: true })).unwrap(),
      rooms: () => dispatch(e.getCallRooms.initiate(undefined, { forceRefetch: true })).unwrap(),
      join: (body: Parameters<typeof e.joinCall.initiate>[0]) => dispatch(e.joinCall.initiate(body)).unwrap(),
      leave: (room: string) => dispatch(e.leaveCall.initiate({ room })).unwrap(),
      decline: (room: string) => dispatch(e.declineCall.initiate({ room })).unwrap(),
      signal: (body: Parameters<typeof e.signalCall.initiate>[0]) => dispatch(e.signalCall.initiate(body)).unwrap(),
      media: (body: Parameters<typeof e.setCallMedia.initiate>[0]) => dispatch(e.setCallMedia.initiate(body)).unwrap(),
      agoraToken: (target: CallTarget) =>
        "gid" in target ? dispatch(e.getAgoraChannelToken.initiate(target.gid, { forceRefetch: true })).unwrap() : dispatch(e.getAgoraDmToken.initiate(target.uid)).unwrap(),
    };
  }

  private async resync(): Promise<void> {
    try {
      const rooms = await this.api().rooms();
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

  private localTracks(live: Live): LocalTrack[] {
    const out: LocalTrack[] = [];
    const mic = live.local.getAudioTracks()[0];
    const cam = live.local.getVideoTracks()[0];
    if (mic && live.audio) out.push({ role: "audio", track: mic, stream: live.local });
    if (cam && live.video) out.push({ role: "camera", track: cam, stream: live.local });
    const screen = live.screen?.getVideoTracks()[0];
    if (screen && live.screen) out.push({ role: "screen", track: screen, stream: live.screen });
    return out;
  }

  private async getMedia(video: boolean): Promise<MediaStream> {
    const audio = this.selected.audio ? { deviceId: { exact: this.selected.audio } } : true;
    const camera = video ? (this.selected.video ? { deviceId: { exact: this.selected.video } } : true) : false;
    return navigator.mediaDevices.getUserMedia({ audio, video: camera });
  }

  private async refreshDevices(): Promise<void> {
    const all = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
    this.devices = { audio: all.filter((d) => d.kind === "audioinput"), video: all.filter((d) => d.kind === "videoinput") };
  }

  /**
   * Starts or joins the conversation's call (a DM's rings the peer), then connects its media: the
   * backend's chunk loads first, so a call whose media cannot load starts no room.
   */
  async join(target: CallTarget, video: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    this.emit();
    let local: MediaStream | null = null;
    let live: Live | null = null;
    let media: MediaBackend | null = null;
    try {
      if (this.live) await this.leave();
      const config = await this.api().config();
      local = await this.getMedia(video).catch(() => {
        throw new Error("media");
      });
      const stream = local;
      const me = this.me();
      let joined: Live | null = null;
      media = await loadBackend(config.media, {
        me,
        target,
        config,
        localTracks: () => (joined ? this.localTracks(joined) : []),
        localScreenId: () => joined?.screen?.id ?? null,
        signal: (to_uid, kind, data) => this.api().signal({ room: joined?.room ?? "", to_uid, kind, data }).then(() => undefined),
        agoraToken: () => this.api().agoraToken(target),
        onChange: (uid, streams) => {
          for (const s of streams) this.meter.watch(uid, s);
          this.emit();
        },
      });
      const room = await this.api().join({ ...target, audio: true, video, screen: false });
      live = joined = { room: room.room, target, local: stream, screen: null, audio: true, video, media, metPeer: false };
      this.live = live;
      if (this.incoming?.room === room.room) this.incoming = null;
      this.rooms = { ...this.rooms, [room.room]: room };
      this.meter.watch(me, stream);
      // The later joiner makes the offers: one connection per participant already there.
      const others = room.participants.filter((p) => p.uid !== me).map((p) => p.uid);
      if (others.length) live.metPeer = true;
      this.emit();
      await media.start(others);
      await this.refreshDevices();
    } catch (err) {
      if (live) {
        // The room was joined but its media did not connect (Agora unreachable, say): leave it,
        // unless the user already did.
        if (this.live === live) {
          this.error = "media_service";
          await this.leave();
        }
      } else {
        media?.close();
        local?.getTracks().forEach((t) => t.stop());
        const status = (err as { status?: number }).status;
        this.error = (err as Error).message === "media" ? "media" : status === 409 ? "full" : status === 403 ? "forbidden" : "failed";
      }
    } finally {
      this.busy = false;
      this.emit();
    }
  }

  async leave(): Promise<void> {
    const live = this.live;
    if (!live) return;
    this.teardown();
    await this.api().leave(live.room).catch(() => undefined);
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
    if (ring) await this.api().decline(ring.room).catch(() => undefined);
  }

  private async tellMedia(live: Live): Promise<void> {
    live.media.sync();
    this.emit();
    await this.api().media({ room: live.room, audio: live.audio, video: live.video, screen: !!live.screen }).catch(() => undefined);
  }

  async toggleMute(): Promise<void> {
    const live = this.live;
    if (!live) return;
    live.audio = !live.audio;
    for (const t of live.local.getAudioTracks()) t.enabled = live.audio;
    await this.tellMedia(live);
  }

  async toggleCamera(): Promise<void> {
    const live = this.live;
    if (!live) return;
    if (live.video) {
      for (const t of live.local.getVideoTracks()) {
        t.stop();
        live.local.removeTrack(t);
      }
      live.video = false;
    } else {
      try {
        const cam = await navigator.mediaDevices.getUserMedia({ video: this.selected.video ? { deviceId: { exact: this.selected.video } } : true });
        live.local.addTrack(cam.getVideoTracks()[0]);
        live.video = true;
      } catch {
        this.error = "media";
      }
    }
    await this.tellMedia(live);
  }

  async toggleScreen(): Promise<void> {
    const live = this.live;
    if (!live) return;
    if (live.screen) {
      live.screen.getTracks().forEach((t) => t.stop());
      live.screen = null;
    } else {
      try {
        const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
        // The browser's own "Stop sharing" ends the track.
        screen.getVideoTracks()[0].onended = () => {
          if (this.live?.screen === screen) void this.toggleScreen();
        };
        live.screen = screen;
      } catch {
        return; // the picker was dismissed
      }
    }
    await this.tellMedia(live);
  }

  /** Another microphone or camera: its track replaces the current one on every connection. */
  async selectDevice(kind: "audio" | "video", deviceId: string): Promise<void> {
    this.selected = { ...this.selected, [kind]: deviceId };
    const live = this.live;
    if (!live || (kind === "video" && !live.video)) return this.emit();
    try {
      const fresh = await navigator.mediaDevices.getUserMedia(kind === "audio" ? { audio: { deviceId: { exact: deviceId } } } : { video: { deviceId: { exact: deviceId } } });
      const track = fresh.getTracks()[0];
      const old = kind === "audio" ? live.local.getAudioTracks() : live.local.getVideoTracks();
      for (const t of old) {
        live.local.removeTrack(t);
        t.stop();
      }
      if (kind === "audio") track.enabled = live.audio;
      live.local.addTrack(track);
      if (kind === "audio") this.meter.watch(this.me(), live.local, true);
      await this.tellMedia(live);
    } catch {
      this.error = "media";
      this.emit();
    }
  }

  dismissError(): void {
    this.error = null;
    this.emit();
  }

  private teardown(): void {
    const live = this.live;
    if (!live) return;
    this.live = null;
    live.media.close();
    live.local.getTracks().forEach((t) => t.stop());
    live.screen?.getTracks().forEach((t) => t.stop());
    this.meter.clear();
    this.emit();
  }

  private emit(): void {
    const live = this.live;
    let active: ActiveCall | null = null;
    if (live) {
      const room = this.rooms[live.room];
      const participants = room?.participants ?? [];
      const me = this.me();
      const tiles: Tile[] = [{ key: "local", uid: me, kind: "camera", stream: live.local, local: true, video: live.video, audio: live.audio }];
      if (live.screen) tiles.push({ key: "local-screen", uid: me, kind: "screen", stream: live.screen, local: true, video: true, audio: false });
      for (const p of participants) {
        if (p.uid === me) continue;
        const { camera, screen, cameraVideo } = live.media.remote(p);
        tiles.push({ key: `${p.uid}`, uid: p.uid, kind: "camera", stream: camera, local: false, video: cameraVideo, audio: p.audio });
        if (screen) tiles.push({ key: `${p.uid}-screen`, uid: p.uid, kind: "screen", stream: screen, local: false, video: true, audio: false });
      }
      active = { room: live.room, target: live.target, audio: live.audio, video: live.video, screen: !!live.screen, participants, tiles, ringing: room?.ringing != null };
      window.__parleyCalls = { peers: live.media.connections(), media: live.media.kind, engine: this };
    } else {
      window.__parleyCalls = { peers: {}, media: null, engine: this };
    }
    this.snapshot = {
      rooms: this.rooms,
      active,
      incoming: this.incoming,
      speaking: this.meter.speaking(),
      devices: this.devices,
      selected: this.selected,
      error: this.error,
      busy: this.busy,
    };
    for (const l of this.listeners) l();
  }
}
