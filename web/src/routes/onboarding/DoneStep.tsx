import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { updateInitialized } from "../../app/slices/auth.data";
import { setSetupInProgress } from "../../app/slices/ui";
import { ArrowRightIcon, CheckIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import type { StepProps } from ".";

/** Step 6, Done: into the app. */
export default function DoneStep(_props: StepProps) {
  const { t } = useTranslation("welcome");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const start = () => {
    dispatch(updateInitialized(true));
    dispatch(setSetupInProgress(false));
    navigate("/", { replace: true });
  };
  return (
    <div className="text-center">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-400">
        <CheckIcon size={30} />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.done.title")}</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{t("onboarding.done.desc", { name })}</p>
      <Button size="lg" className="mt-8" onClick={start} autoFocus>
        {t("onboarding.done.start")}
        <ArrowRightIcon size={16} />
      </Button>
    </div>
  );
}
