import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { KEY_PWA_INSTALLED } from "../../app/config";
import { useAppSelector } from "../../app/hooks";
import { DownloadIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import IconButton from "../../components/ui/IconButton";
import { CloseIcon } from "../../components/Icons";
import { canInstall, promptInstall, subscribeInstall } from "../../pwa";
import { getLocal, setLocal } from "../../utils/storage";

/** The PWA install prompt: offered once the browser allows it, until installed or dismissed. */
export default function InstallBanner() {
  const { t } = useTranslation();
  const installable = useSyncExternalStore(subscribeInstall, canInstall, () => false);
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const [hidden, setHidden] = useState(() => !!getLocal(KEY_PWA_INSTALLED));
  if (!installable || hidden) return null;
  const dismiss = () => {
    setLocal(KEY_PWA_INSTALLED, "dismissed");
    setHidden(true);
  };
  return (
    <div role="region" aria-label={t("pwa.install_title", { name })} className="flex items-center gap-3 border-b border-primary-200 bg-primary-50 px-4 py-2 text-sm text-primary-900 dark:border-primary-900 dark:bg-primary-950/60 dark:text-primary-100">
      <DownloadIcon size={16} className="shrink-0" />
      <p className="min-w-0 flex-1 truncate">
        <strong className="font-semibold">{t("pwa.install_title", { name })}</strong> <span className="opacity-80">{t("pwa.install_desc")}</span>
      </p>
      <Button size="sm" onClick={() => void promptInstall().then((ok) => ok && setHidden(true))}>
        {t("pwa.install")}
      </Button>
      <IconButton label={t("action.dismiss")} className="size-7" onClick={dismiss}>
        <CloseIcon size={15} />
      </IconButton>
    </div>
  );
}
