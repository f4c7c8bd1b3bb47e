import "../../app/services";
import "../../styles/app.css";
import { useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import AuthShell from "../../components/AuthShell";
import { CheckIcon } from "../../components/Icons";
import AdminAccountStep from "./AdminAccountStep";
import DoneStep from "./DoneStep";
import InvitesStep from "./InvitesStep";
import SetNameStep from "./SetNameStep";
import SignUpStep from "./SignUpStep";
import WelcomeStep from "./WelcomeStep";

/** What every step gets: move on (or back), and the data collected so far. */
export interface StepProps {
  next: () => void;
  back: () => void;
  data: OnboardingData;
  update: (patch: Partial<OnboardingData>) => void;
}

export interface OnboardingData {
  /** The server name chosen in Set Name; saved once the admin is signed in. */
  serverName: string;
}

/** The first-run wizard, in its six steps (docs/ARCHITECTURE.md "The web client"). */
const STEPS: { key: string; Component: ComponentType<StepProps> }[] = [
  { key: "welcome", Component: WelcomeStep },
  { key: "name", Component: SetNameStep },
  { key: "admin", Component: AdminAccountStep },
  { key: "signup", Component: SignUpStep },
  { key: "invites", Component: InvitesStep },
  { key: "done", Component: DoneStep },
];

export default function OnboardingPage() {
  const { t } = useTranslation("welcome");
  const [index, setIndex] = useState(0);
  const [data, setData] = useState<OnboardingData>({ serverName: "" });
  const { Component } = STEPS[index];
  const next = () => setIndex((i) => Math.min(i + 1, STEPS.length - 1));
  const back = () => setIndex((i) => Math.max(i - 1, 0));
  const update = (patch: Partial<OnboardingData>) => setData((d) => ({ ...d, ...patch }));

  return (
    <AuthShell wide>
      <nav aria-label={t("onboarding.steps")} className="mb-8">
        <ol className="flex items-center gap-1.5">
          {STEPS.map((step, i) => (
            <li key={step.key} className={clsx("flex items-center gap-1.5", i < STEPS.length - 1 && "flex-1")} aria-current={i === index ? "step" : undefined}>
              <span
                className={clsx(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold transition",
                  i < index && "bg-primary-600 text-white dark:bg-primary-500",
                  i === index && "bg-primary-100 text-primary-700 ring-2 ring-primary-500 dark:bg-primary-950 dark:text-primary-200",
                  i > index && "bg-zinc-100 text-zinc-400 dark:bg-zinc-800 dark:text-zinc-500",
                )}
                title={t(`onboarding.step.${step.key}`)}
              >
                {i < index ? <CheckIcon size={14} /> : i + 1}
                <span className="sr-only">{t(`onboarding.step.${step.key}`)}</span>
              </span>
              {i < STEPS.length - 1 && <span className={clsx("h-px flex-1", i < index ? "bg-primary-500" : "bg-zinc-200 dark:bg-zinc-700")} />}
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          {t("onboarding.progress", { step: index + 1, total: STEPS.length })} · {t(`onboarding.step.${STEPS[index].key}`)}
        </p>
      </nav>
      <section key={STEPS[index].key} className="animate-pop-in">
        <Component next={next} back={back} data={data} update={update} />
      </section>
    </AuthShell>
  );
}
