/**
 * The bar that replaces the composer in multi-select mode: how many messages are ticked and what
 * can be done with them. A refused action stays visible but disabled, with the reason as its
 * tooltip and in the hint line. Esc leaves the mode.
 */
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import type { StoredMessage } from "../../app/slices/messages";
import { BookmarkIcon, CloseIcon, TrashIcon } from "../Icons";
import { ForwardIcon } from "../ChatIcons";
import Button from "../ui/Button";
import { bulkState, type Viewer } from "./rules";
import { selectSelection } from "../../app/slices/selection";
import { preloadDeleteDialog } from "../MessageList/toolbar/LazyDeleteMessagesDialog";

interface Props extends Viewer {
  context: string;
  /** The conversation's loaded mids: ticks of deleted messages no longer count. */
  conversation: number[];
  busy?: "save" | null;
  onForward: (mids: number[]) => void;
  onSave: (mids: number[]) => void;
  onDelete: (mids: number[]) => void;
  onCancel: () => void;
}

const NONE: number[] = [];

export default function SelectionBar({ context, conversation, me, isAdmin, busy, onForward, onSave, onDelete, onCancel }: Props) {
  const { t } = useTranslation("chat");
  const ticked = useAppSelector((s) => selectSelection(s, context)) ?? NONE;
  const byId = useAppSelector((s) => s.messages.byId);
  const mids = useMemo(() => ticked.filter((mid) => conversation.includes(mid) && byId[mid]), [ticked, conversation, byId]);
  const state = bulkState(
    mids.map((mid) => byId[mid] as StoredMessage),
    { me, isAdmin },
  );
  const reason = state.forward ?? state.delete;

  // Its delete asks for confirmation: the dialog's code comes with the bar, not with the click.
  useEffect(preloadDeleteDialog, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // An open dialog (forward, delete confirmation) takes its own Escape.
      if (e.key !== "Escape" || e.defaultPrevented || document.querySelector("[role=dialog]")) return;
      onCancel();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onCancel]);

  return (
    <div className="shrink-0 px-4 pb-4 sm:px-5">
      <div
        role="region"
        aria-label={t("selection.label")}
        data-testid="selection-bar"
        className="flex animate-pop-in flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-zinc-200 bg-white px-3 py-2.5 shadow-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        <button type="button" className="icon-btn size-8 shrink-0" aria-label={t("selection.cancel")} title={t("selection.cancel_hint")} onClick={onCancel}>
          <CloseIcon size={18} />
        </button>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50" aria-live="polite" data-testid="selection-count">
            {t("selection.count", { count: state.count })}
          </p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" data-testid="selection-hint">
            {reason && state.count > 0 ? t(reason) : t("selection.hint")}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          <Button variant="secondary" size="sm" icon={<ForwardIcon size={15} />} disabled={!!state.forward} title={state.forward ? t(state.forward) : undefined} onClick={() => onForward(mids)}>
            {t("selection.forward")}
          </Button>
          <Button variant="secondary" size="sm" icon={<BookmarkIcon size={15} />} disabled={!!state.save} loading={busy === "save"} title={state.save ? t(state.save) : undefined} onClick={() => onSave(mids)}>
            {t("selection.save")}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
            icon={<TrashIcon size={15} />}
            disabled={!!state.delete}
            title={state.delete ? t(state.delete) : undefined}
            onClick={() => onDelete(mids)}
          >
            {t("selection.delete")}
          </Button>
        </div>
      </div>
    </div>
  );
}
