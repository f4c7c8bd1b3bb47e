/**
 * One account of the Members page: picture, name, e-mail, role and state, and the admin's menu.
 * The menu offers only what the server allows (docs/API.md "Identity"): nobody freezes, demotes or
 * removes themselves or the founder (uid 1); bots have no password to reset.
 */
import type { UserStatus } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import type { StoredUser } from "../../../../app/slices/users";
import { MoreIcon } from "../../../../components/ChatIcons";
import { KeyIcon, LockIcon, ShieldIcon, TrashIcon, UserIcon } from "../../../../components/Icons";
import Avatar, { avatarUrl } from "../../../../components/ui/Avatar";
import Badge from "../../../../components/ui/Badge";
import Menu, { type MenuEntry } from "../../../../components/ui/Menu";

/** The founder: the account the server was set up with, which stays an admin. */
export const FOUNDER_UID = 1;

/** What a member's menu can ask for; the page carries it out. */
export type MemberAction = "make_admin" | "make_user" | "freeze" | "unfreeze" | "reset_password" | "remove";

/** The menu's actions for `user`, seen by the admin `me`. */
export function memberActions(user: Pick<StoredUser, "uid" | "is_admin" | "is_bot">, status: UserStatus | undefined, me: number): MemberAction[] {
  const protectedAccount = user.uid === me || user.uid === FOUNDER_UID;
  const actions: MemberAction[] = [];
  if (!user.is_admin) actions.push("make_admin");
  else if (!protectedAccount) actions.push("make_user");
  if (!protectedAccount && status) actions.push(status === "frozen" ? "unfreeze" : "freeze");
  if (!user.is_bot) actions.push("reset_password");
  if (!protectedAccount) actions.push("remove");
  return actions;
}

const ICONS: Record<MemberAction, React.ReactNode> = {
  make_admin: <ShieldIcon size={16} />,
  make_user: <UserIcon size={16} />,
  freeze: <LockIcon size={16} />,
  unfreeze: <LockIcon size={16} />,
  reset_password: <KeyIcon size={16} />,
  remove: <TrashIcon size={16} />,
};

interface Props {
  user: StoredUser;
  status: UserStatus | undefined;
  me: number;
  onAction: (action: MemberAction, user: StoredUser) => void;
}

export default function MemberRow({ user, status, me, onAction }: Props) {
  const { t } = useTranslation(["setting", "member"]);
  const actions = memberActions(user, status, me);
  const items: MenuEntry[] = actions.flatMap((a): MenuEntry[] => [
    ...(a === "remove" ? (["divider"] as MenuEntry[]) : []),
    { key: a, label: t(`members_admin.action.${a}`), icon: ICONS[a], danger: a === "remove", onSelect: () => onAction(a, user) },
  ]);
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="member-row" data-uid={user.uid}>
      <Avatar name={user.name} seed={user.uid} src={avatarUrl(user.uid, user.avatar_updated_at)} size={36} online={!!user.online} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
          <span className="truncate" data-testid="member-name">
            {user.name}
          </span>
          {user.uid === me && <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">({t("you", { ns: "member" })})</span>}
        </p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email ?? `#${user.uid}`}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1.5">
        {status === "frozen" && (
          <Badge tone="warning" className="gap-1">
            <LockIcon size={11} />
            {t("members_admin.frozen")}
          </Badge>
        )}
        <Badge tone={user.is_admin && !user.is_bot ? "primary" : "neutral"}>{t(user.is_bot ? "bot" : user.is_admin ? "admin" : "member", { ns: "member" })}</Badge>
      </div>
      <Menu
        label={t("members_admin.menu", { name: user.name })}
        align="end"
        items={items}
        trigger={(props) => (
          <button {...props} type="button" className="icon-btn shrink-0" aria-label={t("members_admin.menu", { name: user.name })} title={t("members_admin.menu", { name: user.name })} data-testid="member-menu">
            <MoreIcon size={18} />
          </button>
        )}
      />
    </li>
  );
}
