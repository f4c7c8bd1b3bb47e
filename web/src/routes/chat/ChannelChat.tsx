import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useGetChannelQuery } from "../../app/services/channel";
import { HashIcon, LockIcon, UsersIcon } from "../../components/Icons";
import Loading from "../../components/Loading";
import NotFoundInLayout from "./NotFoundInLayout";
import ChatView from "./ChatView";

export default function ChannelChat() {
  const { t } = useTranslation("chat");
  const gid = Number(useParams().channel_id);
  const stored = useAppSelector((s) => s.channels.byId[gid]);
  const me = useAppSelector((s) => s.authData.user);
  const userCount = useAppSelector((s) => s.users.ids.length);
  // Just created or not yet announced by the stream: ask the server.
  const { data: fetched, isError } = useGetChannelQuery(gid, { skip: !!stored || !Number.isInteger(gid) });
  const channel = stored ?? fetched;

  if (!Number.isInteger(gid) || gid <= 0 || (!channel && isError)) return <NotFoundInLayout text={t("channel.not_found")} />;
  if (!channel) return <Loading fullscreen={false} />;

  const Icon = channel.is_public ? HashIcon : LockIcon;
  const memberCount = channel.is_public ? userCount : channel.members.length;
  const restricted =
    channel.only_owner_can_send_msg && me && !me.is_admin && channel.owner !== me.uid ? t("channel.only_owner") : undefined;

  return (
    <ChatView
      kind="channel"
      id={gid}
      placeholder={t("composer.placeholder_channel", { name: channel.name })}
      disabledReason={restricted}
      header={
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="flex items-center gap-1.5 text-[16px] font-bold text-zinc-900 dark:text-white">
              <Icon size={17} className="shrink-0 text-zinc-500" aria-label={channel.is_public ? t("channel.public") : t("channel.private")} />
              <span className="truncate" data-testid="channel-title">
                {channel.name}
              </span>
            </h1>
            {channel.description && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{channel.description}</p>}
          </div>
          <span className="flex shrink-0 items-center gap-1 rounded-md border border-zinc-200 px-2 py-1 text-xs text-zinc-500 dark:border-zinc-700 dark:text-zinc-400" title={t("channel.members")}>
            <UsersIcon size={14} />
            {memberCount}
          </span>
        </div>
      }
      intro={
        <div className="px-5 pt-8 pb-4">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
            <Icon size={24} />
          </span>
          <h2 className="mt-3 text-xl font-bold text-zinc-900 dark:text-white">{t("channel.intro_title", { name: channel.name })}</h2>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{channel.description || t("channel.intro_desc", { name: channel.name })}</p>
        </div>
      }
    />
  );
}
