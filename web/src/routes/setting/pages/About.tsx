import { useTranslation } from "react-i18next";
import { SUB_VERSION, VERSION } from "../../../app/config";

export default function About() {
  const { t } = useTranslation("setting");
  return (
    <div className="mx-auto max-w-2xl space-y-4 p-6 text-sm leading-relaxed text-zinc-600 dark:text-zinc-300">
      <div className="flex items-center gap-3">
        <img src="/favicon.svg" alt="" className="size-12 rounded-xl" />
        <div>
          <p className="text-lg font-bold text-zinc-900 dark:text-white">Parley</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {VERSION} · {SUB_VERSION}
          </p>
        </div>
      </div>
      <p>{t("about.p1")}</p>
      <p>{t("about.p2")}</p>
    </div>
  );
}
