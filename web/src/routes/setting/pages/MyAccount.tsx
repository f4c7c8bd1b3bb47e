/**
 * My Account (every signed-in member): profile and picture, display preferences, password,
 * passkeys, signed-in devices, deleting the account, and signing out. Each part saves on its own.
 */
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { LogoutIcon } from "../../../components/Icons";
import Button from "../../../components/ui/Button";
import { Card, Row } from "../SettingsFrame";
import DeleteAccount from "./account/DeleteAccount";
import DevicesCard from "./account/DevicesCard";
import PasskeysCard from "./account/PasskeysCard";
import LinkedAccountsCard from "./account/LinkedAccountsCard";
import PasswordForm from "./account/PasswordForm";
import Preferences from "./account/Preferences";
import ProfileForm from "./account/ProfileForm";
import type { SettingPageProps } from "./types";

export default function MyAccount({ onLogout }: SettingPageProps) {
  const { t } = useTranslation(["setting", "member"]);
  const me = useAppSelector((s) => s.authData.user);
  if (!me) return null;
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-6">
      <div className="min-w-0">
        <p className="truncate text-xl font-bold text-zinc-900 dark:text-white" data-testid="account-name">
          {me.name}
        </p>
        <p className="truncate text-sm text-zinc-500 dark:text-zinc-400">{me.email}</p>
      </div>
      <ProfileForm me={me} />
      <Card>
        <Row label={t("account.uid")}>#{me.uid}</Row>
        <Row label={t("account.role")}>{me.is_admin ? t("admin", { ns: "member" }) : t("member", { ns: "member" })}</Row>
        <Row label={t("account.sign_in")}>{t(`account.method.${me.create_by}`, { defaultValue: me.create_by })}</Row>
      </Card>
      <Preferences />
      <PasswordForm />
      <PasskeysCard />
      <LinkedAccountsCard />
      <DevicesCard />
      <DeleteAccount name={me.name} />
      <Button variant="danger" icon={<LogoutIcon size={16} />} onClick={onLogout} data-testid="account-sign-out">
        {t("logout.action", { ns: "common" })}
      </Button>
    </div>
  );
}
