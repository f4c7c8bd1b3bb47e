/**
 * Agora's media (docs/API.md "Calls (addition)", "Calls' media"): the call's browsers meet in the
 * conversation's Agora channel through Agora's Web SDK (bundled and served by Parley, in this
 * chunk, loaded only when such a call starts), with a token of docs/API.md "Agora". The room,
 * the ring and the media flags stay Parley's; no signals are relayed.
 *
 * The engine's own tracks are published as custom tracks (clones: the engine keeps the
 * originals): the microphone unless muted, and one video track, since an Agora user sends one —
 * the shared screen while there is one, else the camera while it is on. Remote users are
 * Parley uids (the token is issued for the caller's uid).
 */
import type { CallParticipant, CallSignalKind, Uid } from "@parley/protocol";
import { createClient, createCustomAudioTrack, createCustomVideoTrack, disableLogUpload, setLogLevel } from "agora-rtc-sdk-ng/esm";
import type { IAgoraRTCClient, IAgoraRTCRemoteUser, ILocalAudioTrack, ILocalVideoTrack } from "agora-rtc-sdk-ng/esm";
import type { MediaBackend, MediaHooks, RemoteMedia } from "./media";

/** Agora's levels: 0 debug … 3 error, 4 none. */
const LOG_ERRORS = 3;

interface Published<T> {
  /** The engine's track this one is a clone of. */
  source: MediaStreamTrack;
  track: T;
}

/** A remote user's tracks, and the streams made of them (kept while the tracks stay, so tiles keep their element's source). */
interface Remote {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  camera: MediaStream | null;
  screen: MediaStream | null;
  /** What the streams were made of: `<audio id>/<video id>/<screen?>`. */
  made: string;
}

export class AgoraBackend implements MediaBackend {
  readonly kind = "agora" as const;
  private readonly client: IAgoraRTCClient;
  private readonly remotes = new Map<Uid, Remote>();
  private audio: Published<ILocalAudioTrack> | null = null;
  private video: Published<ILocalVideoTrack> | null = null;
  private joined = false;
  private closed = false;
  /** Publishing changes, one after another. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly hooks: MediaHooks) {
    setLogLevel(LOG_ERRORS);
    disableLogUpload();
    this.client = createClient({ mode: "rtc", codec: "vp8" });
    this.client.on("user-published", (user: IAgoraRTCRemoteUser, mediaType: "audio" | "video" | "datachannel") => {
      if (mediaType === "datachannel") return;
      void this.client
        .subscribe(user, mediaType)
        .then(() => this.update(user))
        .catch((err: unknown) => console.warn("call: Agora subscribe failed", err));
    });
    this.client.on("user-unpublished", (user: IAgoraRTCRemoteUser) => this.update(user));
    this.client.on("user-left", (user: IAgoraRTCRemoteUser) => {
      this.remotes.delete(Number(user.uid));
      hooks.onChange(Number(user.uid), []);
    });
  }

  async start(): Promise<void> {
    const { app_id, channel_name, agora_token, uid } = await this.hooks.agoraToken();
    if (this.closed) return;
    await this.client.join(app_id, channel_name, agora_token, uid);
    this.joined = true;
    if (this.closed) return void this.client.leave().catch(() => undefined);
    this.sync();
    await this.chain;
  }

  /** Agora tells who left by itself (`user-left`); the room's list changes nothing here. */
  participants(): void {}

  signal(_from: Uid, _kind: CallSignalKind, _data: unknown): void {}

  sync(): void {
    if (!this.joined || this.closed) return;
    this.chain = this.chain.then(() => this.publish()).catch((err: unknown) => console.warn("call: Agora publish failed", err));
  }

  /** Makes the published tracks match the engine's local ones. */
  private async publish(): Promise<void> {
    const local = this.hooks.localTracks();
    const mic = local.find((t) => t.role === "audio")?.track ?? null;
    const video = (local.find((t) => t.role === "screen") ?? local.find((t) => t.role === "camera"))?.track ?? null;
    if (this.audio?.source !== mic) {
      await this.drop(this.audio);
      this.audio = mic ? { source: mic, track: createCustomAudioTrack({ mediaStreamTrack: mic.clone() }) } : null;
      if (this.audio) await this.client.publish(this.audio.track);
    }
    if (this.video?.source !== video) {
      await this.drop(this.video);
      this.video = video ? { source: video, track: createCustomVideoTrack({ mediaStreamTrack: video.clone() }) } : null;
      if (this.video) await this.client.publish(this.video.track);
    }
  }

  private async drop(published: Published<ILocalAudioTrack | ILocalVideoTrack> | null): Promise<void> {
    if (!published) return;
    await this.client.unpublish(published.track).catch(() => undefined);
    published.track.close();
  }

  private update(user: IAgoraRTCRemoteUser): void {
    const uid = Number(user.uid);
    const known = this.remotes.get(uid);
    const remote: Remote = {
      audio: user.audioTrack?.getMediaStreamTrack() ?? null,
      video: user.videoTrack?.getMediaStreamTrack() ?? null,
      camera: known?.camera ?? null,
      screen: known?.screen ?? null,
      made: known?.made ?? "",
    };
    this.remotes.set(uid, remote);
    this.hooks.onChange(uid, remote.audio ? [new MediaStream([remote.audio])] : []);
  }

  remote(p: CallParticipant): RemoteMedia {
    const r = this.remotes.get(p.uid);
    if (!r) return { camera: null, screen: null, cameraVideo: false };
    // The one video is the screen while the participant shares one (their media flags say so).
    const made = `${r.audio?.id ?? ""}/${r.video?.id ?? ""}/${p.screen ? "screen" : ""}`;
    if (made !== r.made) {
      const cameraTracks = [r.audio, p.screen ? null : r.video].filter((t): t is MediaStreamTrack => t !== null);
      r.camera = cameraTracks.length ? new MediaStream(cameraTracks) : null;
      r.screen = p.screen && r.video ? new MediaStream([r.video]) : null;
      r.made = made;
    }
    return { camera: r.camera, screen: r.screen, cameraVideo: p.video && !p.screen && r.video !== null };
  }

  connections(): Record<number, RTCPeerConnection> {
    return {};
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const published of [this.audio, this.video]) published?.track.close();
    this.audio = null;
    this.video = null;
    this.remotes.clear();
    this.client.removeAllListeners();
    void this.client.leave().catch(() => undefined);
  }
}
