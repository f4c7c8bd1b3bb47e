import clsx from "clsx";
import { useTranslation } from "react-i18next";
import useTheme from "../hooks/useTheme";
import { setTheme, type Theme } from "../utils/theme";
import { MonitorIcon, MoonIcon, SunIcon } from "./EntryIcons";

const OPTIONS: { value: Theme; Icon: typeof SunIcon }[] = [
  { value: "light", Icon: SunIcon },
  { value: "dark", Icon: MoonIcon },
  { value: "auto", Icon: MonitorIcon },
];

/** Light / dark / system theme picker, stored in localStorage `theme`. */
export default function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <div
      role="radiogroup"
      aria-label={t("theme.label")}
      className={clsx(
        "inline-flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white/80 p-0.5 dark:border-zinc-700 dark:bg-zinc-900/80",
        className,
      )}
    >
      {OPTIONS.map(({ value, Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          aria-label={t(`theme.${value}`)}
          title={t(`theme.${value}`)}
          onClick={() => setTheme(value)}
          className={clsx(
            "inline-flex size-7 items-center justify-center rounded-md transition focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none",
            theme === value
              ? "bg-zinc-100 text-zinc-900 shadow-xs dark:bg-zinc-700 dark:text-white"
              : "text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-100",
          )}
        >
          <Icon size={15} />
        </button>
      ))}
    </div>
  );
}
