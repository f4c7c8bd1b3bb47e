/**
 * Members (admin): every account from the user directory — the `users` slice, which the stream's
 * `users_log` keeps current, so a change made anywhere shows here without asking — admins first,
 * then bots, then members. The admin view (`GET /admin/user`) adds what the directory lacks
 * (frozen or not) and is read again whenever the directory moves on. The search asks the server
 * (`POST /user/search`); the menu changes roles, freezes, resets passwords and removes.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { UserInfo, UserStatus } from "@parley/protocol";
import { useGetAdminUsersQuery, useSearchUserMutation, useUpdateAdminUserMutation, type UserSearch } from "../../../app/services/adminUsers";
import { useAppSelector } from "../../../app/hooks";
import type { StoredUser } from "../../../app/slices/users";
import { SearchIcon, UserPlusIcon } from "../../../components/Icons";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import Input from "../../../components/ui/Input";
import { toast } from "../../../utils/toast";
import CreateUserModal from "./members/CreateUserModal";
import LimitNotice from "./members/LimitNotice";
import MemberRow, { type MemberAction } from "./members/MemberRow";
import RemoveMemberDialog from "./members/RemoveMemberDialog";
import ResetPasswordModal from "./members/ResetPasswordModal";
import { accountRefusalText, SelectField } from "./parts";

/** Admins first, then bots, then members (uid order within each). */
const rank = (u: UserInfo) => (u.is_admin && !u.is_bot ? 0 : u.is_bot ? 1 : 2);

type Dialog = { kind: "create" } | { kind: "reset" | "remove"; user: StoredUser } | null;

export default function Members() {
  const { t } = useTranslation("setting");
  const me = useAppSelector((s) => s.authData.user?.uid ?? 0);
  const users = useAppSelector((s) => s.users);
  const usersVersion = useAppSelector((s) => s.footprint.usersVersion);
  const admin = useGetAdminUsersQuery();
  const { refetch } = admin;
  const [update] = useUpdateAdminUserMutation();
  const [dialog, setDialog] = useState<Dialog>(null);

  // The directory moved on (an account created, changed or removed anywhere): the states may have too.
  const seenVersion = useRef(usersVersion);
  useEffect(() => {
    if (usersVersion === seenVersion.current) return;
    seenVersion.current = usersVersion;
    void refetch();
  }, [usersVersion, refetch]);

  const statusOf = new Map<number, UserStatus>((admin.data ?? []).map((u) => [u.uid, u.status]));
  const search = useMemberSearch();
  const all = users.ids.map((uid) => users.byId[uid]).filter(Boolean);
  const shown = search.found ? [users.byId[search.found.uid] ?? search.found] : [...all].sort((a, b) => rank(a) - rank(b));

  const act = async (action: MemberAction, user: StoredUser) => {
    if (action === "reset_password") return setDialog({ kind: "reset", user });
    if (action === "remove") return setDialog({ kind: "remove", user });
    const change = action === "make_admin" || action === "make_user" ? { is_admin: action === "make_admin" } : { status: action === "freeze" ? ("frozen" as const) : ("normal" as const) };
    const res = await update({ uid: user.uid, ...change });
    if ("error" in res) toast.error(accountRefusalText(res.error, t));
    else toast.success(t(`members_admin.done.${action}`, { name: user.name }));
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4 p-6" data-testid="members-page">
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm search={search} />
        <Button icon={<UserPlusIcon size={16} />} onClick={() => setDialog({ kind: "create" })} data-testid="create-user">
          {t("members_admin.create")}
        </Button>
      </div>
      <LimitNotice />
      {search.error && <Alert tone="warning">{search.error}</Alert>}
      {search.found && (
        <p className="flex items-center justify-between text-sm text-zinc-500 dark:text-zinc-400">
          {t("members_admin.search_result")}
          <Button variant="ghost" size="sm" onClick={search.clear}>
            {t("members_admin.search_clear")}
          </Button>
        </p>
      )}
      {!search.found && <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("count", { ns: "member", count: all.length })}</p>}
      <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900" aria-label={t("nav.members")} data-testid="member-list">
        {shown.map((u) => (
          <MemberRow key={u.uid} user={u} status={statusOf.get(u.uid)} me={me} onAction={(a, user) => void act(a, user)} />
        ))}
      </ul>
      {dialog?.kind === "create" && <CreateUserModal onClose={() => setDialog(null)} />}
      {dialog?.kind === "reset" && <ResetPasswordModal uid={dialog.user.uid} name={dialog.user.name} onClose={() => setDialog(null)} />}
      {dialog?.kind === "remove" && <RemoveMemberDialog user={dialog.user} onClose={() => setDialog(null)} />}
    </div>
  );
}

/** The server search's state: what was asked, what was found or why nothing was. */
function useMemberSearch() {
  const { t } = useTranslation("setting");
  const [searchUser, { isLoading }] = useSearchUserMutation();
  const [query, setQuery] = useState<UserSearch>({ search_type: "name", keyword: "" });
  const [found, setFound] = useState<UserInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    const keyword = query.keyword.trim();
    if (!keyword) return clear();
    const res = await searchUser({ ...query, keyword });
    setFound("data" in res && res.data ? res.data : null);
    setError("error" in res ? accountRefusalText(res.error, t) : null);
  };
  const clear = () => {
    setFound(null);
    setError(null);
    setQuery((q) => ({ ...q, keyword: "" }));
  };
  return { query, setQuery, found, error, run, clear, isLoading };
}

function SearchForm({ search }: { search: ReturnType<typeof useMemberSearch> }) {
  const { t } = useTranslation("setting");
  const { query, setQuery } = search;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search.run();
  };
  return (
    <form role="search" className="flex min-w-0 flex-1 flex-wrap items-end gap-2" onSubmit={submit} aria-label={t("members_admin.search")}>
      <SelectField label={t("members_admin.search_by")} value={query.search_type} onChange={(e) => setQuery({ ...query, search_type: e.target.value as UserSearch["search_type"] })} className="w-32">
        <option value="name">{t("members_admin.by.name")}</option>
        <option value="email">{t("members_admin.by.email")}</option>
        <option value="id">{t("members_admin.by.id")}</option>
      </SelectField>
      <Input
        label={t("members_admin.keyword")}
        type="search"
        value={query.keyword}
        onChange={(e) => setQuery({ ...query, keyword: e.target.value })}
        placeholder={t(`members_admin.placeholder.${query.search_type}`)}
        inputMode={query.search_type === "id" ? "numeric" : undefined}
        className="min-w-40 flex-1"
        data-testid="member-search"
      />
      <Button type="submit" variant="secondary" icon={<SearchIcon size={16} />} loading={search.isLoading}>
        {t("members_admin.search")}
      </Button>
    </form>
  );
}
