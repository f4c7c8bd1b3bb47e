/**
 * `/setting/{nav?}`: every settings page of VoceChat's client is in the navigation; the ones with
 * data already in the client show it, the rest show their finished empty state until their issue
 * lands. Admin pages are for admins; version-gated pages say which server version they need.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { MIN_VERSION } from "../../app/config";
import { useAppSelector } from "../../app/hooks";
import { LogoutIcon, SettingsIcon } from "../../components/Icons";
import LogoutDialog from "../../components/LogoutDialog";
import ServerVersionChecker from "../../components/ServerVersionChecker";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import useLogout from "../../hooks/useLogout";
import SettingsFrame, { type SettingsNavGroup } from "./SettingsFrame";
import type { SettingPageProps } from "./pages/types";

const ADMIN_GENERAL = ["overview", "members", "data_management", "auto_delete"];
const ADMIN_CONFIG = ["configuration", "bot", "firebase", "agora", "calls", "smtp", "login_methods", "third_party", "widget", "license"];
const ABOUT = ["about", "api_doc", "version"];
/** Pages that need a newer server (docs/API.md "Version"). */
const GATES: Record<string, string> = { data_management: MIN_VERSION.dataManagement, widget: MIN_VERSION.widget };

/**
 * The pages with content, each a chunk of its own (`pages/`); the others show their empty state
 * until their issue lands.
 */
const PAGES: Record<string, LazyExoticComponent<ComponentType<SettingPageProps>>> = {
  overview: lazy(() => import("./pages/Overview")),
  members: lazy(() => import("./pages/Members")),
  data_management: lazy(() => import("./pages/DataManagement")),
  auto_delete: lazy(() => import("./pages/AutoDelete")),
  configuration: lazy(() => import("./pages/Configuration")),
  bot: lazy(() => import("./pages/Bots")),
  firebase: lazy(() => import("./pages/Firebase")),
  agora: lazy(() => import("./pages/Agora")),
  calls: lazy(() => import("./pages/Calls")),
  smtp: lazy(() => import("./pages/Smtp")),
  login_methods: lazy(() => import("./pages/LoginMethods")),
  third_party: lazy(() => import("./pages/ThirdPartyLogin")),
  widget: lazy(() => import("./pages/Widget")),
  license: lazy(() => import("./pages/License")),
  my_account: lazy(() => import("./pages/MyAccount")),
  notifications: lazy(() => import("./pages/Notifications")),
  version: lazy(() => import("./pages/Version")),
  about: lazy(() => import("./pages/About")),
  api_doc: lazy(() => import("./pages/ApiDoc")),
};

export default function SettingPage() {
  const { t } = useTranslation("setting");
  const { nav } = useParams();
  const admin = useAppSelector((s) => !!s.authData.user?.is_admin);
  const logout = useLogout();
  const item = (key: string) => ({ key, label: t(`nav.${key}`), to: `/setting/${key}` });
  const groups: SettingsNavGroup[] = [
    ...(admin ? [{ title: t("group.general"), items: ADMIN_GENERAL.map(item) }] : []),
    { title: t("group.user"), items: [item("my_account"), item("notifications")] },
    ...(admin ? [{ title: t("group.admin"), items: ADMIN_CONFIG.map(item) }] : []),
    { title: t("group.about"), items: ABOUT.map(item) },
  ];
  const keys = groups.flatMap((g) => g.items.map((i) => i.key));
  const fallback = admin ? "overview" : "my_account";
  if (nav && !keys.includes(nav)) return <Navigate to={`/setting/${fallback}`} replace />;
  const active = nav ?? fallback;

  const Page = PAGES[active];
  let content = Page ? (
    <Suspense fallback={<div className="h-full" aria-busy="true" />}>
      <Page onLogout={logout.ask} />
    </Suspense>
  ) : (
    <EmptyState className="h-full" icon={<SettingsIcon size={28} />} title={t(`nav.${active}`)} description={t(`desc.${active}`)} />
  );
  if (GATES[active]) content = <ServerVersionChecker version={GATES[active]}>{content}</ServerVersionChecker>;

  return (
    <>
      <SettingsFrame
        title={t("title")}
        groups={groups}
        active={active}
        footer={
          <Button variant="ghost" block className="justify-start text-red-600! dark:text-red-400!" icon={<LogoutIcon size={16} />} onClick={logout.ask}>
            {t("logout.action", { ns: "common" })}
          </Button>
        }
      >
        {content}
      </SettingsFrame>
      <LogoutDialog logout={logout} />
    </>
  );
}
