import { lazy, Suspense, useCallback, useEffect, useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppSelector } from "../../app/hooks";
import type { ConvKind } from "../../app/slices/messages";
import { CloseIcon, PencilIcon, ReplyIcon, SendIcon } from "../Icons";
import { PaperclipIcon } from "../ChatIcons";
import IconButton from "../ui/IconButton";
import TypingIndicator from "../typing/TypingIndicator";
import useTypingNotice from "../typing/useTypingNotice";
import DropZone from "./DropZone";
import EmojiButton from "./EmojiButton";
import { parseContext } from "./context";
import MessageInput from "./MessageInput";
import { toWire } from "./mentions";
import { ToolButton } from "./ToolButton";
import { getUploads, uploads, useUploads } from "./uploads";
import { useComposerText } from "./useComposerText";
import { useMentionAutocomplete } from "./useMentionAutocomplete";
import useMentionables from "./useMentionables";

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

export interface SendOptions {
  markdown: boolean;
  /** The uids mentioned in the text (`properties.mentions`). */
  mentions: number[];
}

interface Props {
  /** The conversation, `channel:<gid>` or `dm:<uid>` (drafts, uploads). */
  contextKey: string;
  /** The conversation; read from `contextKey` when not given. */
  kind?: ConvKind;
  id?: number;
  placeholder: string;
  /** The text in wire form (mentions as ` @<uid> `). */
  onSend: (text: string, options: SendOptions) => void;
  disabled?: boolean;
  disabledReason?: string;
  mode?: ComposerMode | null;
  onCancelMode?: () => void;
}

// Not needed for the first paint of a conversation (the chat route's bundle budget): the file list
// and the upload code come with the first file, the mention list with the first focus.
const FileQueue = lazy(() => import("./FileQueue"));
const MentionList = lazy(() => import("./MentionList"));
const loadSender = () => import("./sendFiles");

/**
 * The message input: Enter sends, Shift+Enter inserts a newline; `@` mentions, emoji, files
 * (button, drop, paste) with their upload progress, drafts kept per conversation, and typing
 * notices both ways.
 */
export default function Composer({ contextKey, kind: kindProp, id: idProp, placeholder, onSend, disabled, disabledReason, mode, onCancelMode }: Props) {
  const { t } = useTranslation("chat");
  const parsed = parseContext(contextKey);
  const kind = kindProp ?? parsed.kind;
  const id = idProp ?? parsed.id;
  const users = useAppSelector((s) => s.users.byId);
  const members = useMentionables(kind, id);
  const files = useUploads(contextKey);
  const { notify, reset: resetTyping } = useTypingNotice(kind, id);
  const { state, caret, setCaret, update, replace, insertAtCaret, clear, inputRef: ref, modeKey, editing } = useComposerText({ contextKey, mode, users });
  const mentions = useMentionAutocomplete({ contextKey, state, caret, members, disabled, replace });
  const root = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!disabled) ref.current?.focus();
  }, [contextKey, disabled, modeKey, ref]);

  const onChange = (text: string, at: number) => {
    update({ ...state, text }, at);
    mentions.textChanged(text, at);
    if (!editing && text.trim()) notify();
  };

  const addFiles = useCallback(
    (list: File[]) => {
      if (!list.length || disabled || editing) return;
      const before = getUploads(contextKey).length;
      uploads.add(contextKey, list);
      void loadSender();
      // The server refuses an empty chunk, so an empty file can never be sent: say so at once.
      for (const item of getUploads(contextKey).slice(before)) {
        if (!item.file.size) uploads.patch(contextKey, item.id, { status: "error", error: t("composer.files.empty") });
      }
      ref.current?.focus();
    },
    [contextKey, disabled, editing, t, ref],
  );

  const draftFiles = editing ? 0 : files.filter((f) => f.status === "draft").length;
  const canSend = !disabled && (!!state.text.trim() || draftFiles > 0);

  const send = () => {
    if (!canSend) return;
    if (state.text.trim()) {
      const wire = toWire(state.text, state.mentions);
      onSend(wire.content.trim(), { markdown: editing ? !!mode?.markdown : state.markdown, mentions: wire.mentions });
    }
    // Text first, then each file as its own message; in reply mode, each one a reply too.
    const replyTo = mode?.kind === "reply" ? mode.mid : undefined;
    if (draftFiles) void loadSender().then((m) => m.sendQueuedFiles(contextKey, kind, id, replyTo));
    // The text's send leaves reply mode; files alone must too.
    if (replyTo !== undefined && !state.text.trim()) onCancelMode?.();
    resetTyping();
    mentions.reset();
    clear();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const composing = e.nativeEvent.isComposing || e.keyCode === 229;
    if (mentions.onKeyDown(e, composing)) return;
    if (e.key === "Escape" && mode) {
      e.preventDefault();
      onCancelMode?.();
      return;
    }
    if (e.key !== "Enter" || composing) return;
    if (e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    send();
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(e.clipboardData?.files ?? []);
    if (!pasted.length || editing || disabled) return;
    e.preventDefault();
    addFiles(pasted);
  };

  return (
    <div ref={root} className="relative shrink-0 px-4 pb-4 sm:px-5" data-testid="composer-root">
      <TypingIndicator kind={kind} id={id} />
      <DropZone anchorRef={root} onFiles={addFiles} disabled={disabled || editing} />
      {mode && (
        <div
          className="flex items-center gap-2 rounded-t-xl border border-b-0 border-zinc-300 bg-zinc-50 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300"
          data-testid="composer-mode"
        >
          {mode.kind === "reply" ? <ReplyIcon size={14} className="shrink-0 text-primary-600 dark:text-primary-400" /> : <PencilIcon size={14} className="shrink-0 text-primary-600 dark:text-primary-400" />}
          <span className="shrink-0 font-semibold">{mode.title}</span>
          <span className="min-w-0 flex-1 truncate text-zinc-500 dark:text-zinc-400">{mode.excerpt}</span>
          <IconButton
            bare
            label={t("composer.cancel")}
            onClick={onCancelMode}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
          >
            <CloseIcon size={14} />
          </IconButton>
        </div>
      )}
      <div
        className={clsx(
          mode && "rounded-t-none",
          "relative rounded-xl border bg-white shadow-xs transition focus-within:border-primary-500 focus-within:ring-3 focus-within:ring-primary-500/15 dark:bg-zinc-900 dark:focus-within:border-primary-400",
          "border-zinc-300 dark:border-zinc-700",
          disabled && "opacity-70",
        )}
      >
        {mentions.open && (
          <Suspense fallback={null}>
            <MentionList id={mentions.listId} users={mentions.candidates} active={mentions.active} onPick={mentions.pick} onHover={mentions.setActive} />
          </Suspense>
        )}
        {!editing && files.length > 0 && (
          <div className="px-2 pt-2">
            <Suspense fallback={null}>
              <FileQueue ctx={contextKey} items={files} />
            </Suspense>
          </div>
        )}
        <div className="flex items-end gap-1 p-2 pl-3.5">
          <MessageInput
            inputRef={ref}
            value={state.text}
            mentions={state.mentions}
            onChange={onChange}
            onCaret={setCaret}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={disabled && disabledReason ? disabledReason : placeholder}
            aria-label={placeholder}
            {...mentions.inputProps}
            disabled={disabled}
            data-testid="composer"
          />
          {!editing && (
            <ToolButton label={t("composer.attach")} onClick={() => fileInput.current?.click()} disabled={disabled}>
              <PaperclipIcon size={18} />
            </ToolButton>
          )}
          <EmojiButton onPick={insertAtCaret} disabled={disabled} />
          {!editing && (
            <button
              type="button"
              onClick={() => update({ ...state, markdown: !state.markdown })}
              aria-pressed={state.markdown}
              title={t("composer.markdown")}
              disabled={disabled}
              className={clsx(
                "inline-flex h-8 shrink-0 items-center justify-center rounded-lg px-1.5 font-mono text-[11px] font-bold transition focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none disabled:cursor-not-allowed",
                state.markdown ? "bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300" : "text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200",
              )}
            >
              {/* The name is the visible mark's word, so speech control finds it by what it shows. */}
              <span aria-hidden="true">M↓</span>
              <span className="sr-only">{t("composer.markdown")}</span>
            </button>
          )}
          <button
            type="button"
            onClick={send}
            disabled={!canSend}
            aria-label={editing ? t("composer.save") : t("composer.send")}
            title={editing ? t("composer.save") : t("composer.send")}
            className="ml-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-600 text-white transition hover:bg-primary-700 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-400 dark:bg-primary-500 dark:hover:bg-primary-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-600"
          >
            <SendIcon size={16} />
          </button>
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        onChange={(e) => {
          addFiles(Array.from(e.target.files ?? []));
          // The same file can be picked again.
          e.target.value = "";
        }}
        data-testid="file-input"
      />
      <p className="mt-1.5 hidden px-1 text-[11px] text-zinc-500 sm:block dark:text-zinc-400">{t("composer.hint")}</p>
    </div>
  );
}
