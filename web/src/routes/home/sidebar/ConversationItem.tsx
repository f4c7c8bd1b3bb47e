import { lazy, memo, Suspense, useCallback, useId, useRef, useState, type MouseEvent } from "react";
import { NavLink, useMatch } from "react-router";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppDispatch, useAppSelector } from "../../../app/hooks";
import { selectIsMuted, selectLastMessage, selectMentionCount, selectUnreadCount } from "../../../app/selectors";
import { toggleMenuExpand } from "../../../app/slices/ui";
import ChannelAvatar from "../../../components/aside/ChannelAvatar";
import { BellOffIcon, MoreIcon } from "../../../components/aside/icons";
import Avatar, { avatarUrl } from "../../../components/ui/Avatar";
import { activityLabel } from "../../../utils/dates";
import { chatPath, messageText, parseRefKey } from "./model";
import SidebarCall from "../../../calls/SidebarCall";

// The menu loads on the first right-click or "…".
const ConversationMenu = lazy(() => import("./ConversationMenu"));

function Preview({ convKey, active, id }: { convKey: string; active: boolean; id: string }) {
  const { t } = useTranslation("chat");
  const { kind, id: cid } = parseRefKey(convKey);
  const last = useAppSelector((s) => selectLastMessage(s, kind, cid));
  const me = useAppSelector((s) => s.authData.user?.uid);
  const users = useAppSelector((s) => s.users.byId);
  if (!last) return <span id={id} className={clsx("truncate text-[13px]", active ? "text-white/80" : "text-zinc-500 dark:text-zinc-400")}>{t("preview.empty")}</span>;
  const text = messageText(last, t, (uid) => users[uid]?.name);
  const sender = last.from_uid === me ? t("preview.you") : kind === "channel" ? (users[last.from_uid]?.name ?? t("message.unknown_user", { uid: last.from_uid })) : null;
  return (
    <span id={id} className="truncate text-[13px]" data-testid="conversation-preview">
      {sender && <span className={clsx(active ? "text-white/90" : "text-zinc-600 dark:text-zinc-300")}>{sender}: </span>}
      {text}
    </span>
  );
}

function ItemAvatar({ convKey, active }: { convKey: string; active: boolean }) {
  const { kind, id } = parseRefKey(convKey);
  const channel = useAppSelector((s) => (kind === "channel" ? s.channels.byId[id] : undefined));
  const user = useAppSelector((s) => (kind === "dm" ? s.users.byId[id] : undefined));
  if (channel) return <ChannelAvatar channel={channel} size={36} tone={active ? "active" : "default"} />;
  if (user) return <Avatar name={user.name} seed={id} src={avatarUrl(id, user.avatar_updated_at)} size={36} online={!!user.online} />;
  return null;
}

/** One conversation of the sidebar: picture, name, last activity, preview, unread and @ badges, menu. */
function ConversationItem({ convKey }: { convKey: string }) {
  const { t, i18n } = useTranslation("chat");
  const dispatch = useAppDispatch();
  const { kind, id } = parseRefKey(convKey);
  // A DM shows my private remark for the person, when I set one.
  const name = useAppSelector((s) => (kind === "channel" ? s.channels.byId[id]?.name : s.users.byId[id] && (s.footprint.remarks[id] || s.users.byId[id].name)));
  const lastAt = useAppSelector((s) => selectLastMessage(s, kind, id)?.created_at);
  const unreadCount = useAppSelector((s) => selectUnreadCount(s, kind, id));
  const mentionCount = useAppSelector((s) => selectMentionCount(s, kind, id));
  const muted = useAppSelector((s) => selectIsMuted(s, kind, id));
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const previewId = useId();
  const path = chatPath({ kind, id });
  const isActive = !!useMatch(path);
  // The open conversation marks what is seen as read; its own badge would only flicker.
  const unread = isActive ? 0 : unreadCount;
  const mentions = isActive ? 0 : mentionCount;
  const closeMenu = useCallback((refocus: boolean) => {
    setMenu(null);
    if (refocus) moreRef.current?.focus();
  }, []);
  if (name === undefined) return null;

  const onContextMenu = (e: MouseEvent) => {
    e.preventDefault();
    setMenu({ x: e.clientX, y: e.clientY });
  };
  const openFromButton = () => {
    const r = moreRef.current?.getBoundingClientRect();
    if (r) setMenu({ x: r.left, y: r.bottom + 4 });
  };
  // Read after the name, as part of the link's name: ", 3 unread messages, mentioned".
  const status = [
    unread ? t("sidebar_item.unread", { count: unread }) : "",
    mentions ? t("sidebar_item.mentioned") : "",
    muted ? t("sidebar_item.muted") : "",
  ]
    .filter(Boolean)
    .map((s) => `, ${s}`)
    .join("");
  const showUnread = unread > 0 && !muted;

  return (
    <li
      className="group/item relative"
      onContextMenu={onContextMenu}
      data-testid="conversation"
      data-conv={convKey}
      data-unread={unread || undefined}
      data-muted={muted || undefined}
    >
      <NavLink
        to={path}
        aria-describedby={previewId}
        onClick={() => dispatch(toggleMenuExpand(false))}
        className={clsx(
          "flex items-center gap-2.5 rounded-lg px-2 py-1.5 outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
          isActive
            ? "bg-primary-600 text-white shadow-sm shadow-primary-600/20 dark:bg-primary-600/90"
            : "hover:bg-zinc-200/60 dark:hover:bg-zinc-800/80",
        )}
      >
        {/* A muted row is subdued by its colours; faded text would fall below a readable contrast. */}
        <span className={clsx("flex shrink-0", muted && !isActive && "opacity-55")}>
          <ItemAvatar convKey={convKey} active={isActive} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-center gap-1.5">
            <span
              className={clsx(
                "truncate text-[14px] leading-5",
                isActive
                  ? "font-semibold text-white"
                  : showUnread
                    ? "font-bold text-zinc-900 dark:text-white"
                    : muted
                      ? "font-medium text-zinc-500 dark:text-zinc-400"
                      : "font-medium text-zinc-700 dark:text-zinc-200",
              )}
            >
              <span data-testid={kind === "dm" ? "sidebar-dm-name" : "sidebar-channel-name"}>{name}</span>
              {status && <span className="sr-only">{status}</span>}
            </span>
            {muted && <BellOffIcon size={13} className={clsx("shrink-0", isActive ? "text-white/70" : "text-zinc-400")} />}
            <SidebarCall kind={kind} id={id} active={isActive} />
            {/*
              The link's name is what its text says, the name and status (so speech control finds it
              by what is seen); the time and preview are seen, and read as its description.
            */}
            {lastAt !== undefined && (
              <span
                aria-hidden="true"
                className={clsx(
                  "ml-auto shrink-0 pl-1 text-[11px] tabular-nums transition-opacity group-focus-within/item:opacity-0 group-hover/item:opacity-0",
                  isActive ? "text-white/85" : showUnread ? "font-semibold text-primary-600 dark:text-primary-400" : "text-zinc-500 dark:text-zinc-400",
                )}
              >
                {activityLabel(lastAt, i18n.language)}
              </span>
            )}
          </span>
          {/* The preview is the link's description (aria-describedby), not part of its name. */}
          <span aria-hidden="true" className={clsx("flex min-w-0 items-center gap-1.5", isActive ? "text-white/80" : showUnread ? "text-zinc-700 dark:text-zinc-300" : "text-zinc-500 dark:text-zinc-400")}>
            <Preview convKey={convKey} active={isActive} id={previewId} />
            <span className="ml-auto flex shrink-0 items-center gap-1">
              {mentions > 0 && (
                <span
                  className={clsx(
                    "flex size-5 items-center justify-center rounded-full text-[11px] font-bold",
                    isActive ? "bg-white text-primary-700" : muted ? "bg-zinc-300 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200" : "bg-red-500 text-white",
                  )}
                  data-testid="mention-badge"
                  aria-hidden="true"
                >
                  @
                </span>
              )}
              {unread > 0 && (
                <span
                  className={clsx(
                    "min-w-5 rounded-full px-1.5 text-center text-[11px] leading-5 font-semibold tabular-nums",
                    isActive
                      ? "bg-white text-primary-700"
                      : muted
                        ? "bg-zinc-200 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400"
                        : "bg-primary-600 text-white dark:bg-primary-500",
                  )}
                  data-testid="unread-badge"
                  data-subdued={muted || undefined}
                  aria-hidden="true"
                >
                  {unread > 99 ? "99+" : unread}
                </span>
              )}
            </span>
          </span>
        </span>
      </NavLink>
      <button
        ref={moreRef}
        type="button"
        aria-label={t("conv_menu.label", { name })}
        title={t("conv_menu.label", { name })}
        aria-haspopup="menu"
        aria-expanded={!!menu}
        onClick={openFromButton}
        className={clsx(
          "absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-md opacity-0 transition group-focus-within/item:opacity-100 group-hover/item:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-primary-500/40 focus-visible:outline-none",
          menu && "opacity-100",
          isActive ? "text-white hover:bg-white/20" : "text-zinc-500 hover:bg-zinc-300/60 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-white",
        )}
      >
        <MoreIcon size={16} />
      </button>
      {menu && (
        <Suspense fallback={null}>
          <ConversationMenu conv={{ kind, id }} name={name} x={menu.x} y={menu.y} onClose={closeMenu} />
        </Suspense>
      )}
    </li>
  );
}

export default memo(ConversationItem);
