import { useTranslation } from "react-i18next";
import { EXTERNAL_LINKS } from "../../app/config";
import { DownloadIcon, ExternalIcon, SmartphoneIcon } from "../../components/Icons";
import Modal from "../../components/ui/Modal";

/** Download the mobile apps: the stores and the Android package. */
export default function DownloadAppsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("welcome");
  const apps = [
    { href: EXTERNAL_LINKS.iosStore, title: t("apps.ios"), desc: t("apps.ios_desc"), Icon: SmartphoneIcon },
    { href: EXTERNAL_LINKS.androidStore, title: t("apps.android"), desc: t("apps.android_desc"), Icon: SmartphoneIcon },
    { href: EXTERNAL_LINKS.androidApk, title: t("apps.apk"), desc: t("apps.apk_desc"), Icon: DownloadIcon },
  ];
  return (
    <Modal title={t("apps.title")} description={t("apps.desc")} onClose={onClose} width="max-w-md">
      <ul className="grid gap-2">
        {apps.map(({ href, title, desc, Icon }) => (
          <li key={href}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-3 rounded-xl border border-zinc-200 p-3 transition outline-none hover:border-primary-300 hover:bg-primary-50/40 focus-visible:ring-3 focus-visible:ring-primary-500/30 dark:border-zinc-800 dark:hover:border-primary-700 dark:hover:bg-primary-950/30"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                <Icon size={18} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{desc}</span>
              </span>
              <ExternalIcon size={15} className="text-zinc-400" />
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
