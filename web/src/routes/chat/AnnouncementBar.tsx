import { useState } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { CloseIcon, icon } from "../../components/Icons";
import IconButton from "../../components/ui/IconButton";
import type { GroupAnnouncement } from "@parley/protocol";

export const MegaphoneIcon = icon(<path d="M3 11v2a1 1 0 0 0 1 1h3l6 4V6L7 10H4a1 1 0 0 0-1 1z" />, <path d="M17 8.5a5 5 0 0 1 0 7M7 14l1.5 6h3L10 15.5" />);

/** Longer than this, or on several lines, the bar shows two lines with "Show more". */
const SHORT = 140;

/**
 * The channel's announcement, in a slim bar under the conversation header, until dismissed
 * (`useVisibleAnnouncement`). A chunk of its own, loaded by `AnnouncementSlot` only for a channel
 * that has one: most have none, and the chat route's bundle has a budget.
 */
export default function AnnouncementBar({ announcement, dismiss }: { announcement: GroupAnnouncement; dismiss: () => void }) {
  const { t } = useTranslation("chat");
  const [expanded, setExpanded] = useState(false);
  const long = announcement.content.length > SHORT || announcement.content.includes("\n");
  return (
    <div
      role="region"
      aria-label={t("announcement.title")}
      className="flex shrink-0 items-start gap-2.5 border-b border-amber-200 bg-amber-50 px-4 py-2 sm:px-5 dark:border-amber-900/50 dark:bg-amber-950/30"
      data-testid="announcement-bar"
    >
      <MegaphoneIcon size={16} className="mt-0.5 shrink-0 text-amber-600 dark:text-amber-400" />
      <div className="min-w-0 flex-1 text-[13px] leading-5 text-amber-950 dark:text-amber-100">
        <span className="sr-only">{t("announcement.title")}: </span>
        <p className={clsx("break-words whitespace-pre-wrap", !expanded && "line-clamp-2")} data-testid="announcement-text">
          {announcement.content}
        </p>
        {long && (
          <button
            type="button"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            className="mt-0.5 text-xs font-medium text-amber-700 underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none dark:text-amber-300"
          >
            {expanded ? t("announcement.less") : t("announcement.more")}
          </button>
        )}
      </div>
      <IconButton
        bare
        label={t("announcement.dismiss")}
        onClick={dismiss}
        className="-mr-1 flex size-6 shrink-0 items-center justify-center rounded-md text-amber-700 transition hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500/40 focus-visible:outline-none dark:text-amber-300 dark:hover:bg-amber-900/40"
        data-testid="announcement-dismiss"
      >
        <CloseIcon size={14} />
      </IconButton>
    </div>
  );
}
