/**
 * Read tracking of the message list: which messages are on screen (for the read marker) and
 * where the "New messages" line is relative to the viewport (for the "Jump to first unread" pill).
 * Measured from the rendered rows (`data-mid`), so Virtuoso's overscan does not count as seen.
 */
import { useTranslation } from "react-i18next";
import { ArrowRightIcon, CloseIcon } from "../Icons";
import IconButton from "../ui/IconButton";

export interface Sighting {
  /** The newest server mid whose row is at least partly visible. */
  lastVisible: number;
  /** The given mid's row is above the viewport (or not rendered and older than what is). */
  above: boolean;
}

export function sight(scroller: HTMLElement, watchMid?: number): Sighting {
  const box = scroller.getBoundingClientRect();
  const top = box.top;
  const bottom = box.top + scroller.clientHeight;
  let lastVisible = 0;
  let minRendered = Infinity;
  let above = false;
  let watchedSeen = false;
  for (const row of scroller.querySelectorAll<HTMLElement>("[data-mid]")) {
    const mid = Number(row.dataset.mid);
    if (!Number.isFinite(mid)) continue;
    minRendered = Math.min(minRendered, mid);
    const r = row.getBoundingClientRect();
    if (mid === watchMid) {
      watchedSeen = true;
      above = r.bottom <= top + 1;
    }
    if (row.dataset.sending || r.height === 0) continue;
    if (r.bottom > top + 1 && r.top < bottom - 1 && mid > lastVisible) lastVisible = mid;
  }
  if (watchMid !== undefined && !watchedSeen) above = watchMid < minRendered;
  return { lastVisible, above };
}

/** The line above the first message that was unread when the conversation was opened. */
export function NewMessagesDivider() {
  const { t } = useTranslation("chat");
  return (
    <div className="relative flex items-center px-5 pt-3 pb-1" role="separator" aria-label={t("unread.divider")} data-testid="new-messages-divider">
      <span className="h-px flex-1 bg-red-500/70 dark:bg-red-400/70" />
      <span className="ml-2 rounded-full bg-red-600 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
        {t("unread.divider")}
      </span>
    </div>
  );
}

/** Shown while the "New messages" line is above the viewport. */
export function JumpToUnreadPill({ count, more, onJump, onDismiss }: { count: number; more?: boolean; onJump: () => void; onDismiss: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="absolute top-3 left-1/2 z-10 flex -translate-x-1/2 animate-pop-in items-center overflow-hidden rounded-full bg-primary-600 text-xs font-semibold text-white shadow-lg dark:bg-primary-500">
      <button type="button" onClick={onJump} className="flex items-center gap-1.5 py-1.5 pr-2 pl-4 hover:bg-primary-700 focus-visible:bg-primary-700 focus-visible:outline-none dark:hover:bg-primary-600">
        <ArrowRightIcon size={13} className="-rotate-90" />
        {more ? t("unread.jump_more", { count }) : t("unread.jump", { count })}
      </button>
      <IconButton bare label={t("unread.dismiss")} onClick={onDismiss} className="border-l border-white/25 py-1.5 pr-3 pl-2 hover:bg-primary-700 focus-visible:bg-primary-700 focus-visible:outline-none dark:hover:bg-primary-600">
        <CloseIcon size={13} />
      </IconButton>
    </div>
  );
}
