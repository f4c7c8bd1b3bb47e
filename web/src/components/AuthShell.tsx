import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import LanguageSwitch from "./LanguageSwitch";
import ThemeSwitch from "./ThemeSwitch";

/** The centered-card frame of the sign-in, register, invite and onboarding screens. */
export default function AuthShell({ children, wide = false, footer }: { children: ReactNode; wide?: boolean; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-screen flex-col items-center justify-center overflow-hidden bg-zinc-50 px-4 py-16 dark:bg-zinc-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(ellipse_at_top,var(--color-primary-100),transparent_65%)] dark:bg-[radial-gradient(ellipse_at_top,color-mix(in_oklch,var(--color-primary-900)_55%,transparent),transparent_65%)]"
      />
      <div className="absolute top-4 right-4 flex items-center gap-2">
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
      <main className={`card relative w-full ${wide ? "max-w-xl" : "max-w-md"} p-7 sm:p-10`}>{children}</main>
      {footer && <div className="relative mt-6 text-sm text-zinc-500 dark:text-zinc-400">{footer}</div>}
      <p className="relative mt-6 text-xs text-zinc-500 dark:text-zinc-400">{t("powered_by")}</p>
    </div>
  );
}
