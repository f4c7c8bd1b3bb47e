import "../../app/services";
import "../../styles/app.css";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { useGetContactsQuery, useGetRemarksQuery } from "../../app/services/contact";
import { useGetSystemCommonQuery } from "../../app/services/server";
import { useGetUsersQuery } from "../../app/services/user";
import { errorText } from "../../app/services/errors";
import { RefreshIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import useStreaming from "../../hooks/useStreaming";
import useTabGuard from "../../hooks/useTabGuard";
import InstallSlot from "./InstallSlot";
import CallLayer from "../../calls/CallLayer";
import NavRail from "./NavRail";
import useUnreadBadge from "./useUnreadBadge";

// For routes/index.tsx: a stored session's stream starts when this chunk arrives (see the module).
export { startStreamEarly } from "./startEarly";

// Shown rarely: loaded when they are (the chat route's bundle, docs/PERFORMANCE.md "Bundles").
const RoleChangedPrompt = lazy(() => import("./RoleChangedPrompt"));

/** The inactive-tab notice: another tab took over; this one can take it back by reloading. */
function InactiveTab() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <div className="card max-w-sm p-8 text-center" role="alertdialog" aria-labelledby="inactive-title" aria-describedby="inactive-desc">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400">
          <RefreshIcon size={26} />
        </span>
        <h1 id="inactive-title" className="mt-5 text-lg font-semibold text-zinc-900 dark:text-white">
          {errorText("singleTab")}
        </h1>
        <p id="inactive-desc" className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">
          {t("inactive.desc")}
        </p>
        <Button className="mt-6" icon={<RefreshIcon size={16} />} onClick={() => window.location.reload()}>
          {t("inactive.reload")}
        </Button>
      </div>
    </div>
  );
}

/** The main layout (`/`): the navigation rail and the routed screen; runs the event stream. */
export default function HomeLayout() {
  const inactive = useAppSelector((s) => s.ui.inactive);
  const roleChanged = useAppSelector((s) => s.authData.roleChanged);
  const guest = useAppSelector((s) => s.authData.guest);
  useTabGuard();
  useStreaming();
  useUnreadBadge();
  useGetUsersQuery(undefined, { skip: inactive });
  useGetSystemCommonQuery(undefined, { skip: inactive || guest });
  // Contacts and remarks (VoceChat's preload): statuses and names shown across the app.
  useGetContactsQuery(undefined, { skip: inactive || guest });
  useGetRemarksQuery(undefined, { skip: inactive || guest });

  if (inactive) return <InactiveTab />;
  return (
    <div className="flex h-full">
      <NavRail />
      <div className="flex min-w-0 flex-1 flex-col">
        <InstallSlot />
        <main className="relative flex min-h-0 flex-1 flex-col bg-white dark:bg-zinc-900">
          <Outlet />
        </main>
      </div>
      {!guest && <CallLayer />}
      {roleChanged && (
        <Suspense>
          <RoleChangedPrompt />
        </Suspense>
      )}
    </div>
  );
}
