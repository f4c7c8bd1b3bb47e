/**
 * `/users` and `/users/{user_id}` (spec §2): the member listing (admins, then bots, then members,
 * with counts — spec §3) and a member's card. The full contacts screen comes with its own issue.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useNavigate, useParams } from "react-router";
import clsx from "clsx";
import { useAppSelector } from "../../app/hooks";
import type { StoredUser } from "../../app/slices/users";
import { ArrowLeftIcon, ChatIcon, MailIcon, SearchIcon, UsersIcon } from "../../components/Icons";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Badge from "../../components/ui/Badge";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import Input from "../../components/ui/Input";
import PageHeader from "../../components/ui/PageHeader";

type Group = "admin" | "bot" | "member";
const groupOf = (u: StoredUser): Group => (u.is_bot ? "bot" : u.is_admin ? "admin" : "member");

function Profile({ user, me }: { user: StoredUser; me?: number }) {
  const { t } = useTranslation("member");
  const navigate = useNavigate();
  const role = groupOf(user);
  return (
    <div className="flex flex-1 flex-col items-center overflow-y-auto px-6 py-12 text-center">
      <Avatar name={user.name} seed={user.uid} src={avatarUrl(user.uid, user.avatar_updated_at)} size={88} rounded="full" online={!!user.online} />
      <h2 className="mt-4 text-xl font-bold text-zinc-900 dark:text-white" data-testid="profile-name">
        {user.name}
      </h2>
      <div className="mt-2 flex items-center gap-2">
        <Badge tone={role === "admin" ? "primary" : "neutral"}>{t(role)}</Badge>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{user.online ? t("online") : t("offline")}</span>
      </div>
      {user.email && (
        <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          <MailIcon size={15} />
          {user.email}
        </p>
      )}
      <p className="mt-1 font-mono text-xs text-zinc-400">#{user.uid}</p>
      {user.uid !== me && (
        <Button className="mt-6" icon={<ChatIcon size={16} />} onClick={() => navigate(`/chat/dm/${user.uid}`)}>
          {t("send_message")}
        </Button>
      )}
    </div>
  );
}

export default function UsersPage() {
  const { t } = useTranslation("member");
  const navigate = useNavigate();
  const selected = Number(useParams().user_id);
  const users = useAppSelector((s) => s.users);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const [filter, setFilter] = useState("");

  const groups = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = users.ids.map((uid) => users.byId[uid]).filter(Boolean);
    const list = all.filter((u) => !q || u.name.toLowerCase().includes(q) || (u.email ?? "").toLowerCase().includes(q));
    return (["admin", "bot", "member"] as Group[]).map((g) => ({ key: g, users: list.filter((u) => groupOf(u) === g) })).filter((g) => g.users.length);
  }, [users, filter]);
  const user = Number.isInteger(selected) ? users.byId[selected] : undefined;

  return (
    <div className="flex h-full min-h-0">
      <aside className={clsx("flex w-full flex-col border-r border-zinc-200 bg-zinc-50 md:w-72 dark:border-zinc-800 dark:bg-zinc-950", user && "hidden md:flex")}>
        <PageHeader title={t("title")} subtitle={t("count", { count: users.ids.length })} />
        <div className="p-3">
          <Input type="search" aria-label={t("search")} placeholder={t("search")} leading={<SearchIcon size={16} />} value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <div className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-4">
          {groups.map((g) => (
            <section key={g.key} aria-label={t(`group.${g.key}`)} className="mb-3">
              <h2 className="px-2 py-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
                {t(`group.${g.key}`)} · {g.users.length}
              </h2>
              <ul className="space-y-px">
                {g.users.map((u) => (
                  <li key={u.uid}>
                    <NavLink
                      to={`/users/${u.uid}`}
                      className={({ isActive }) =>
                        clsx(
                          "flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
                          isActive ? "bg-primary-600 text-white dark:bg-primary-500/90" : "text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800",
                        )
                      }
                    >
                      <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={28} online={!!u.online} />
                      <span className="truncate">{u.name}</span>
                      {u.uid === me && <span className="ml-auto text-xs opacity-70">{t("you")}</span>}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {!groups.length && <p className="px-2 py-6 text-center text-sm text-zinc-500">{t("none")}</p>}
        </div>
      </aside>
      <section className={clsx("min-w-0 flex-1 flex-col", user ? "flex" : "hidden md:flex")}>
        {user ? (
          <>
            <div className="flex h-14 items-center border-b border-zinc-200 px-3 md:hidden dark:border-zinc-800">
              <Button variant="ghost" size="sm" icon={<ArrowLeftIcon size={16} />} onClick={() => navigate("/users")}>
                {t("title")}
              </Button>
            </div>
            <Profile user={user} me={me} />
          </>
        ) : (
          <EmptyState className="flex-1" icon={<UsersIcon size={28} />} title={t("pick_title")} description={t("pick_desc")} />
        )}
      </section>
    </div>
  );
}
