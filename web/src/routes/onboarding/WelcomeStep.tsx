import { useTranslation } from "react-i18next";
import { ArrowRightIcon } from "../../components/Icons";
import type { StepProps } from ".";

export default function WelcomeStep({ next }: StepProps) {
  const { t } = useTranslation("welcome");
  return (
    <div className="text-center">
      <img src="/favicon.svg" alt="" width={64} height={64} className="mx-auto size-16 rounded-2xl shadow-lg shadow-primary-600/20" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.welcome.title")}</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">
        {t("onboarding.welcome.desc")}
      </p>
      <button type="button" className="btn-primary mt-8 px-6 py-2.5" onClick={next}>
        {t("onboarding.welcome.start")}
        <ArrowRightIcon size={16} />
      </button>
    </div>
  );
}
