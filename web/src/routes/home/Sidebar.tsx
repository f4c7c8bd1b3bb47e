import { lazy, Suspense, useMemo, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { setSidebarCollapsed, toggleMenuExpand } from "../../app/slices/ui";
import { PanelLeftIcon } from "../../components/aside/icons";
import { matchesPerson } from "../../components/aside/members";
import { ChevronDownIcon, CloseIcon, PlusIcon } from "../../components/Icons";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import IconButton from "../../components/ui/IconButton";
import ConversationItem from "./sidebar/ConversationItem";
import { sameSections, selectSidebarSections } from "./sidebar/model";
import useConversationBootstrap from "./sidebar/useConversationBootstrap";
import useMessageNotifier from "./sidebar/useMessageNotifier";
import SearchField from "../../components/ui/SearchField";
import { STAGE, useStaged } from "../../hooks/useStaged";

// Dialogs load when first opened.
const CreateChannelModal = lazy(() => import("./CreateChannelModal"));
const NewMessageModal = lazy(() => import("./NewMessageModal"));

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

function Section({ id, title, count, action, children }: { id: string; title: string; count?: number; action?: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <section className="mt-3 first:mt-1" aria-label={title} data-section={id}>
      <div className="group/sec flex h-7 items-center justify-between pr-1 pl-1">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="flex items-center gap-1 rounded px-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase outline-none hover:text-zinc-800 focus-visible:ring-2 focus-visible:ring-primary-500/40 dark:text-zinc-400 dark:hover:text-zinc-200"
        >
          <ChevronDownIcon size={13} className={clsx("transition-transform", !open && "-rotate-90")} />
          <h2>{title}</h2>
          {count !== undefined && <span className="font-medium text-zinc-500 tabular-nums dark:text-zinc-400">{count}</span>}
        </button>
        {action}
      </div>
      {open && children}
    </section>
  );
}

/** The "+" in a section's header. */
function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton label={label} className="size-6 opacity-70 group-hover/sec:opacity-100" onClick={onClick}>
      <PlusIcon size={15} />
    </IconButton>
  );
}

/** What an empty section shows: a quiet line that does what its "+" does. */
function EmptyButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="w-full rounded-md px-2 py-1.5 text-left text-sm text-zinc-500 hover:bg-zinc-200/70 dark:text-zinc-400 dark:hover:bg-zinc-800" onClick={onClick}>
      {children}
    </button>
  );
}

function ConversationList({ keys, label }: { keys: string[]; label: string }) {
  return (
    <ul className="space-y-px" aria-label={label}>
      {keys.map((key) => (
        <ConversationItem key={key} convKey={key} />
      ))}
    </ul>
  );
}

/** People matching the filter who have no conversation yet: a click starts one. */
function PeopleMatches({ filter, exclude, fallback }: { filter: string; exclude: string[]; fallback: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const users = useAppSelector((s) => s.users);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const guest = useAppSelector((s) => s.authData.guest);
  const people = useMemo(() => {
    // Guests cannot write to people.
    if (guest) return [];
    const q = filter.trim().toLowerCase();
    const skip = new Set(exclude);
    return users.ids
      .map((uid) => users.byId[uid])
      .filter((u) => u && u.uid !== me && !skip.has(`dm:${u.uid}`) && matchesPerson(u, q))
      .slice(0, 8);
  }, [users, me, guest, filter, exclude]);
  if (!people.length) return fallback;
  return (
    <Section id="people" title={t("sidebar.people")}>
      <ul className="space-y-px" aria-label={t("sidebar.people")}>
        {people.map((u) => (
          <li key={u.uid}>
            <button
              type="button"
              onClick={() => {
                dispatch(toggleMenuExpand(false));
                navigate(`/chat/dm/${u.uid}`);
              }}
              className="flex w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left outline-none hover:bg-zinc-200/60 focus-visible:ring-2 focus-visible:ring-primary-500/40 dark:hover:bg-zinc-800/80"
            >
              <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={28} online={!!u.online} />
              <span className="min-w-0 flex-1 truncate text-[14px] font-medium text-zinc-700 dark:text-zinc-200">{u.name}</span>
              <span className="text-[11px] text-zinc-500 dark:text-zinc-400">{t("sidebar.start_dm")}</span>
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The conversation list: pinned chats, channels and direct messages by last activity. */
export default function Sidebar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const rawServerName = useAppSelector((s) => s.server.name);
  const guest = useAppSelector((s) => s.authData.guest);
  const hasChannels = useAppSelector((s) => s.channels.ids.length > 0);
  const [filter, setFilter] = useState("");
  const sections = useAppSelector((s) => selectSidebarSections(s, filter), sameSections);
  const [creating, setCreating] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const serverName = rawServerName.trim() || "Parley";
  const filtering = filter.trim() !== "";
  useConversationBootstrap();
  useMessageNotifier();
  // The conversations mount after the open one's messages (see useStaged).
  const listed = useStaged(STAGE.conversations);

  const nothingFound = filtering && !sections.pinned.length && !sections.channels.length && !sections.dms.length;

  return (
    <nav aria-label={t("sidebar.label")} className="flex h-full flex-col border-r border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 pr-2 pl-4 dark:border-zinc-800">
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] leading-tight font-bold text-zinc-900 dark:text-white" data-testid="server-name">
            {serverName}
          </p>
          <StatusPill />
        </div>
        <IconButton label={t("sidebar.collapse")} className="hidden md:inline-flex" onClick={() => dispatch(setSidebarCollapsed(true))}>
          <PanelLeftIcon size={18} />
        </IconButton>
        <IconButton label={t("sidebar.close")} className="md:hidden" onClick={() => dispatch(toggleMenuExpand(false))}>
          <CloseIcon size={18} />
        </IconButton>
      </header>

      <div className="shrink-0 px-3 pt-3 pb-1">
        <SearchField
          label={t("sidebar.search")}
          boxClassName="block"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && setFilter("")}
          placeholder={t("sidebar.search")}
          className="h-8 w-full rounded-lg border border-zinc-200 bg-white pr-2 pl-8 text-[13px] text-zinc-900 transition outline-none placeholder:text-zinc-400 focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:focus:border-primary-400"
          data-testid="sidebar-search"
        />
      </div>

      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {listed && (
          <>
            {sections.pinned.length > 0 && (
              <Section id="pinned" title={t("sidebar.pinned")} count={sections.pinned.length}>
                <ConversationList keys={sections.pinned} label={t("sidebar.pinned")} />
              </Section>
            )}
            {(!filtering || sections.channels.length > 0) && (
              <Section
                id="channels"
                title={t("sidebar.channels")}
                action={!guest && <AddButton label={t("channel.create")} onClick={() => setCreating(true)} />}
              >
                {sections.channels.length ? (
                  <ConversationList keys={sections.channels} label={t("sidebar.channels")} />
                ) : hasChannels ? null : guest ? (
                  <p className="px-2 py-1.5 text-sm text-zinc-500">{t("sidebar.no_public_channels")}</p>
                ) : (
                  <EmptyButton onClick={() => setCreating(true)}>{t("sidebar.no_channels")}</EmptyButton>
                )}
              </Section>
            )}
            {!guest && (!filtering || sections.dms.length > 0) && (
              <Section
                id="dms"
                title={t("sidebar.dms")}
                action={<AddButton label={t("dm.new")} onClick={() => setMessaging(true)} />}
              >
                {sections.dms.length ? (
                  <ConversationList keys={sections.dms} label={t("sidebar.dms")} />
                ) : (
                  <EmptyButton onClick={() => setMessaging(true)}>{t("sidebar.no_dms")}</EmptyButton>
                )}
              </Section>
            )}
            {filtering && (
              <PeopleMatches
                filter={filter}
                exclude={[...sections.pinned, ...sections.dms]}
                fallback={nothingFound && <p className="px-3 py-6 text-center text-sm text-zinc-500">{t("sidebar.no_match")}</p>}
              />
            )}
          </>
        )}
      </div>

      <Suspense fallback={null}>
        {creating && <CreateChannelModal onClose={() => setCreating(false)} />}
        {messaging && <NewMessageModal onClose={() => setMessaging(false)} />}
      </Suspense>
    </nav>
  );
}
