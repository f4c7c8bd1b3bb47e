import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { SendIcon } from "./Icons";

interface Props {
  contextKey: string;
  placeholder: string;
  onSend: (text: string) => void;
  disabled?: boolean;
  disabledReason?: string;
}

const MAX_HEIGHT = 240;
/** Unsent text per conversation, kept while the app runs. */
const drafts = new Map<string, string>();

/** The message input: Enter sends, Shift+Enter inserts a newline. */
export default function Composer({ contextKey, placeholder, onSend, disabled, disabledReason }: Props) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState(() => drafts.get(contextKey) ?? "");
  const [prevKey, setPrevKey] = useState(contextKey);
  const ref = useRef<HTMLTextAreaElement>(null);

  if (prevKey !== contextKey) {
    setPrevKey(contextKey);
    setText(drafts.get(contextKey) ?? "");
  }

  useEffect(() => {
    if (!disabled) ref.current?.focus();
  }, [contextKey, disabled]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  const update = (value: string) => {
    setText(value);
    if (value) drafts.set(contextKey, value);
    else drafts.delete(contextKey);
  };

  const send = () => {
    if (disabled) return;
    const content = text.trim();
    if (!content) return;
    onSend(content);
    update("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    send();
  };

  return (
    <div className="shrink-0 px-4 pb-4 sm:px-5">
      <div
        className={clsx(
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
        <button
          type="button"
          onClick={send}
          disabled={disabled || !text.trim()}
          aria-label={t("composer.send")}
          title={t("composer.send")}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-600 text-white transition hover:bg-primary-700 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-400 dark:bg-primary-500 dark:hover:bg-primary-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-600"
        >
          <SendIcon size={16} />
        </button>
      </div>
      <p className="mt-1.5 hidden px-1 text-[11px] text-zinc-400 sm:block dark:text-zinc-500">{t("composer.hint")}</p>
    </div>
  );
}
