import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { UserIcon } from "../../components/Icons";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import EmptyState from "../../components/ui/EmptyState";
import SettingsFrame, { Card, Row } from "./SettingsFrame";

/** `/setting/dm/{uid}/{nav?}`: the settings of a direct conversation. */
export default function DMSetting() {
  const { t } = useTranslation("setting");
  const { uid, nav = "overview" } = useParams();
  const user = useAppSelector((s) => s.users.byId[Number(uid)]);
  const autoDelete = useAppSelector((s) => s.footprint.autoDeleteUsers[Number(uid)]);
  if (nav !== "overview") return <Navigate to={`/setting/dm/${uid}/overview`} replace />;
  return (
    <SettingsFrame title={user?.name ?? t("dm.title")} active="overview" groups={[{ title: t("dm.title"), items: [{ key: "overview", label: t("channel.overview"), to: `/setting/dm/${uid}/overview` }] }]}>
      {!user ? (
        <EmptyState className="h-full" icon={<UserIcon size={28} />} title={t("dm.missing")} />
      ) : (
        <div className="mx-auto max-w-2xl space-y-6 p-6">
          <div className="flex items-center gap-4">
            <Avatar name={user.name} seed={user.uid} src={avatarUrl(user.uid, user.avatar_updated_at)} size={64} rounded="full" />
            <div>
              <p className="text-xl font-bold text-zinc-900 dark:text-white">{user.name}</p>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">{user.email}</p>
            </div>
          </div>
          <Card>
            <Row label={t("dm.auto_delete")}>{autoDelete ? t("dm.seconds", { count: autoDelete }) : t("off")}</Row>
          </Card>
        </div>
      )}
    </SettingsFrame>
  );
}
