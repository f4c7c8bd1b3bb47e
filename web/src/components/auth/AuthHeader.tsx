import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { AlertIcon, Spinner } from "../EntryIcons";
import ServerLogo from "../ServerLogo";
import Button from "../ui/Button";

type Tone = "primary" | "success" | "warning" | "danger";

/**
 * Logo (the server's, or a given icon), title and description at the top of an auth card. With a
 * `tone`, the icon stands in the round tinted badge of the state screens (sent, failed, done).
 */
export default function AuthHeader({ title, desc, icon, tone }: { title: ReactNode; desc?: ReactNode; icon?: ReactNode; tone?: Tone }) {
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  return (
    <div className="flex flex-col items-center text-center">
      {(tone ? <StateIcon tone={tone}>{icon}</StateIcon> : icon) ?? <ServerLogo name={name} size={56} />}
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance text-zinc-900 dark:text-white">{title}</h1>
      {desc && <p className="mt-1.5 max-w-sm text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{desc}</p>}
    </div>
  );
}

/** The round tinted icon used by the state screens (sent, invalid, done). */
function StateIcon({ children, tone = "primary" }: { children: ReactNode; tone?: Tone }) {
  const tones = {
    primary: "bg-primary-100 text-primary-600 dark:bg-primary-950 dark:text-primary-300",
    success: "bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-400",
    warning: "bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400",
    danger: "bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400",
  };
  return <span className={`flex size-14 items-center justify-center rounded-2xl ${tones[tone]}`}>{children}</span>;
}

/** The large button under a state screen that goes back to `/login` (replacing this page). */
export function ToLoginButton({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button block size="lg" className="mt-8" onClick={() => navigate("/login", { replace: true })}>
      {children}
    </Button>
  );
}

/** A sign-in that did not go through: the danger badge, what failed, and the way back to the login page. */
export function LoginFailed({ title, desc }: { title: ReactNode; desc: ReactNode }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <AuthHeader tone="danger" icon={<AlertIcon size={26} />} title={title} desc={desc} />
      <ToLoginButton>{t("magic_link.back_to_login")}</ToLoginButton>
    </>
  );
}

/** The spinner under the header while a state screen waits (a `status` named `label`, when given). */
export function AuthSpinner({ label }: { label?: string }) {
  return (
    <div className="mt-8 flex justify-center" role={label ? "status" : undefined} aria-label={label}>
      <Spinner size={26} className="text-primary-500" />
    </div>
  );
}
