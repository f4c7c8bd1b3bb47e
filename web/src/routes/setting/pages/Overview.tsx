import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import ServerLogo from "../../../components/ServerLogo";
import { Card, Row } from "../SettingsFrame";

export default function Overview() {
  const { t } = useTranslation("setting");
  const server = useAppSelector((s) => s.server);
  const members = useAppSelector((s) => s.users.ids.length);
  const channels = useAppSelector((s) => s.channels.ids.length);
  const name = server.name.trim() || "Parley";
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-6">
      <div className="flex items-center gap-4">
        <ServerLogo name={name} size={64} />
        <div className="min-w-0">
          <p className="truncate text-xl font-bold text-zinc-900 dark:text-white">{name}</p>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{server.description || t("overview.no_description")}</p>
        </div>
      </div>
      <Card>
        <Row label={t("overview.members")}>{members}</Row>
        <Row label={t("overview.channels")}>{channels}</Row>
        <Row label={t("overview.sign_up")}>{server.loginConfig?.who_can_sign_up === "InvitationOnly" ? t("overview.invite_only") : t("overview.everyone")}</Row>
        <Row label={t("overview.guest")}>{server.loginConfig?.guest ? t("on") : t("off")}</Row>
      </Card>
    </div>
  );
}
