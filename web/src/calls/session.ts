/**
 * The call this tab is in (engine.ts): its local tracks, its media backend (media.ts), the
 * speaker indicator (levels.ts) and the tiles. Its own chunk, loaded with the first call: every
 * chat page carries only the engine's rooms and ring (docs/PERFORMANCE.md).
 *
 * Routes of docs/API.md "Calls (addition)" (join, leave, media, signal) and "Agora" (tokens).
 */
import type { CallParticipant, CallRoom, Uid } from "@parley/protocol";
import type { AppStore } from "../app/store";
import { webrtcApi } from "./api";
import { LevelMeter } from "./levels";
import { loadBackend, type MediaBackend } from "./media";
import type { LocalTrack } from "./peer";
import type { ActiveCall, CallSnapshot, CallTarget, Tile } from "./types";

/** What a call needs of the engine that holds it. */
export interface CallHost {
  readonly store: AppStore;
  me(): Uid;
  selected(): CallSnapshot["selected"];
  /** The room was joined: `session` is the engine's call from now on. */
  joined(session: CallSession, room: CallRoom): void;
  /** Whether `session` is still the engine's call (the user may have left it meanwhile). */
  isLive(session: CallSession): boolean;
  leave(): Promise<void>;
  /** Why an action failed, as an i18n key of `chat:call.error.*` (shown on the next emit). */
  fail(error: string): void;
  setDevices(devices: CallSnapshot["devices"]): void;
  emit(): void;
}

function callApi(store: AppStore) {
  const dispatch = store.dispatch;
  const e = webrtcApi.endpoints;
  return {
    config: () => dispatch(e.getCallConfig.initiate(undefined, { forceRefetch: true })).unwrap(),
    join: (body: Parameters<typeof e.joinCall.initiate>[0]) => dispatch(e.joinCall.initiate(body)).unwrap(),
    leave: (room: string) => dispatch(e.leaveCall.initiate({ room })).unwrap(),
    signal: (body: Parameters<typeof e.signalCall.initiate>[0]) => dispatch(e.signalCall.initiate(body)).unwrap(),
    media: (body: Parameters<typeof e.setCallMedia.initiate>[0]) => dispatch(e.setCallMedia.initiate(body)).unwrap(),
    agoraToken: (target: CallTarget) =>
      "gid" in target ? dispatch(e.getAgoraChannelToken.initiate(target.gid, { forceRefetch: true })).unwrap() : dispatch(e.getAgoraDmToken.initiate(target.uid)).unwrap(),
  };
}
type CallApi = ReturnType<typeof callApi>;

function getMedia(selected: CallSnapshot["selected"], video: boolean): Promise<MediaStream> {
  const audio = selected.audio ? { deviceId: { exact: selected.audio } } : true;
  const camera = video ? (selected.video ? { deviceId: { exact: selected.video } } : true) : false;
  return navigator.mediaDevices.getUserMedia({ audio, video: camera });
}

async function devicesNow(): Promise<CallSnapshot["devices"]> {
  const all = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
  return { audio: all.filter((d) => d.kind === "audioinput"), video: all.filter((d) => d.kind === "videoinput") };
}

/**
 * Starts or joins the conversation's call (a DM's rings the peer), then connects its media: the
 * backend's chunk loads first, so a call whose media cannot load starts no room. Failures go to
 * `host.fail`.
 */
export async function openCall(host: CallHost, target: CallTarget, video: boolean): Promise<void> {
  const api = callApi(host.store);
  const meter = new LevelMeter(() => host.emit());
  let local: MediaStream | null = null;
  let live: CallSession | null = null;
  let media: MediaBackend | null = null;
  try {
    const config = await api.config();
    local = await getMedia(host.selected(), video).catch(() => {
      throw new Error("media");
    });
    const stream = local;
    const me = host.me();
    let joined: CallSession | null = null;
    media = await loadBackend(config.media, {
      me,
      target,
      config,
      localTracks: () => joined?.localTracks() ?? [],
      localScreenId: () => joined?.screen?.id ?? null,
      signal: (to_uid, kind, data) => api.signal({ room: joined?.room ?? "", to_uid, kind, data }).then(() => undefined),
      agoraToken: () => api.agoraToken(target),
      onChange: (uid, streams) => {
        for (const s of streams) meter.watch(uid, s);
        host.emit();
      },
    });
    const room = await api.join({ ...target, audio: true, video, screen: false });
    live = joined = new CallSession(host, api, meter, room.room, target, stream, video, media);
    host.joined(live, room);
    meter.watch(me, stream);
    // The later joiner makes the offers: one connection per participant already there.
    const others = room.participants.filter((p) => p.uid !== me).map((p) => p.uid);
    if (others.length) live.metPeer = true;
    host.emit();
    await media.start(others);
    host.setDevices(await devicesNow());
  } catch (err) {
    if (live) {
      // The room was joined but its media did not connect (Agora unreachable, say): leave it,
      // unless the user already did.
      if (host.isLive(live)) {
        host.fail("media_service");
        await host.leave();
      }
    } else {
      media?.close();
      local?.getTracks().forEach((t) => t.stop());
      meter.clear();
      const status = (err as { status?: number }).status;
      host.fail((err as Error).message === "media" ? "media" : status === 409 ? "full" : status === 403 ? "forbidden" : "failed");
    }
  }
}

/** The call this tab is in. */
export class CallSession {
  screen: MediaStream | null = null;
  audio = true;
  /** Someone else was in the call once: a DM ends when they leave. */
  metPeer = false;

  constructor(
    private readonly host: CallHost,
    private readonly api: CallApi,
    private readonly meter: LevelMeter,
    readonly room: string,
    readonly target: CallTarget,
    /** Microphone and camera tracks (the camera only while on). */
    readonly local: MediaStream,
    public video: boolean,
    readonly media: MediaBackend,
  ) {}

  localTracks(): LocalTrack[] {
    const out: LocalTrack[] = [];
    const mic = this.local.getAudioTracks()[0];
    const cam = this.local.getVideoTracks()[0];
    if (mic && this.audio) out.push({ role: "audio", track: mic, stream: this.local });
    if (cam && this.video) out.push({ role: "camera", track: cam, stream: this.local });
    const screen = this.screen?.getVideoTracks()[0];
    if (screen && this.screen) out.push({ role: "screen", track: screen, stream: this.screen });
    return out;
  }

  /** Tells the room this tab left (the engine has torn the call down already). */
  async leaveRoom(): Promise<void> {
    await this.api.leave(this.room).catch(() => undefined);
  }

  private async tellMedia(): Promise<void> {
    this.media.sync();
    this.host.emit();
    await this.api.media({ room: this.room, audio: this.audio, video: this.video, screen: !!this.screen }).catch(() => undefined);
  }

  async toggleMute(): Promise<void> {
    this.audio = !this.audio;
    for (const t of this.local.getAudioTracks()) t.enabled = this.audio;
    await this.tellMedia();
  }

  async toggleCamera(): Promise<void> {
    if (this.video) {
      for (const t of this.local.getVideoTracks()) {
        t.stop();
        this.local.removeTrack(t);
      }
      this.video = false;
    } else {
      try {
        const selected = this.host.selected().video;
        const cam = await navigator.mediaDevices.getUserMedia({ video: selected ? { deviceId: { exact: selected } } : true });
        this.local.addTrack(cam.getVideoTracks()[0]);
        this.video = true;
      } catch {
        this.host.fail("media");
      }
    }
    await this.tellMedia();
  }

  async toggleScreen(): Promise<void> {
    if (this.screen) {
      this.screen.getTracks().forEach((t) => t.stop());
      this.screen = null;
    } else {
      try {
        const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
        // The browser's own "Stop sharing" ends the track.
        screen.getVideoTracks()[0].onended = () => {
          if (this.host.isLive(this) && this.screen === screen) void this.toggleScreen();
        };
        this.screen = screen;
      } catch {
        return; // the picker was dismissed
      }
    }
    await this.tellMedia();
  }

  /** Another microphone or camera: its track replaces the current one on every connection. */
  async selectDevice(kind: "audio" | "video", deviceId: string): Promise<void> {
    try {
      const fresh = await navigator.mediaDevices.getUserMedia(kind === "audio" ? { audio: { deviceId: { exact: deviceId } } } : { video: { deviceId: { exact: deviceId } } });
      const track = fresh.getTracks()[0];
      const old = kind === "audio" ? this.local.getAudioTracks() : this.local.getVideoTracks();
      for (const t of old) {
        this.local.removeTrack(t);
        t.stop();
      }
      if (kind === "audio") track.enabled = this.audio;
      this.local.addTrack(track);
      if (kind === "audio") this.meter.watch(this.host.me(), this.local, true);
      await this.tellMedia();
    } catch {
      this.host.fail("media");
      this.host.emit();
    }
  }

  speaking(): Record<number, boolean> {
    return this.meter.speaking();
  }

  /** What the call window shows: this tab's tiles, then each other participant's. */
  active(room: CallRoom | undefined, me: Uid): ActiveCall {
    const participants: CallParticipant[] = room?.participants ?? [];
    const tiles: Tile[] = [{ key: "local", uid: me, kind: "camera", stream: this.local, local: true, video: this.video, audio: this.audio }];
    if (this.screen) tiles.push({ key: "local-screen", uid: me, kind: "screen", stream: this.screen, local: true, video: true, audio: false });
    for (const p of participants) {
      if (p.uid === me) continue;
      const { camera, screen, cameraVideo } = this.media.remote(p);
      tiles.push({ key: `${p.uid}`, uid: p.uid, kind: "camera", stream: camera, local: false, video: cameraVideo, audio: p.audio });
      if (screen) tiles.push({ key: `${p.uid}-screen`, uid: p.uid, kind: "screen", stream: screen, local: false, video: true, audio: false });
    }
    return { room: this.room, target: this.target, audio: this.audio, video: this.video, screen: !!this.screen, participants, tiles, ringing: room?.ringing != null };
  }

  /** Stops the media (the engine forgets the call first). */
  close(): void {
    this.media.close();
    this.local.getTracks().forEach((t) => t.stop());
    this.screen?.getTracks().forEach((t) => t.stop());
    this.meter.clear();
  }
}
