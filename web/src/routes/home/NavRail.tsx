import { Suspense } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppSelector } from "../../app/hooks";
import { BookmarkIcon, ChatIcon, FolderIcon, LogoutIcon, MonitorIcon, MoonIcon, SettingsIcon, SunIcon, UserIcon, UsersIcon } from "../../components/Icons";
import { LANGUAGE_NAMES } from "../../components/LanguageSwitch";
import ServerLogo from "../../components/ServerLogo";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Menu, { type MenuEntry } from "../../components/ui/Menu";
import useLogout from "../../hooks/useLogout";
import useTheme from "../../hooks/useTheme";
import { STAGE, useStaged } from "../../hooks/useStaged";
import { changeLanguage, SUPPORTED_LANGUAGES } from "../../i18n";
import { setTheme, type Theme } from "../../utils/theme";
import { lazyRoute } from "../lazyRoute";

// Loaded on the way to a logout, as the account menu is approached (the chat route's bundle,
// docs/PERFORMANCE.md "Bundles"): loaded by the time it is asked for, it opens without suspending.
const LogoutDialog = lazyRoute(() => import("../../components/LogoutDialog"));
const preloadLogoutDialog = (): void => void LogoutDialog.preload().catch(() => {});

const itemClass = (active: boolean) =>
  clsx(
    "group relative flex size-11 items-center justify-center rounded-xl transition outline-none focus-visible:ring-3 focus-visible:ring-primary-500/40",
    active
      ? "bg-primary-600 text-white shadow-sm shadow-primary-600/30 dark:bg-primary-500"
      : "text-zinc-500 hover:bg-zinc-200/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
  );

function RailLink({ to, label, icon, active }: { to: string; label: string; icon: React.ReactNode; active?: boolean }) {
  return (
    <li>
      <NavLink to={to} aria-label={label} title={label} className={({ isActive }) => itemClass(active ?? isActive)}>
        {icon}
        <span className="pointer-events-none absolute left-full z-50 ml-3 hidden rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow-lg group-hover:block group-focus-visible:block dark:bg-zinc-700">
          {label}
        </span>
      </NavLink>
    </li>
  );
}

/** The account menu: profile, settings, theme, language, logout (with confirmation). */
function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useAppSelector((s) => s.authData.user);
  const guest = useAppSelector((s) => s.authData.guest);
  const connected = useAppSelector((s) => s.ui.SSEStatus === "connected");
  const theme = useTheme();
  const logout = useLogout();
  if (!me) return null;
  const themes: { value: Theme; Icon: typeof SunIcon }[] = [
    { value: "light", Icon: SunIcon },
    { value: "dark", Icon: MoonIcon },
    { value: "auto", Icon: MonitorIcon },
  ];
  const items: MenuEntry[] = [
    ...(guest
      ? [{ key: "signin", label: t("guest.sign_in"), icon: <UserIcon size={16} />, onSelect: () => navigate("/login") }]
      : [
          { key: "account", label: t("menu.my_account"), icon: <UserIcon size={16} />, onSelect: () => navigate("/setting/my_account") },
          { key: "settings", label: t("menu.settings"), icon: <SettingsIcon size={16} />, onSelect: () => navigate("/setting") },
        ]),
    "divider",
    ...themes.map(({ value, Icon }) => ({ key: `theme-${value}`, label: t(`theme.${value}`), icon: <Icon size={16} />, checked: theme === value, onSelect: () => setTheme(value) })),
    "divider",
    ...SUPPORTED_LANGUAGES.map((lng) => ({ key: `lng-${lng}`, label: LANGUAGE_NAMES[lng], checked: i18n.language === lng, onSelect: () => void changeLanguage(lng) })),
    ...(guest ? [] : (["divider", { key: "logout", label: t("logout.action"), icon: <LogoutIcon size={16} />, danger: true, onSelect: logout.ask }] as MenuEntry[])),
  ];
  return (
    <>
      <Menu
        label={t("menu.account")}
        placement="top"
        items={items}
        trigger={(props) => (
          // Named by its text, who is signed in and what it opens (the picture is hidden from it).
          <button {...props} onPointerEnter={preloadLogoutDialog} onFocus={preloadLogoutDialog} type="button" className="rounded-xl p-1 outline-none hover:bg-zinc-200/70 focus-visible:ring-3 focus-visible:ring-primary-500/40 dark:hover:bg-zinc-800" data-testid="user-menu">
            <Avatar name={me.name} seed={me.uid} src={avatarUrl(me.uid, me.avatar_updated_at)} size={36} online={connected} />
            <span className="sr-only" data-testid="current-user">
              {me.name}
            </span>
            <span className="sr-only">, {t("menu.account")}</span>
          </button>
        )}
      />
      {logout.asking && (
        <Suspense>
          <LogoutDialog logout={logout} />
        </Suspense>
      )}
    </>
  );
}

/** The main navigation: chat, members, saved items, files, settings, and the account. */
export default function NavRail() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const guest = useAppSelector((s) => s.authData.guest);
  const chatActive = pathname === "/" || pathname.startsWith("/chat");
  // Its entries mount after the conversation's messages (see useStaged); the rail is there at once.
  const shown = useStaged(STAGE.navigation);
  return (
    <nav aria-label={t("nav.label")} className="flex w-16 shrink-0 flex-col items-center gap-3 border-r border-zinc-200 bg-zinc-100/80 py-3 dark:border-zinc-800 dark:bg-zinc-950">
      {shown && <NavEntries name={name} guest={guest} chatActive={chatActive} />}
    </nav>
  );
}

function NavEntries({ name, guest, chatActive }: { name: string; guest: boolean; chatActive: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <NavLink to="/" aria-label={name} title={name} className="rounded-xl outline-none focus-visible:ring-3 focus-visible:ring-primary-500/40">
        <ServerLogo name={name} size={40} />
      </NavLink>
      <span className="h-px w-8 bg-zinc-300/70 dark:bg-zinc-800" aria-hidden="true" />
      <ul className="flex flex-1 flex-col items-center gap-1.5">
        <RailLink to="/chat" label={t("nav.chat")} icon={<ChatIcon size={20} />} active={chatActive} />
        {!guest && (
          <>
            <RailLink to="/users" label={t("nav.members")} icon={<UsersIcon size={20} />} />
            <RailLink to="/favs" label={t("nav.saved")} icon={<BookmarkIcon size={20} />} />
            <RailLink to="/files" label={t("nav.files")} icon={<FolderIcon size={20} />} />
          </>
        )}
      </ul>
      <ul className="flex flex-col items-center gap-1.5">{!guest && <RailLink to="/setting" label={t("nav.settings")} icon={<SettingsIcon size={20} />} />}</ul>
      <UserMenu />
    </>
  );
}
