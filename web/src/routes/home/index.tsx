import "../../app/services";
import "../../styles/app.css";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import clsx from "clsx";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { useLogoutMutation } from "../../app/services/auth";
import { useGetUsersQuery } from "../../app/services/user";
import { toggleMenuExpand } from "../../app/slices/ui";
import { updateRoleChanged } from "../../app/slices/auth.data";
import useStreaming from "../../hooks/useStreaming";
import useTabGuard from "../../hooks/useTabGuard";
import Sidebar from "./Sidebar";

function InactiveTab() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <div className="card max-w-sm p-8 text-center">
        <h1 className="text-lg font-semibold text-zinc-900 dark:text-white">{t("inactive.title")}</h1>
        <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{t("inactive.desc")}</p>
        <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
          {t("inactive.reload")}
        </button>
      </div>
    </div>
  );
}

function RoleChangedBanner() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  return (
    <div role="alert" className="flex items-center justify-center gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      <span>{t("tip.role_changed")}</span>
      <button type="button" className="font-semibold underline" onClick={() => void logout()}>
        {t("action.relogin")}
      </button>
      <button type="button" className="opacity-80 hover:opacity-100" onClick={() => dispatch(updateRoleChanged(false))}>
        {t("action.maybe_later")}
      </button>
    </div>
  );
}

/** The main layout (`/`): sidebar + the routed pane; runs the event stream. */
export default function HomeLayout() {
  const dispatch = useAppDispatch();
  const inactive = useAppSelector((s) => s.ui.inactive);
  const roleChanged = useAppSelector((s) => s.authData.roleChanged);
  const menuExpand = useAppSelector((s) => s.ui.menuExpand);
  useTabGuard();
  useStreaming();
  useGetUsersQuery(undefined, { skip: inactive });

  if (inactive) return <InactiveTab />;
  return (
    <div className="flex h-full flex-col">
      {roleChanged && <RoleChangedBanner />}
      <div className="relative flex min-h-0 flex-1">
        <div
          className={clsx(
            "absolute inset-y-0 left-0 z-30 w-72 shrink-0 transition-transform md:static md:w-64 md:translate-x-0 lg:w-72",
            menuExpand ? "translate-x-0 shadow-2xl" : "-translate-x-full",
          )}
        >
          <Sidebar />
        </div>
        {menuExpand && (
          <div
            className="absolute inset-0 z-20 bg-black/30 md:hidden"
            aria-hidden="true"
            onClick={() => dispatch(toggleMenuExpand(false))}
          />
        )}
        <main className="flex min-w-0 flex-1 flex-col bg-white dark:bg-zinc-900">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
