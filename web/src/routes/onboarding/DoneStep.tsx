import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppDispatch } from "../../app/hooks";
import { setAuthData, updateInitialized } from "../../app/slices/auth.data";
import { ArrowRightIcon, CheckIcon } from "../../components/Icons";
import type { StepProps } from ".";

export default function DoneStep({ data }: StepProps) {
  const { t } = useTranslation("welcome");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const start = () => {
    if (data.session) dispatch(setAuthData(data.session));
    dispatch(updateInitialized(true));
    navigate("/", { replace: true });
  };
  return (
    <div className="text-center">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-400">
        <CheckIcon size={30} />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.done.title")}</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{t("onboarding.done.desc")}</p>
      <button type="button" className="btn-primary mt-8 px-6 py-2.5" onClick={start}>
        {t("onboarding.done.start")}
        <ArrowRightIcon size={16} />
      </button>
    </div>
  );
}
