import "../../app/services";
import "../../styles/app.css";
import { useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import type { LoginResponse } from "@parley/protocol";
import AuthShell from "../../components/AuthShell";
import { CheckIcon } from "../../components/Icons";
import AdminAccountStep from "./AdminAccountStep";
import DoneStep from "./DoneStep";
import WelcomeStep from "./WelcomeStep";

/** What every step gets: move on, and the data collected so far. */
export interface StepProps {
  next: () => void;
  data: OnboardingData;
  update: (patch: Partial<OnboardingData>) => void;
}

export interface OnboardingData {
  /** The admin's login, kept until the Done step so the wizard is not redirected away. */
  session?: LoginResponse & { expireTime: number };
}

/**
 * The first-run wizard. Steps are a list, so the later ones of spec §1 (Set Name, Who Can Sign Up,
 * Invites) slot in without touching the frame.
 */
const STEPS: { key: string; Component: ComponentType<StepProps> }[] = [
  { key: "welcome", Component: WelcomeStep },
  { key: "admin", Component: AdminAccountStep },
  { key: "done", Component: DoneStep },
];

export default function OnboardingPage() {
  const { t } = useTranslation("welcome");
  const [index, setIndex] = useState(0);
  const [data, setData] = useState<OnboardingData>({});
  const { Component } = STEPS[index];
  const next = () => setIndex((i) => Math.min(i + 1, STEPS.length - 1));
  const update = (patch: Partial<OnboardingData>) => setData((d) => ({ ...d, ...patch }));

  return (
    <AuthShell wide>
      <nav aria-label={t("onboarding.steps")} className="mb-8">
        <ol className="flex items-center gap-2">
          {STEPS.map((step, i) => (
            <li key={step.key} className={clsx("flex items-center gap-2", i < STEPS.length - 1 && "flex-1")} aria-current={i === index ? "step" : undefined}>
              <span
                className={clsx(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold transition",
                  i < index && "bg-primary-600 text-white dark:bg-primary-500",
                  i === index && "bg-primary-100 text-primary-700 ring-2 ring-primary-500 dark:bg-primary-950 dark:text-primary-200",
                  i > index && "bg-zinc-100 text-zinc-400 dark:bg-zinc-800 dark:text-zinc-500",
                )}
              >
                {i < index ? <CheckIcon size={14} /> : i + 1}
              </span>
              <span
                className={clsx(
                  "hidden text-xs font-medium sm:inline",
                  i === index ? "text-zinc-900 dark:text-zinc-100" : "text-zinc-400 dark:text-zinc-500",
                )}
              >
                {t(`onboarding.step.${step.key}`)}
              </span>
              {i < STEPS.length - 1 && (
                <span
                  className={clsx(
                    "h-px flex-1",
                    i < index ? "bg-primary-500" : "bg-zinc-200 dark:bg-zinc-700",
                  )}
                />
              )}
            </li>
          ))}
        </ol>
      </nav>
      <section key={STEPS[index].key} className="animate-pop-in">
        <Component next={next} data={data} update={update} />
      </section>
    </AuthShell>
  );
}
