import { useTranslation } from "react-i18next";
import { ArrowRightIcon, ChatIcon, LockIcon, UsersIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import type { StepProps } from ".";

/** Step 1, Welcome Page. */
export default function WelcomeStep({ next }: StepProps) {
  const { t } = useTranslation("welcome");
  const points = [
    { Icon: ChatIcon, text: t("onboarding.welcome.point_chat") },
    { Icon: UsersIcon, text: t("onboarding.welcome.point_team") },
    { Icon: LockIcon, text: t("onboarding.welcome.point_own") },
  ];
  return (
    <div className="text-center">
      <img src="/favicon.svg" alt="" width={64} height={64} className="mx-auto size-16 rounded-2xl shadow-lg shadow-primary-600/20" />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.welcome.title")}</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{t("onboarding.welcome.desc")}</p>
      <ul className="mx-auto mt-7 grid max-w-md gap-2.5 text-left">
        {points.map(({ Icon, text }) => (
          <li key={text} className="flex items-center gap-3 rounded-xl bg-zinc-50 px-4 py-3 text-sm text-zinc-700 dark:bg-zinc-800/50 dark:text-zinc-300">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
              <Icon size={16} />
            </span>
            {text}
          </li>
        ))}
      </ul>
      <Button size="lg" className="mt-8" onClick={next}>
        {t("onboarding.welcome.start")}
        <ArrowRightIcon size={16} />
      </Button>
    </div>
  );
}
