import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { CloseIcon, PencilIcon, ReplyIcon, SendIcon } from "./Icons";

/** Replying to or editing a message: shown above the input with a cancel button. */
export interface ComposerMode {
  kind: "reply" | "edit";
  mid: number;
  /** "Replying to Ada" / "Editing message". */
  title: ReactNode;
  excerpt: string;
  /** Edit mode: the text to start from. */
  initialText?: string;
  /** Edit mode: the message is markdown. */
  markdown?: boolean;
}

interface Props {
  contextKey: string;
  placeholder: string;
  onSend: (text: string, options: { markdown: boolean }) => void;
  disabled?: boolean;
  disabledReason?: string;
  mode?: ComposerMode | null;
  onCancelMode?: () => void;
}

const MAX_HEIGHT = 240;
/** Unsent text per conversation, kept while the app runs. */
const drafts = new Map<string, string>();

/** The message input: Enter sends, Shift+Enter inserts a newline. */
export default function Composer({ contextKey, placeholder, onSend, disabled, disabledReason, mode, onCancelMode }: Props) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState(() => drafts.get(contextKey) ?? "");
  const [markdown, setMarkdown] = useState(false);
  const [prevKey, setPrevKey] = useState(contextKey);
  const modeKey = mode ? `${mode.kind}:${mode.mid}` : "";
  const [prevMode, setPrevMode] = useState(modeKey);
  const ref = useRef<HTMLTextAreaElement>(null);
  const editing = mode?.kind === "edit";

  if (prevKey !== contextKey) {
    setPrevKey(contextKey);
    setText(drafts.get(contextKey) ?? "");
  }
  if (prevMode !== modeKey) {
    setPrevMode(modeKey);
    // Entering edit mode starts from the message; leaving it brings the draft back.
    if (mode?.kind === "edit") setText(mode.initialText ?? "");
    else if (prevMode.startsWith("edit:")) setText(drafts.get(contextKey) ?? "");
  }

  useEffect(() => {
    if (!disabled) ref.current?.focus();
  }, [contextKey, disabled, modeKey]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  const update = (value: string) => {
    setText(value);
    if (editing) return;
    if (value) drafts.set(contextKey, value);
    else drafts.delete(contextKey);
  };

  const send = () => {
    if (disabled) return;
    const content = text.trim();
    if (!content) return;
    onSend(content, { markdown: editing ? !!mode?.markdown : markdown });
    if (editing) setText(drafts.get(contextKey) ?? "");
    else update("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Escape" && mode) {
      e.preventDefault();
      onCancelMode?.();
      return;
    }
    if (e.key !== "Enter" || e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    send();
  };

  return (
    <div className="shrink-0 px-4 pb-4 sm:px-5">
      {mode && (
        <div
          className="flex items-center gap-2 rounded-t-xl border border-b-0 border-zinc-300 bg-zinc-50 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300"
          data-testid="composer-mode"
        >
          {mode.kind === "reply" ? <ReplyIcon size={14} className="shrink-0 text-primary-600 dark:text-primary-400" /> : <PencilIcon size={14} className="shrink-0 text-primary-600 dark:text-primary-400" />}
          <span className="shrink-0 font-semibold">{mode.title}</span>
          <span className="min-w-0 flex-1 truncate text-zinc-500 dark:text-zinc-400">{mode.excerpt}</span>
          <button
            type="button"
            onClick={onCancelMode}
            aria-label={t("composer.cancel")}
            title={t("composer.cancel")}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
          >
            <CloseIcon size={14} />
          </button>
        </div>
      )}
      <div
        className={clsx(
          mode && "rounded-t-none",
          "flex items-end gap-2 rounded-xl border bg-white p-2 pl-3.5 shadow-xs transition focus-within:border-primary-500 focus-within:ring-3 focus-within:ring-primary-500/15 dark:bg-zinc-900 dark:focus-within:border-primary-400",
          "border-zinc-300 dark:border-zinc-700",
          disabled && "opacity-70",
        )}
      >
        <textarea
          ref={ref}
          rows={1}
          value={text}
          onChange={(e) => update(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={disabled && disabledReason ? disabledReason : placeholder}
          aria-label={placeholder}
          disabled={disabled}
          className="scroll-thin max-h-60 min-h-6 flex-1 resize-none self-center bg-transparent py-1 text-[15px] leading-6 text-zinc-900 outline-none placeholder:text-zinc-400 disabled:cursor-not-allowed dark:text-zinc-100 dark:placeholder:text-zinc-500"
          data-testid="composer"
        />
        {!editing && (
          <button
            type="button"
            onClick={() => setMarkdown((v) => !v)}
            aria-pressed={markdown}
            aria-label={t("composer.markdown")}
            title={t("composer.markdown")}
            disabled={disabled}
            className={clsx(
              "inline-flex h-8 shrink-0 items-center justify-center rounded-lg px-1.5 font-mono text-[11px] font-bold transition focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none disabled:cursor-not-allowed",
              markdown ? "bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300" : "text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200",
            )}
          >
            M↓
          </button>
        )}
        <button
          type="button"
          onClick={send}
          disabled={disabled || !text.trim()}
          aria-label={editing ? t("composer.save") : t("composer.send")}
          title={editing ? t("composer.save") : t("composer.send")}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-600 text-white transition hover:bg-primary-700 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-400 dark:bg-primary-500 dark:hover:bg-primary-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-600"
        >
          <SendIcon size={16} />
        </button>
      </div>
      <p className="mt-1.5 hidden px-1 text-[11px] text-zinc-400 sm:block dark:text-zinc-500">{t("composer.hint")}</p>
    </div>
  );
}
