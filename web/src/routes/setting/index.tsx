/**
 * `/setting/{nav?}`: every settings page of VoceChat's client is in the navigation; the ones with
 * data already in the client show it, the rest show their finished empty state until their issue
 * lands. Admin pages are for admins; version-gated pages say which server version they need.
 */
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { MIN_VERSION, SUB_VERSION, VERSION } from "../../app/config";
import { useAppSelector } from "../../app/hooks";
import { InfoIcon, LogoutIcon, SettingsIcon } from "../../components/Icons";
import LogoutDialog from "../../components/LogoutDialog";
import ChatLayoutSetting from "../../components/MessageList/content/ChatLayoutSetting";
import ServerLogo from "../../components/ServerLogo";
import ServerVersionChecker from "../../components/ServerVersionChecker";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Badge from "../../components/ui/Badge";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import useLogout from "../../hooks/useLogout";
import AuditLog from "./AuditLog";
import SettingsFrame, { Card, Row, type SettingsNavGroup } from "./SettingsFrame";

const ADMIN_GENERAL = ["overview", "members", "data_management", "auto_delete"];
const ADMIN_CONFIG = ["configuration", "bot", "firebase", "agora", "smtp", "login_methods", "third_party", "widget", "license"];
const ABOUT = ["about", "api_doc", "version"];
/** Pages that need a newer server (docs/API.md "Version"). */
const GATES: Record<string, string> = { data_management: MIN_VERSION.dataManagement, widget: MIN_VERSION.widget };

function Overview() {
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

function Members() {
  const { t } = useTranslation("member");
  const users = useAppSelector((s) => s.users);
  const list = users.ids.map((uid) => users.byId[uid]).filter(Boolean);
  const rank = (u: (typeof list)[number]) => (u.is_admin && !u.is_bot ? 0 : u.is_bot ? 1 : 2);
  return (
    <div className="mx-auto max-w-2xl p-6">
      <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {[...list].sort((a, b) => rank(a) - rank(b)).map((u) => (
          <li key={u.uid} className="flex items-center gap-3 px-4 py-3">
            <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={36} online={!!u.online} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{u.name}</p>
              <p className="truncate text-xs text-zinc-500">{u.email}</p>
            </div>
            <Badge tone={u.is_admin && !u.is_bot ? "primary" : "neutral"}>{t(u.is_bot ? "bot" : u.is_admin ? "admin" : "member")}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MyAccount({ onLogout }: { onLogout: () => void }) {
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

/** Data Management: the audit log; the clearing controls join it with the admin console. */
function DataManagement() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-6">
      <AuditLog />
    </div>
  );
}

function Version() {
  const { t } = useTranslation("setting");
  const server = useAppSelector((s) => s.server.version);
  return (
    <div className="mx-auto max-w-2xl p-6">
      <Card>
        <Row label={t("version.client")}>{VERSION}</Row>
        <Row label={t("version.sub")}>{SUB_VERSION}</Row>
        <Row label={t("version.server")}>
          <span data-testid="server-version">{server ?? "—"}</span>
        </Row>
      </Card>
    </div>
  );
}

function About() {
  const { t } = useTranslation("setting");
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-6 text-sm leading-relaxed text-zinc-600 dark:text-zinc-300">
      <div className="flex items-center gap-3">
        <img src="/favicon.svg" alt="" className="size-12 rounded-xl" />
        <div>
          <p className="text-lg font-bold text-zinc-900 dark:text-white">Parley</p>
          <p className="text-xs text-zinc-500">
            {VERSION} · {SUB_VERSION}
          </p>
        </div>
      </div>
      <p>{t("about.p1")}</p>
      <p>{t("about.p2")}</p>
    </div>
  );
}

export default function SettingPage() {
  const { t } = useTranslation("setting");
  const { nav } = useParams();
  const admin = useAppSelector((s) => !!s.authData.user?.is_admin);
  const logout = useLogout();
  const item = (key: string) => ({ key, label: t(`nav.${key}`), to: `/setting/${key}` });
  const groups: SettingsNavGroup[] = [
    ...(admin ? [{ title: t("group.general"), items: ADMIN_GENERAL.map(item) }] : []),
    { title: t("group.user"), items: [item("my_account")] },
    ...(admin ? [{ title: t("group.admin"), items: ADMIN_CONFIG.map(item) }] : []),
    { title: t("group.about"), items: ABOUT.map(item) },
  ];
  const keys = groups.flatMap((g) => g.items.map((i) => i.key));
  const fallback = admin ? "overview" : "my_account";
  if (nav && !keys.includes(nav)) return <Navigate to={`/setting/${fallback}`} replace />;
  const active = nav ?? fallback;

  let content;
  if (active === "overview") content = <Overview />;
  else if (active === "members") content = <Members />;
  else if (active === "my_account") content = <MyAccount onLogout={logout.ask} />;
  else if (active === "version") content = <Version />;
  else if (active === "about") content = <About />;
  else if (active === "data_management") content = <DataManagement />;
  else content = <EmptyState className="h-full" icon={active === "api_doc" ? <InfoIcon size={28} /> : <SettingsIcon size={28} />} title={t(`nav.${active}`)} description={t(`desc.${active}`)} />;
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
