/** The member directory (the left pane of `/users`): search, contact filter, grouped list. */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import clsx from "clsx";
import { useAppSelector } from "../../app/hooks";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import BotBadge from "../../components/ui/BotBadge";
import CountToggle, { type CountToggleLook } from "../../components/ui/CountToggle";
import { SearchInput } from "../../components/ui/SearchField";
import PageHeader from "../../components/ui/PageHeader";
import { BanIcon, UserCheckIcon } from "./icons";
import { buildDirectory, DIRECTORY_FILTERS, filterCounts, type DirectoryFilter } from "./directory";

/** The contact filters: a segmented control. */
const SEGMENT: CountToggleLook = {
  base: "flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium transition outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
  on: "bg-white text-zinc-900 shadow-xs dark:bg-zinc-700 dark:text-white",
  off: "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
  countOn: "text-zinc-500 dark:text-zinc-300",
  countOff: "text-zinc-500 dark:text-zinc-400",
};

export default function Directory({ className }: { className?: string }) {
  const { t } = useTranslation("member");
  const users = useAppSelector((s) => s.users);
  const contacts = useAppSelector((s) => s.footprint.contacts);
  const remarks = useAppSelector((s) => s.footprint.remarks);
  const me = useAppSelector((s) => s.authData.user?.uid);
  // VoceChat hides presence when the server says so (`show_user_online_status`).
  const showOnline = useAppSelector((s) => s.server.common?.show_user_online_status !== false);
  const [query, setQuery] = useState("");
  const [filter, setFilter] = useState<DirectoryFilter>("all");

  const all = useMemo(() => users.ids.map((uid) => users.byId[uid]).filter(Boolean), [users]);
  const counts = useMemo(() => filterCounts(all, contacts), [all, contacts]);
  const groups = useMemo(() => buildDirectory({ users: all, contacts, remarks, query, filter }), [all, contacts, remarks, query, filter]);

  return (
    <aside className={clsx("flex w-full flex-col border-r border-zinc-200 bg-zinc-50 md:w-80 dark:border-zinc-800 dark:bg-zinc-950", className)}>
      <PageHeader title={t("title")} subtitle={t("count", { count: users.ids.length })} />
      <div className="space-y-2.5 p-3">
        <SearchInput label={t("search")} value={query} onChange={(e) => setQuery(e.target.value)} />
        <div className="flex gap-1 rounded-lg bg-zinc-200/60 p-0.5 dark:bg-zinc-900" role="group" aria-label={t("filter.label")}>
          {DIRECTORY_FILTERS.map((f) => (
            <CountToggle key={f} pressed={filter === f} count={counts[f]} look={SEGMENT} onClick={() => setFilter(f)}>
              {t(`filter.${f}`)}
            </CountToggle>
          ))}
        </div>
      </div>
      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {groups.map((g) => (
          <section key={g.role} aria-label={t(`group.${g.role}`)} className="mb-3">
            <h2 className="px-2 py-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              {t(`group.${g.role}`)} · {g.users.length}
            </h2>
            <ul className="space-y-px">
              {g.users.map((u) => {
                const remark = remarks[u.uid];
                const status = contacts[u.uid];
                return (
                  <li key={u.uid}>
                    <NavLink
                      to={`/users/${u.uid}`}
                      data-testid="directory-user"
                      className={({ isActive }) =>
                        clsx(
                          "group flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
                          isActive ? "bg-primary-600 text-white dark:bg-primary-600/90" : "text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800",
                        )
                      }
                    >
                      {({ isActive }) => (
                        <>
                          <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={30} online={showOnline ? u.uid === me || !!u.online : undefined} />
                          <span className="min-w-0 flex-1 leading-tight">
                            <span className="block truncate font-medium">{remark || u.name}</span>
                            {remark && <span className={clsx("block truncate text-xs", isActive ? "text-white/85" : "text-zinc-500 dark:text-zinc-400")}>{u.name}</span>}
                          </span>
                          {u.is_bot && <BotBadge inverted={isActive} />}
                          {u.uid === me && <span className={clsx("text-xs", isActive ? "text-white/85" : "text-zinc-500 dark:text-zinc-400")}>{t("you")}</span>}
                          {status === "added" && (
                            <span title={t("contact.status_added")} className={isActive ? "text-white/85" : "text-primary-600 dark:text-primary-400"}>
                              <UserCheckIcon size={15} aria-label={t("contact.status_added")} aria-hidden={false} role="img" />
                            </span>
                          )}
                          {status === "blocked" && (
                            <span title={t("contact.status_blocked")} className={isActive ? "text-white/85" : "text-red-500 dark:text-red-400"}>
                              <BanIcon size={15} aria-label={t("contact.status_blocked")} aria-hidden={false} role="img" />
                            </span>
                          )}
                        </>
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
        {!groups.length && (
          <p className="px-2 py-8 text-center text-sm text-zinc-500">{filter === "all" || query.trim() ? t("none") : t(`filter.empty_${filter}`)}</p>
        )}
      </div>
    </aside>
  );
}
