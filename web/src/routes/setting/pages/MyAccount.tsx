import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { LogoutIcon } from "../../../components/Icons";
import ChatLayoutSetting from "../../../components/MessageList/content/ChatLayoutSetting";
import Avatar, { avatarUrl } from "../../../components/ui/Avatar";
import Button from "../../../components/ui/Button";
import { Card, Row } from "../SettingsFrame";
import type { SettingPageProps } from "./types";

export default function MyAccount({ onLogout }: SettingPageProps) {
  const { t } = useTranslation(["setting", "member"]);
  const me = useAppSelector((s) => s.authData.user);
  if (!me) return null;
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-6">
      <div className="flex items-center gap-4">
        <Avatar name={me.name} seed={me.uid} src={avatarUrl(me.uid, me.avatar_updated_at)} size={72} rounded="full" />
        <div className="min-w-0">
          <p className="truncate text-xl font-bold text-zinc-900 dark:text-white" data-testid="account-name">
            {me.name}
          </p>
          <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{me.email}</p>
        </div>
      </div>
      <Card>
        <Row label={t("account.name")}>{me.name}</Row>
        <Row label={t("account.email")}>{me.email ?? "—"}</Row>
        <Row label={t("account.uid")}>#{me.uid}</Row>
        <Row label={t("account.role")}>{me.is_admin ? t("admin", { ns: "member" }) : t("member", { ns: "member" })}</Row>
        <Row label={t("account.sign_in")}>{t(`account.method.${me.create_by}`, { defaultValue: me.create_by })}</Row>
      </Card>
      <ChatLayoutSetting />
      <Button variant="danger" icon={<LogoutIcon size={16} />} onClick={onLogout}>
        {t("logout.action", { ns: "common" })}
      </Button>
    </div>
  );
}
