import { useState } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { selectUnreadCount } from "../../app/selectors";
import type { ConvKind } from "../../app/slices/messages";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import { HashIcon, LockIcon, PlusIcon } from "../../components/Icons";
import CreateChannelModal from "./CreateChannelModal";
import NewMessageModal from "./NewMessageModal";
import { toggleMenuExpand } from "../../app/slices/ui";

function StatusPill() {
  const { t } = useTranslation();
  const status = useAppSelector((s) => s.ui.SSEStatus);
  const ready = useAppSelector((s) => s.ui.ready);
  const online = useAppSelector((s) => s.ui.online);
  const state = !online ? "offline" : status === "connected" && ready ? "connected" : status === "connected" ? "syncing" : status;
  return (
    <span className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400" role="status" data-sse={state}>
      <span
        className={clsx(
          "size-1.5 rounded-full",
          state === "connected" && "bg-emerald-500",
          (state === "connecting" || state === "syncing" || state === "reconnecting") && "animate-pulse bg-amber-500",
          (state === "disconnected" || state === "offline") && "bg-zinc-400",
        )}
      />
      {t(`sse.${state}`)}
    </span>
  );
}

function UnreadBadge({ kind, id }: { kind: ConvKind; id: number }) {
  const count = useAppSelector((s) => selectUnreadCount(s, kind, id));
  if (!count) return null;
  return (
    <span className="ml-auto min-w-5 rounded-full bg-primary-600 px-1.5 text-center text-[11px] leading-5 font-semibold text-white dark:bg-primary-500">
      {count > 99 ? "99+" : count}
    </span>
  );
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "group flex h-8 items-center gap-2 rounded-md px-2 text-[14px] transition outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
    isActive
      ? "bg-primary-600 font-medium text-white dark:bg-primary-500/90"
      : "text-zinc-600 hover:bg-zinc-200/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
  );

function ChannelItem({ gid }: { gid: number }) {
  const channel = useAppSelector((s) => s.channels.byId[gid]);
  const dispatch = useAppDispatch();
  if (!channel) return null;
  const Icon = channel.is_public ? HashIcon : LockIcon;
  return (
    <li>
      <NavLink to={`/chat/channel/${gid}`} className={itemClass} onClick={() => dispatch(toggleMenuExpand(false))}>
        <Icon size={15} className="shrink-0 opacity-70" />
        <span className="truncate">{channel.name}</span>
        <UnreadBadge kind="channel" id={gid} />
      </NavLink>
    </li>
  );
}

function UserItem({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.users.byId[uid]);
  const dispatch = useAppDispatch();
  if (!user) return null;
  return (
    <li>
      <NavLink to={`/chat/dm/${uid}`} className={itemClass} onClick={() => dispatch(toggleMenuExpand(false))}>
        <Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={20} rounded="lg" className="text-[9px]" />
        <span className="truncate">{user.name}</span>
        <span
          className={clsx("size-2 shrink-0 rounded-full", user.online ? "bg-emerald-500" : "border border-zinc-400 dark:border-zinc-600")}
          aria-label={user.online ? t("status.online") : t("status.offline")}
        />
        <UnreadBadge kind="dm" id={uid} />
      </NavLink>
    </li>
  );
}

function Section({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="mt-4 first:mt-2" aria-label={title}>
      <div className="flex h-7 items-center justify-between px-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-500">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export default function Sidebar() {
  const { t } = useTranslation();
  const rawServerName = useAppSelector((s) => s.server.name);
  const channelIds = useAppSelector((s) => s.channels.ids);
  const userIds = useAppSelector((s) => s.users.ids);
  const me = useAppSelector((s) => s.authData.user);
  const guest = useAppSelector((s) => s.authData.guest);
  const [creating, setCreating] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const serverName = rawServerName.trim() || "Parley";
  const others = userIds.filter((uid) => uid !== me?.uid);

  return (
    <nav aria-label={t("sidebar.label")} className="flex h-full flex-col border-r border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <div className="min-w-0">
          <p className="truncate text-[15px] leading-tight font-bold text-zinc-900 dark:text-white" data-testid="server-name">
            {serverName}
          </p>
          <StatusPill />
        </div>
      </header>

      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        <Section
          title={t("sidebar.channels")}
          action={
            !guest && (
              <button type="button" className="icon-btn size-6" onClick={() => setCreating(true)} aria-label={t("channel.create")} title={t("channel.create")}>
                <PlusIcon size={15} />
              </button>
            )
          }
        >
          {channelIds.length ? (
            <ul className="space-y-px" aria-label={t("sidebar.channels")}>
              {channelIds.map((gid) => (
                <ChannelItem key={gid} gid={gid} />
              ))}
            </ul>
          ) : guest ? (
            <p className="px-2 py-1.5 text-sm text-zinc-500">{t("sidebar.no_public_channels")}</p>
          ) : (
            <button type="button" className="w-full rounded-md px-2 py-1.5 text-left text-sm text-zinc-500 hover:bg-zinc-200/70 dark:hover:bg-zinc-800" onClick={() => setCreating(true)}>
              {t("sidebar.no_channels")}
            </button>
          )}
        </Section>
        {!guest && (
          <Section
            title={t("sidebar.dms")}
            action={
              <button type="button" className="icon-btn size-6" onClick={() => setMessaging(true)} aria-label={t("dm.new")} title={t("dm.new")}>
                <PlusIcon size={15} />
              </button>
            }
          >
            {others.length ? (
              <ul className="space-y-px" aria-label={t("sidebar.dms")}>
                {others.map((uid) => (
                  <UserItem key={uid} uid={uid} />
                ))}
              </ul>
            ) : (
              <p className="px-2 py-1.5 text-sm text-zinc-500">{t("sidebar.no_users")}</p>
            )}
          </Section>
        )}
      </div>

      {creating && <CreateChannelModal onClose={() => setCreating(false)} />}
      {messaging && <NewMessageModal onClose={() => setMessaging(false)} />}
    </nav>
  );
}
