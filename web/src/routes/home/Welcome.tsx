import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EXTERNAL_LINKS } from "../../app/config";
import { useNavigate } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { AtIcon, ExternalIcon, HashIcon, HelpIcon, SmartphoneIcon, UserPlusIcon } from "../../components/Icons";
import MenuButton from "../../components/MenuButton";
import ServerLogo from "../../components/ServerLogo";
import Button from "../../components/ui/Button";
import CreateChannelModal from "./CreateChannelModal";
import DownloadAppsModal from "./DownloadAppsModal";
import InviteModal from "./InviteModal";
import NewMessageModal from "./NewMessageModal";

type Dialog = "invite" | "channel" | "dm" | "apps" | null;

function Entry({ icon, title, desc, onClick, href, wide }: { icon: ReactNode; title: string; desc: string; onClick?: () => void; href?: string; wide?: boolean }) {
  const body = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-600 transition group-hover:bg-primary-600 group-hover:text-white dark:bg-primary-950 dark:text-primary-300 dark:group-hover:bg-primary-500">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 font-semibold text-zinc-900 dark:text-zinc-100">
          {title}
          {href && <ExternalIcon size={13} className="text-zinc-400" />}
        </span>
        <span className="mt-0.5 block text-sm text-zinc-500 dark:text-zinc-400">{desc}</span>
      </span>
    </>
  );
  const cls =
    (wide ? "sm:col-span-2 " : "") +
    "group flex items-start gap-3.5 rounded-xl border border-zinc-200 bg-white p-4 text-left transition outline-none hover:border-primary-300 hover:shadow-md focus-visible:ring-3 focus-visible:ring-primary-500/30 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-primary-700";
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={cls}>
      {body}
    </a>
  ) : (
    <button type="button" onClick={onClick} className={cls}>
      {body}
    </button>
  );
}

/**
 * The home welcome screen: invite friends, create a channel, send a direct message, the mobile
 * apps, help.
 */
export default function Welcome() {
  const { t } = useTranslation("welcome");
  const navigate = useNavigate();
  const serverName = useAppSelector((s) => s.server.name);
  const me = useAppSelector((s) => s.authData.user);
  const guest = useAppSelector((s) => s.authData.guest);
  const onlyAdminInvites = useAppSelector((s) => {
    try {
      return !!JSON.parse(s.server.common?.ext_setting ?? "{}").admin_only_can_invite;
    } catch {
      return false;
    }
  });
  const onlyAdminChannels = useAppSelector((s) => !!s.server.common?.only_admin_can_create_group);
  const [dialog, setDialog] = useState<Dialog>(null);
  const name = serverName.trim() || "Parley";
  const admin = !!me?.is_admin;

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 items-center border-b border-zinc-200 px-4 md:hidden dark:border-zinc-800">
        <MenuButton />
      </div>
      <div className="flex flex-1 items-center justify-center overflow-y-auto p-6">
        <div className="w-full max-w-2xl">
          <div className="text-center">
            <ServerLogo name={name} size={64} className="mx-auto mb-5 shadow-lg shadow-primary-600/20" />
            <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("home.title", { name })}</h1>
            <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{guest ? t("home.desc_guest") : t("home.desc", { name: me?.name ?? "" })}</p>
          </div>
          {guest ? (
            <div className="mt-8 flex flex-col items-center gap-3">
              <Button size="lg" onClick={() => navigate("/login")}>
                {t("guest.sign_in", { ns: "common" })}
              </Button>
            </div>
          ) : null}
          <div className="mt-8 grid gap-3 sm:grid-cols-2" data-testid="welcome-entries">
            {!guest && (!onlyAdminInvites || admin) && (
              <Entry icon={<UserPlusIcon size={20} />} title={t("home.invite")} desc={t("home.invite_desc")} onClick={() => setDialog("invite")} />
            )}
            {!guest && (!onlyAdminChannels || admin) && (
              <Entry icon={<HashIcon size={20} />} title={t("home.create_channel")} desc={t("home.create_channel_desc")} onClick={() => setDialog("channel")} />
            )}
            {!guest && <Entry icon={<AtIcon size={20} />} title={t("home.send_dm")} desc={t("home.send_dm_desc")} onClick={() => setDialog("dm")} />}
            <Entry icon={<SmartphoneIcon size={20} />} title={t("home.apps")} desc={t("home.apps_desc")} onClick={() => setDialog("apps")} />
            <Entry icon={<HelpIcon size={20} />} title={t("home.help")} desc={t("home.help_desc")} href={EXTERNAL_LINKS.help} wide={!guest} />
          </div>
        </div>
      </div>
      {dialog === "invite" && <InviteModal onClose={() => setDialog(null)} />}
      {dialog === "channel" && <CreateChannelModal onClose={() => setDialog(null)} />}
      {dialog === "dm" && <NewMessageModal onClose={() => setDialog(null)} />}
      {dialog === "apps" && <DownloadAppsModal onClose={() => setDialog(null)} />}
    </div>
  );
}
