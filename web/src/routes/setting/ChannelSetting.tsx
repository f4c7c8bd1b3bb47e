import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { HashIcon, LockIcon } from "../../components/Icons";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Badge from "../../components/ui/Badge";
import EmptyState from "../../components/ui/EmptyState";
import SettingsFrame, { Card, Row } from "./SettingsFrame";

/** `/setting/channel/{cid}/{nav?}`: a channel's settings (overview and members). */
export default function ChannelSetting() {
  const { t } = useTranslation("setting");
  const { cid, nav = "overview" } = useParams();
  const gid = Number(cid);
  const channel = useAppSelector((s) => s.channels.byId[gid]);
  const users = useAppSelector((s) => s.users);
  if (!["overview", "members"].includes(nav)) return <Navigate to={`/setting/channel/${cid}/overview`} replace />;
  const Icon = channel?.is_public ? HashIcon : LockIcon;
  const members = channel ? (channel.is_public ? users.ids : channel.members) : [];
  return (
    <SettingsFrame
      title={channel ? `#${channel.name}` : t("channel.title")}
      active={nav}
      groups={[
        {
          title: t("channel.title"),
          items: [
            { key: "overview", label: t("channel.overview"), to: `/setting/channel/${cid}/overview` },
            { key: "members", label: t("channel.members"), to: `/setting/channel/${cid}/members` },
          ],
        },
      ]}
    >
      {!channel ? (
        <EmptyState className="h-full" icon={<HashIcon size={28} />} title={t("channel.missing")} />
      ) : nav === "overview" ? (
        <div className="mx-auto max-w-2xl space-y-6 p-6">
          <div className="flex items-center gap-3">
            <span className="flex size-12 items-center justify-center rounded-xl bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
              <Icon size={22} />
            </span>
            <div>
              <p className="text-xl font-bold text-zinc-900 dark:text-white">{channel.name}</p>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">{channel.description || t("overview.no_description")}</p>
            </div>
          </div>
          <Card>
            <Row label={t("channel.type")}>{channel.is_public ? t("channel.public") : t("channel.private")}</Row>
            <Row label={t("channel.members")}>{members.length}</Row>
            <Row label={t("channel.pinned")}>{channel.pinned_messages?.length ?? 0}</Row>
          </Card>
        </div>
      ) : (
        <ul className="mx-auto max-w-2xl divide-y divide-zinc-100 p-6 dark:divide-zinc-800">
          {members.map((uid) => {
            const u = users.byId[uid];
            if (!u) return null;
            return (
              <li key={uid} className="flex items-center gap-3 py-2.5">
                <Avatar name={u.name} seed={uid} src={avatarUrl(uid, u.avatar_updated_at)} size={32} />
                <span className="flex-1 truncate text-sm text-zinc-900 dark:text-zinc-100">{u.name}</span>
                {channel.owner === uid && <Badge tone="primary">{t("channel.owner")}</Badge>}
              </li>
            );
          })}
        </ul>
      )}
    </SettingsFrame>
  );
}
