import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Loading from "../../components/Loading";
import ChatView from "./ChatView";
import NotFoundInLayout from "./NotFoundInLayout";

export default function DMChat() {
  const { t } = useTranslation("chat");
  const uid = Number(useParams().user_id);
  const user = useAppSelector((s) => s.users.byId[uid]);
  const usersLoaded = useAppSelector((s) => s.users.ids.length > 0);

  if (!Number.isInteger(uid) || uid <= 0 || (usersLoaded && !user)) return <NotFoundInLayout text={t("dm.not_found")} />;
  if (!user) return <Loading fullscreen={false} />;

  return (
    <ChatView
      kind="dm"
      id={uid}
      placeholder={t("composer.placeholder_dm", { name: user.name })}
      header={
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={32} online={!!user.online} />
          <div className="min-w-0">
            <h1 className="truncate text-[16px] font-bold text-zinc-900 dark:text-white" data-testid="channel-title">
              {user.name}
            </h1>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{user.online ? t("dm.online") : t("dm.offline")}</p>
          </div>
        </div>
      }
      intro={
        <div className="px-5 pt-8 pb-4">
          <Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={56} />
          <h2 className="mt-3 text-xl font-bold text-zinc-900 dark:text-white">{user.name}</h2>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t("dm.intro", { name: user.name })}</p>
        </div>
      }
    />
  );
}
