/**
 * A message row in multi-select mode: a checkbox at its start, and the whole row one big
 * checkbox target (a click anywhere toggles it; links in the content wait until the mode ends).
 */
import { useCallback } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { StoredMessage } from "../../app/slices/messages";
import { CheckIcon } from "../Icons";
import { useMessageActions } from "../MessageList/actions";
import { selectIsSelected, selectSelecting, toggleSelected } from "../../app/slices/selection";

export function useRowSelection(message: StoredMessage) {
  const { selectionKey } = useMessageActions();
  const dispatch = useAppDispatch();
  const key = selectionKey ?? "";
  // A message still being sent has no server id yet: it cannot be forwarded, saved or deleted.
  const selecting = useAppSelector((s) => !!selectionKey && !message.sending && selectSelecting(s, key));
  const selected = useAppSelector((s) => selecting && selectIsSelected(s, key, message.mid));
  const toggle = useCallback(() => dispatch(toggleSelected({ context: key, mid: message.mid })), [dispatch, key, message.mid]);
  return { selecting, selected, toggle };
}

export function RowSelectCheck({ selected, onToggle, name, header }: { selected: boolean; onToggle: () => void; name: string; header: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <>
      <span
        aria-hidden="true"
        className={clsx(
          "flex size-[18px] shrink-0 items-center justify-center rounded-[5px] border-[1.5px] transition-colors",
          header ? "mt-[9px]" : "mt-1",
          selected ? "border-primary-600 bg-primary-600 text-white dark:border-primary-500 dark:bg-primary-500" : "border-zinc-300 bg-white dark:border-zinc-600 dark:bg-zinc-900",
        )}
      >
        {selected && <CheckIcon size={13} strokeWidth={3} />}
      </span>
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={t("selection.select_message", { name })}
        data-testid="message-select"
        onClick={onToggle}
        className="absolute inset-0 z-[5] cursor-pointer focus-visible:ring-2 focus-visible:ring-primary-500/50 focus-visible:outline-none focus-visible:ring-inset"
      />
    </>
  );
}
