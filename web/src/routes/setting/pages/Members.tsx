import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import Avatar, { avatarUrl } from "../../../components/ui/Avatar";
import Badge from "../../../components/ui/Badge";

export default function Members() {
  const { t } = useTranslation("member");
  const users = useAppSelector((s) => s.users);
  const list = users.ids.map((uid) => users.byId[uid]).filter(Boolean);
  const rank = (u: (typeof list)[number]) => (u.is_admin && !u.is_bot ? 0 : u.is_bot ? 1 : 2);
  return (
    <div className="mx-auto max-w-2xl p-6">
      <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {[...list].sort((a, b) => rank(a) - rank(b)).map((u) => (
          <li key={u.uid} className="flex items-center gap-3 px-4 py-3">
            <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={36} online={!!u.online} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{u.name}</p>
              <p className="truncate text-xs text-zinc-500">{u.email}</p>
            </div>
            <Badge tone={u.is_admin && !u.is_bot ? "primary" : "neutral"}>{t(u.is_bot ? "bot" : u.is_admin ? "admin" : "member")}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
