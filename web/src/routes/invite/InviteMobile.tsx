/**
 * `/invite_mobile/{magic_token}`: the registration link `/#/register?magic_token=…`,
 * the app's deep link, a copyable invitation link and the store links (Android: store and APK;
 * other devices: iOS). Desktops go straight to the registration link.
 */
import "../../styles/app.css";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { EXTERNAL_LINKS, appDeepLink } from "../../app/config";
import { useAppSelector } from "../../app/hooks";
import AuthShell from "../../components/AuthShell";
import { DownloadIcon, ExternalIcon, SmartphoneIcon } from "../../components/Icons";
import ServerLogo from "../../components/ServerLogo";
import CopyField from "../../components/ui/CopyField";
import Divider from "../../components/ui/Divider";
import { isAndroid, isMobile } from "../../utils/platform";

export default function InviteMobile() {
  const { t } = useTranslation("auth");
  const { magic_token = "" } = useParams();
  const serverName = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const inviteLink = useMemo(() => `${window.location.origin}/#/register?magic_token=${encodeURIComponent(magic_token)}`, [magic_token]);
  const mobile = isMobile();

  useEffect(() => {
    if (!mobile && magic_token) window.location.replace(inviteLink);
  }, [mobile, magic_token, inviteLink]);

  const stores = isAndroid()
    ? [
        { href: EXTERNAL_LINKS.androidStore, label: t("invite_mobile.google_play") },
        { href: EXTERNAL_LINKS.androidApk, label: t("invite_mobile.apk") },
      ]
    : [{ href: EXTERNAL_LINKS.iosStore, label: t("invite_mobile.app_store") }];

  return (
    <AuthShell>
      <div className="flex flex-col items-center text-center">
        <ServerLogo name={serverName} size={64} />
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("invite_mobile.title", { name: serverName })}</h1>
        <p className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          {t("invite_mobile.have_app")}{" "}
          <a href={appDeepLink(inviteLink)} className="font-semibold text-primary-600 hover:underline dark:text-primary-400">
            {t("invite_mobile.open")}
          </a>
        </p>
      </div>
      <a href={`${inviteLink}&ctx=web`} className="btn-primary mt-7 w-full py-2.5 text-[15px]">
        {t("invite_mobile.continue_web")}
      </a>
      <Divider>{t("login.or")}</Divider>
      <p className="mb-3 text-center text-xs text-zinc-500 dark:text-zinc-400">{t("invite_mobile.copy_hint")}</p>
      <CopyField value={inviteLink} label={t("invite_mobile.link_label")} />
      <ul className="mt-6 grid gap-2">
        {stores.map((s) => (
          <li key={s.href}>
            <a href={s.href} target="_blank" rel="noopener noreferrer" className="btn-secondary w-full justify-between">
              <span className="inline-flex items-center gap-2">
                {s.href.endsWith(".apk") ? <DownloadIcon size={16} /> : <SmartphoneIcon size={16} />}
                {s.label}
              </span>
              <ExternalIcon size={14} className="opacity-60" />
            </a>
          </li>
        ))}
      </ul>
    </AuthShell>
  );
}
