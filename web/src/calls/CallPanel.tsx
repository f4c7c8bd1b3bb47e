/**
 * The call window: docked at the top right of the app (above every screen, so it stays while
 * the user moves between conversations), with a tile per participant's camera and per shared
 * screen, the speaker ring, and the controls (mute, camera, screen, devices, leave).
 */
import { useEffect, useRef, useState } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAppSelector } from "../app/hooks";
import Avatar, { avatarUrl } from "../components/ui/Avatar";
import { SettingsIcon } from "../components/Icons";
import type { CallEngine, CallSnapshot, Tile } from "./engine";
import { MaximizeIcon, MicIcon, MicOffIcon, MinimizeIcon, PhoneOffIcon, ScreenIcon, VideoIcon, VideoOffIcon } from "./icons";

function TileView({ tile, speaking, name, avatar }: { tile: Tile; speaking: boolean; name: string; avatar: string | null }) {
  const { t } = useTranslation("chat");
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (el && el.srcObject !== tile.stream) el.srcObject = tile.stream;
  }, [tile.stream]);
  const showVideo = tile.kind === "screen" || tile.video;
  const label = tile.kind === "screen" ? t("call.screen_of", { name }) : name;
  return (
    <figure
      className={clsx(
        "relative aspect-video overflow-hidden rounded-lg bg-zinc-800 ring-2 transition-shadow",
        speaking && tile.kind === "camera" ? "ring-emerald-400" : "ring-transparent",
        tile.kind === "screen" && "col-span-full",
      )}
      data-testid={tile.kind === "screen" ? "call-screen-tile" : "call-tile"}
      data-uid={tile.uid}
      data-speaking={speaking ? "true" : "false"}
    >
      {/* Remote audio plays through this element too; one's own is muted (no echo). */}
      <video ref={video} autoPlay playsInline muted={tile.local} aria-label={label} className={clsx("absolute inset-0 size-full object-cover", !showVideo && "invisible", tile.local && tile.kind === "camera" && "-scale-x-100")} />
      {!showVideo && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Avatar name={name} seed={tile.uid} src={avatar} size={44} rounded="full" />
        </div>
      )}
      <figcaption className="absolute bottom-1 left-1 flex max-w-[calc(100%-0.5rem)] items-center gap-1 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white">
        {tile.kind === "camera" && !tile.audio && <MicOffIcon size={11} aria-label={t("call.muted")} aria-hidden={false} />}
        <span className="truncate">{label}</span>
      </figcaption>
    </figure>
  );
}

function DevicePicker({ engine, call }: { engine: CallEngine; call: CallSnapshot }) {
  const { t } = useTranslation("chat");
  const select = "w-full rounded-md border border-zinc-600 bg-zinc-800 px-2 py-1 text-xs text-zinc-100";
  return (
    <div className="grid shrink-0 gap-2 border-t border-zinc-700 p-2 text-xs text-zinc-300" data-testid="call-devices">
      <label className="grid gap-1">
        {t("call.microphone")}
        <select className={select} value={call.selected.audio ?? ""} onChange={(e) => void engine.selectDevice("audio", e.target.value)}>
          <option value="">{t("call.default_device")}</option>
          {call.devices.audio.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || `${t("call.microphone")} ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        {t("call.camera")}
        <select className={select} value={call.selected.video ?? ""} onChange={(e) => void engine.selectDevice("video", e.target.value)}>
          <option value="">{t("call.default_device")}</option>
          {call.devices.video.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || `${t("call.camera")} ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Control({ label, onClick, pressed, danger, children, testId }: { label: string; onClick: () => void; pressed?: boolean; danger?: boolean; children: React.ReactNode; testId: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      className={clsx(
        "inline-flex size-9 items-center justify-center rounded-full transition outline-none focus-visible:ring-3 focus-visible:ring-primary-400/60",
        danger ? "bg-red-600 text-white hover:bg-red-500" : pressed ? "bg-zinc-100 text-zinc-900 hover:bg-white" : "bg-zinc-700 text-zinc-100 hover:bg-zinc-600",
      )}
    >
      {children}
    </button>
  );
}

export default function CallPanel({ engine, call }: { engine: CallEngine; call: CallSnapshot }) {
  const { t } = useTranslation("chat");
  const [small, setSmall] = useState(false);
  const [devices, setDevices] = useState(false);
  const users = useAppSelector((s) => s.users.byId);
  const channels = useAppSelector((s) => s.channels.byId);
  const active = call.active!;
  const target = active.target;
  const title = "gid" in target ? `# ${channels[target.gid]?.name ?? ""}` : (users[target.uid]?.name ?? "");
  const link = "gid" in target ? `/chat/channel/${target.gid}` : `/chat/dm/${target.uid}`;
  const status = active.ringing ? t("call.ringing") : t("call.in_call", { count: active.participants.length });
  return (
    <section
      aria-label={t("call.window")}
      data-testid="call-panel"
      className={clsx("fixed top-16 right-4 z-40 flex max-h-[calc(100dvh-5rem)] flex-col overflow-y-auto rounded-xl bg-zinc-900 text-white shadow-2xl ring-1 ring-zinc-700", small ? "w-64" : "w-[min(34rem,calc(100vw-2rem))]")}
    >
      <header className="flex shrink-0 items-center gap-2 px-3 py-2">
        <span className="size-2 shrink-0 animate-pulse rounded-full bg-emerald-400" aria-hidden />
        <div className="min-w-0 flex-1">
          <Link to={link} className="block truncate text-sm font-semibold hover:underline">
            {title}
          </Link>
          <p className="text-[11px] text-zinc-300" data-testid="call-status">
            {status}
          </p>
        </div>
        <button type="button" className="rounded p-1 text-zinc-300 hover:bg-zinc-700 hover:text-white" aria-label={small ? t("call.expand") : t("call.collapse")} title={small ? t("call.expand") : t("call.collapse")} onClick={() => setSmall(!small)}>
          {small ? <MaximizeIcon size={15} /> : <MinimizeIcon size={15} />}
        </button>
      </header>
      <div className={clsx("grid shrink-0 gap-1.5 px-2", small ? "hidden" : active.tiles.length > 2 ? "grid-cols-3" : "grid-cols-2")}>
        {/* Shared screens first, across the window; the cameras below them together. */}
        {[...active.tiles].sort((x, y) => (x.kind === y.kind ? 0 : x.kind === "screen" ? -1 : 1)).map((tile) => {
          const user = users[tile.uid];
          return <TileView key={tile.key} tile={tile} speaking={!!call.speaking[tile.uid]} name={tile.local ? t("call.you") : (user?.name ?? `#${tile.uid}`)} avatar={user ? avatarUrl(tile.uid, user.avatar_updated_at) : null} />;
        })}
      </div>
      {devices && !small && <DevicePicker engine={engine} call={call} />}
      <div className="flex shrink-0 items-center justify-center gap-2 p-2" role="toolbar" aria-label={t("call.controls")}>
        <Control label={active.audio ? t("call.mute") : t("call.unmute")} pressed={!active.audio} onClick={() => void engine.toggleMute()} testId="call-mute">
          {active.audio ? <MicIcon size={17} /> : <MicOffIcon size={17} />}
        </Control>
        <Control label={active.video ? t("call.camera_off") : t("call.camera_on")} pressed={active.video} onClick={() => void engine.toggleCamera()} testId="call-camera">
          {active.video ? <VideoIcon size={17} /> : <VideoOffIcon size={17} />}
        </Control>
        {"getDisplayMedia" in (navigator.mediaDevices ?? {}) && (
          <Control label={active.screen ? t("call.stop_share") : t("call.share_screen")} pressed={active.screen} onClick={() => void engine.toggleScreen()} testId="call-screen">
            <ScreenIcon size={17} />
          </Control>
        )}
        <Control label={t("call.devices")} pressed={devices} onClick={() => setDevices(!devices)} testId="call-devices-toggle">
          <SettingsIcon size={17} />
        </Control>
        <Control label={t("call.leave")} danger onClick={() => void engine.leave()} testId="call-leave">
          <PhoneOffIcon size={17} />
        </Control>
      </div>
    </section>
  );
}
