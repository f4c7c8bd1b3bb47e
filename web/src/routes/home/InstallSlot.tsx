import { lazy, Suspense, useSyncExternalStore } from "react";
import { canInstall, subscribeInstall } from "../../pwa";

const InstallBanner = lazy(() => import("./InstallBanner"));

/**
 * Where the PWA install prompt goes: the banner's code loads only once the browser offers the
 * install, which most page loads never see (the chat route's bundle, docs/PERFORMANCE.md "Bundles").
 */
export default function InstallSlot() {
  const installable = useSyncExternalStore(subscribeInstall, canInstall, () => false);
  if (!installable) return null;
  return (
    <Suspense>
      <InstallBanner />
    </Suspense>
  );
}
