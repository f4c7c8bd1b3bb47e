import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { ChatIcon, UserIcon } from "../../components/Icons";
import { BlockButton } from "../../components/aside/ProfilePanel";
import { AutoDeleteSelect, MuteSelect } from "../../components/aside/Prefs";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Badge from "../../components/ui/Badge";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import { Section } from "./pages/parts";
import SettingsFrame from "./SettingsFrame";

/** `/setting/dm/{uid}/{nav?}`: the settings of a direct conversation — notifications, auto-delete, block. */
export default function DMSetting() {
  const { t } = useTranslation("setting");
  const navigate = useNavigate();
  const { uid, nav = "overview" } = useParams();
  const id = Number(uid);
  const user = useAppSelector((s) => s.users.byId[id]);
  const remark = useAppSelector((s) => s.footprint.remarks[id]);
  const blocked = useAppSelector((s) => s.footprint.contacts[id] === "blocked");
  const me = useAppSelector((s) => s.authData.user?.uid);
  if (nav !== "overview") return <Navigate to={`/setting/dm/${uid}/overview`} replace />;
  const name = user ? remark || user.name : "";
  return (
    <SettingsFrame title={name || t("dm.title")} active="overview" groups={[{ title: t("dm.title"), items: [{ key: "overview", label: t("channel.overview"), to: `/setting/dm/${uid}/overview` }] }]}>
      {!user || id === me ? (
        <EmptyState className="h-full" icon={<UserIcon size={28} />} title={t("dm.missing")} />
      ) : (
        <div className="mx-auto max-w-2xl space-y-8 p-6" data-testid="dm-settings">
          <div className="flex flex-wrap items-center gap-4">
            <Avatar name={user.name} seed={user.uid} src={avatarUrl(user.uid, user.avatar_updated_at)} size={64} rounded="full" online={!!user.online} />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 text-xl font-bold text-zinc-900 dark:text-white">
                <span className="truncate">{name}</span>
                {blocked && <Badge tone="warning">{t("dm.blocked")}</Badge>}
              </p>
              {remark && <p className="text-sm text-zinc-500 dark:text-zinc-400">{user.name}</p>}
              <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{user.email}</p>
            </div>
            <Button variant="secondary" size="sm" icon={<ChatIcon size={15} />} onClick={() => navigate(`/chat/dm/${id}`)}>
              {t("dm.open")}
            </Button>
          </div>
          <Section title={t("dm.prefs")}>
            <MuteSelect kind="dm" id={id} />
            <AutoDeleteSelect kind="dm" id={id} />
          </Section>
          <Section title={t("dm.privacy")}>
            <div className="flex flex-wrap items-center gap-4 px-5 py-4">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{blocked ? t("dm.blocked_title") : t("dm.block_title")}</p>
                <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t("dm.block_desc", { name })}</p>
              </div>
              <BlockButton uid={id} name={name} />
            </div>
          </Section>
        </div>
      )}
    </SettingsFrame>
  );
}
