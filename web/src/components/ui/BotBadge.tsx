/**
 * The one mark of a bot account (`is_bot`, docs/API.md "Bots"), beside its name wherever people
 * are listed: messages, the channel's members, the directory, profiles, mentions, the people
 * search. Its word is in `common`, loaded on every screen, so no row waits for a namespace.
 * `kind="visitor"` marks a visitor of the embeddable widget instead (`widget_id`, docs/API.md
 * "Widget"), beside its messages.
 */
import clsx from "clsx";
import { useTranslation } from "react-i18next";

/** `inverted`: on a coloured (selected) row, in white. */
export default function BotBadge({ inverted = false, kind = "bot", className }: { inverted?: boolean; kind?: "bot" | "visitor"; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        "inline-flex shrink-0 items-center rounded px-1 py-px text-[10px] leading-4 font-semibold tracking-wide uppercase",
        inverted ? "bg-white/20 text-white" : "bg-primary-50 text-primary-700 ring-1 ring-primary-200/70 ring-inset dark:bg-primary-950/70 dark:text-primary-200 dark:ring-primary-800/60",
        className,
      )}
      data-testid={`${kind}-badge`}
    >
      {t(kind === "bot" ? "bot_badge" : "visitor_badge")}
    </span>
  );
}
