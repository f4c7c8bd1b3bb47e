import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { useUpdateContactStatusMutation } from "../../app/services/contact";
import { MailIcon, SettingsIcon } from "../Icons";
import Avatar, { avatarUrl } from "../ui/Avatar";
import Badge from "../ui/Badge";
import BotBadge from "../ui/BotBadge";
import Button from "../ui/Button";
import { AutoDeleteSelect, MuteSelect } from "./Prefs";
import { roleOf } from "./members";

/**
 * Block / unblock (contacts, docs/API.md "Users"): a blocked user cannot send me direct messages.
 */
export function BlockButton({ uid, name }: { uid: number; name: string }) {
  const { t } = useTranslation("chat");
  const blocked = useAppSelector((s) => s.footprint.contacts[uid] === "blocked");
  const [update, { isLoading }] = useUpdateContactStatusMutation();
  return (
    <Button
      variant={blocked ? "secondary" : "ghost"}
      size="sm"
      loading={isLoading}
      className={blocked ? undefined : "text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"}
      onClick={() => void update({ target_uid: uid, action: blocked ? "unblock" : "block" })}
      data-testid="block-button"
    >
      {blocked ? t("profile.unblock", { name }) : t("profile.block", { name })}
    </Button>
  );
}

/** The DM side panel: who the other person is, and this conversation's preferences. */
export default function ProfilePanel({ uid }: { uid: number }) {
  const { t } = useTranslation(["chat", "member"]);
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.users.byId[uid]);
  const blocked = useAppSelector((s) => s.footprint.contacts[uid] === "blocked");
  if (!user) return null;
  const role = roleOf(user);
  return (
    <div className="scroll-thin min-h-0 flex-1 overflow-y-auto" data-testid="profile-panel">
      <div className="flex flex-col items-center px-5 pt-6 pb-5 text-center">
        <Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={80} rounded="full" online={!!user.online} />
        <p className="mt-3 text-lg font-bold text-zinc-900 dark:text-white">{user.name}</p>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          <span className={user.online ? "size-2 rounded-full bg-emerald-500" : "size-2 rounded-full border border-zinc-400"} />
          {user.online ? t("online", { ns: "member" }) : t("offline", { ns: "member" })}
        </p>
        <div className="mt-2 flex gap-1.5">
          {role === "admin" && <Badge tone="primary">{t("admin", { ns: "member" })}</Badge>}
          {role === "bot" && <BotBadge />}
          {blocked && <Badge tone="warning">{t("profile.blocked")}</Badge>}
        </div>
        {user.email && (
          <a href={`mailto:${user.email}`} className="mt-3 flex max-w-full items-center gap-1.5 truncate text-sm text-primary-600 hover:underline dark:text-primary-400">
            <MailIcon size={14} className="shrink-0" />
            <span className="truncate">{user.email}</span>
          </a>
        )}
      </div>
      <div className="mx-3 divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        <MuteSelect kind="dm" id={uid} stacked />
        <AutoDeleteSelect kind="dm" id={uid} stacked />
      </div>
      <div className="flex flex-col gap-2 p-3">
        <Button variant="secondary" size="sm" icon={<SettingsIcon size={15} />} onClick={() => navigate(`/setting/dm/${uid}/overview`)}>
          {t("profile.settings")}
        </Button>
        <BlockButton uid={uid} name={user.name} />
      </div>
    </div>
  );
}
