/**
 * A message's hover toolbar: react (with the quick-reaction picker), reply, edit, delete and the
 * more menu. It stays in the DOM (and in the tab order) but shows only while the row is hovered
 * or has the focus; its icons are drawn only then, which halves what a row costs to mount.
 */
import { useEffect, useRef, type KeyboardEvent } from "react";
import clsx from "clsx";
import { ContentType, QUICK_REACTIONS } from "@parley/protocol";
import type { StoredMessage } from "../../../app/slices/messages";
import { PencilIcon, ReplyIcon, SmilePlusIcon, TrashIcon } from "../../Icons";
import { useMessageActions } from "../actions";
import { isSelfRight, useRowState } from "../rowState";
import { useMessageLabels } from "../labels";
import MoreMenu from "./MoreMenu";
import { preloadDeleteDialog } from "./LazyDeleteMessagesDialog";

const EDITABLE: string[] = [ContentType.text, ContentType.markdown];

interface Props {
  message: StoredMessage;
  header: boolean;
  /** The reaction picker is open. */
  forceOpen: boolean;
  setForceOpen: (v: boolean) => void;
  /** The row is hovered or has the focus: the toolbar shows, so its icons are drawn. */
  shown: boolean;
  /** The more menu is open (told by `onMenuOpenChange`). */
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

export default function Toolbar({ message, header, forceOpen, setForceOpen, shown, menuOpen, onMenuOpenChange }: Props) {
  const labels = useMessageLabels();
  const { me, isAdmin, react, reply, edit, remove } = useMessageActions();
  const picker = useRef<HTMLDivElement>(null);
  const own = me !== undefined && message.from_uid === me;
  // Own messages on the right ("SelfRight"): the toolbar moves to the left, off the bubble.
  const selfRight = isSelfRight(useRowState(), message.from_uid, me);

  useEffect(() => {
    if (!forceOpen) return;
    picker.current?.querySelector<HTMLButtonElement>("button")?.focus();
    const onDown = (e: MouseEvent) => {
      if (!picker.current?.parentElement?.contains(e.target as Node)) setForceOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [forceOpen, setForceOpen]);

  if (!react) return null;
  const onPickerKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      setForceOpen(false);
    }
  };
  const btn =
    "inline-flex size-7 items-center justify-center rounded-md text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-800 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
  return (
    <div
      className={clsx(
        // While its menu is open the toolbar stays visible and above the rows below it. (State, not
        // a `:has([role=menu])` rule: one on every row made each row's style costlier to compute.)
        "absolute transition-opacity",
        menuOpen ? "z-30" : "z-10",
        selfRight ? "left-4 sm:left-5" : "right-4 sm:right-5",
        header ? "top-0" : "-top-3.5",
        // The row's hover and focus, tracked by the row (not CSS): the icons follow the same state.
        shown || menuOpen ? "opacity-100" : "opacity-0",
      )}
    >
      <div role="toolbar" aria-label={labels.toolbar} className="flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white p-0.5 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
        <button type="button" className={btn} aria-label={labels.react} title={labels.react} aria-expanded={forceOpen} onClick={() => setForceOpen(!forceOpen)}>
          {shown && <SmilePlusIcon size={16} />}
        </button>
        {reply && (
          <button type="button" className={btn} aria-label={labels.reply} title={labels.reply} onClick={() => reply(message)}>
            {shown && <ReplyIcon size={16} />}
          </button>
        )}
        {own && edit && EDITABLE.includes(message.content_type) && (
          <button type="button" className={btn} aria-label={labels.edit} title={labels.edit} onClick={() => edit(message)}>
            {shown && <PencilIcon size={16} />}
          </button>
        )}
        {(own || isAdmin) && remove && (
          <button type="button" className={clsx(btn, "hover:text-red-600 dark:hover:text-red-400")} aria-label={labels.remove} title={labels.remove} onPointerEnter={preloadDeleteDialog} onFocus={preloadDeleteDialog} onClick={() => remove(message)}>
            {shown && <TrashIcon size={16} />}
          </button>
        )}
        <MoreMenu message={message} className={btn} align={selfRight ? "start" : "end"} shown={shown || menuOpen} onOpenChange={onMenuOpenChange} />
      </div>
      {forceOpen && (
        <div
          ref={picker}
          role="group"
          aria-label={labels.pickReaction}
          onKeyDown={onPickerKey}
          className={clsx(selfRight ? "left-0" : "right-0", "absolute top-full mt-1 flex animate-pop-in gap-0.5 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900")}
        >
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="inline-flex size-8 items-center justify-center rounded-md text-lg transition hover:scale-110 hover:bg-zinc-100 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:hover:bg-zinc-800"
              aria-label={labels.reactWith(emoji)}
              onClick={() => {
                react(message.mid, emoji);
                setForceOpen(false);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
