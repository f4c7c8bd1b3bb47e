import { memo, useEffect, useRef, useState, type KeyboardEvent } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { ContentType, QUICK_REACTIONS } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import Avatar, { avatarUrl } from "../ui/Avatar";
import { PencilIcon, ReplyIcon, SmilePlusIcon, Spinner, TrashIcon } from "../Icons";
import { useMessageActions } from "./actions";
import MoreMenu from "./toolbar/MoreMenu";
import PinnedMark from "./toolbar/PinnedMark";
import { RowSelectCheck, useRowSelection } from "../selection/RowSelect";
import { fullTimeLabel, timeLabel } from "./format";
import MessageContent from "./MessageContent";
import { useSelfRight } from "./content/layout";

interface Props {
  message: StoredMessage;
  sender?: StoredUser;
  users: Record<number, StoredUser>;
  showHeader: boolean;
  reactions?: Record<string, number[]>;
  me?: number;
}

const EDITABLE: string[] = [ContentType.text, ContentType.markdown];

function Reactions({ mid, reactions, users, me }: { mid: number; reactions: Record<string, number[]>; users: Record<number, StoredUser>; me?: number }) {
  const { t } = useTranslation("chat");
  const { react } = useMessageActions();
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("message.reactions")} data-testid="reactions">
      {Object.entries(reactions).map(([emoji, uids]) => {
        const mine = me !== undefined && uids.includes(me);
        return (
          <li key={emoji}>
            <button
              type="button"
              disabled={!react}
              onClick={() => react?.(mid, emoji)}
              aria-pressed={mine}
              aria-label={t("actions.reaction_count", { emoji, n: uids.length })}
              title={uids.map((uid) => users[uid]?.name ?? `#${uid}`).join(", ")}
              data-testid="reaction"
              data-emoji={emoji}
              className={clsx(
                "inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs transition focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none",
                mine
                  ? "border-primary-300 bg-primary-50 text-primary-700 hover:bg-primary-100 dark:border-primary-700 dark:bg-primary-950 dark:text-primary-200 dark:hover:bg-primary-900"
                  : "border-zinc-200 bg-zinc-50 text-zinc-600 hover:border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700",
              )}
            >
              <span aria-hidden="true">{emoji}</span>
              <span className="font-medium tabular-nums" aria-hidden="true">
                {uids.length}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The quoted original of a reply; a click scrolls to it. */
function ReplyQuote({ mid, users }: { mid: number; users: Record<number, StoredUser> }) {
  const { t } = useTranslation("chat");
  const { jumpTo } = useMessageActions();
  const original = useAppSelector((s) => s.messages.byId[mid]);
  if (!original) {
    return <div className="mb-1 border-l-2 border-zinc-300 pl-2 text-xs text-zinc-400 italic dark:border-zinc-600">{t("message.reply_missing")}</div>;
  }
  const name = users[original.from_uid]?.name ?? t("message.unknown_user", { uid: original.from_uid });
  const excerpt = EDITABLE.includes(original.content_type) ? original.content : t("message.attachment");
  return (
    <button
      type="button"
      onClick={() => jumpTo(mid)}
      className="mb-1 flex max-w-full items-baseline gap-1.5 rounded border-l-2 border-primary-400 bg-zinc-50 py-0.5 pr-2 pl-2 text-left text-xs text-zinc-600 transition hover:bg-zinc-100 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:border-primary-500 dark:bg-zinc-800/60 dark:text-zinc-300 dark:hover:bg-zinc-800"
      data-testid="reply-quote"
      title={t("actions.jump_to_original")}
    >
      <span className="shrink-0 font-semibold text-zinc-800 dark:text-zinc-100">{name}</span>
      <span className="truncate">{excerpt}</span>
    </button>
  );
}

function Toolbar({ message, header, forceOpen, setForceOpen }: { message: StoredMessage; header: boolean; forceOpen: boolean; setForceOpen: (v: boolean) => void }) {
  const { t } = useTranslation("chat");
  const { me, isAdmin, react, reply, edit, remove } = useMessageActions();
  const picker = useRef<HTMLDivElement>(null);
  const own = me !== undefined && message.from_uid === me;
  // Own messages on the right ("SelfRight"): the toolbar moves to the left, off the bubble.
  const selfRight = useSelfRight(message.from_uid, me);

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
        // While its menu is open the toolbar stays visible and above the rows below it.
        "absolute z-10 transition-opacity has-[[role=menu]]:z-30 has-[[role=menu]]:opacity-100",
        selfRight ? "left-4 sm:left-5" : "right-4 sm:right-5",
        header ? "top-0" : "-top-3.5",
        forceOpen ? "opacity-100" : "opacity-0 group-focus-within:opacity-100 group-hover:opacity-100",
      )}
    >
      <div role="toolbar" aria-label={t("actions.label")} className="flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white p-0.5 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
        <button type="button" className={btn} aria-label={t("actions.react")} title={t("actions.react")} aria-expanded={forceOpen} onClick={() => setForceOpen(!forceOpen)}>
          <SmilePlusIcon size={16} />
        </button>
        {reply && (
          <button type="button" className={btn} aria-label={t("actions.reply")} title={t("actions.reply")} onClick={() => reply(message)}>
            <ReplyIcon size={16} />
          </button>
        )}
        {own && edit && EDITABLE.includes(message.content_type) && (
          <button type="button" className={btn} aria-label={t("actions.edit")} title={t("actions.edit")} onClick={() => edit(message)}>
            <PencilIcon size={16} />
          </button>
        )}
        {(own || isAdmin) && remove && (
          <button type="button" className={clsx(btn, "hover:text-red-600 dark:hover:text-red-400")} aria-label={t("actions.delete")} title={t("actions.delete")} onClick={() => remove(message)}>
            <TrashIcon size={16} />
          </button>
        )}
        <MoreMenu message={message} className={btn} align={selfRight ? "start" : "end"} />
      </div>
      {forceOpen && (
        <div
          ref={picker}
          role="group"
          aria-label={t("actions.pick_reaction")}
          onKeyDown={onPickerKey}
          className={clsx(selfRight ? "left-0" : "right-0", "absolute top-full mt-1 flex animate-pop-in gap-0.5 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900")}
        >
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="inline-flex size-8 items-center justify-center rounded-md text-lg transition hover:scale-110 hover:bg-zinc-100 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:hover:bg-zinc-800"
              aria-label={t("actions.react_with", { emoji })}
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

function MessageItem({ message, sender, users, showHeader, reactions, me }: Props) {
  const { t } = useTranslation("chat");
  const { highlighted } = useMessageActions();
  const [pickerOpen, setPickerOpen] = useState(false);
  const name = sender?.name ?? t("message.unknown_user", { uid: message.from_uid });
  const header = showHeader || message.reply_mid !== undefined;
  const selection = useRowSelection(message);
  const selfRight = useSelfRight(message.from_uid, me);
  // In "SelfRight", own text is a bubble; files, pictures and cards stand on their own.
  const bubble = selfRight && EDITABLE.includes(message.content_type);
  return (
    <div
      className={clsx(
        "group relative flex gap-3 px-4 transition-colors hover:bg-zinc-50 sm:px-5 dark:hover:bg-zinc-800/40",
        // Padding, not margin: the virtualized list measures each row's box.
        header ? "pt-4 pb-0.5" : "py-0.5",
        message.sending && "opacity-70",
        pickerOpen && "bg-zinc-50 dark:bg-zinc-800/40",
        // The row whose more menu is open stays marked.
        "has-[[role=menu]]:bg-zinc-50 dark:has-[[role=menu]]:bg-zinc-800/40",
        highlighted === message.mid && "bg-amber-50! dark:bg-amber-900/20!",
        selection.selected && "bg-primary-50! dark:bg-primary-950/50!",
      )}
      data-mid={message.mid}
      data-testid="message"
      data-highlighted={highlighted === message.mid ? "true" : undefined}
      data-sending={message.sending ? "true" : undefined}
      aria-busy={message.sending || undefined}
      data-selected={selection.selecting ? String(selection.selected) : undefined}
    >
      {selection.selecting && <RowSelectCheck selected={selection.selected} onToggle={selection.toggle} name={name} header={header} />}
      <div className={clsx("w-9 shrink-0", selfRight && "order-last")}>
        {header ? (
          <Avatar name={name} seed={message.from_uid} src={sender ? avatarUrl(sender.uid, sender.avatar_updated_at) : null} size={36} className="mt-0.5" />
        ) : (
          <time
            dateTime={new Date(message.created_at).toISOString()}
            title={fullTimeLabel(message.created_at)}
            className="invisible block pt-1 text-right text-[10px] leading-5 text-zinc-400 tabular-nums group-hover:visible"
          >
            {timeLabel(message.created_at)}
          </time>
        )}
      </div>
      <div className={clsx("min-w-0 flex-1", selfRight && "flex flex-col items-end")}>
        {header && (
          <div className={clsx("flex items-baseline gap-2", selfRight && "flex-row-reverse")}>
            <span className="truncate font-semibold text-zinc-900 dark:text-zinc-50" data-testid="message-sender">
              {name}
            </span>
            <time dateTime={new Date(message.created_at).toISOString()} title={fullTimeLabel(message.created_at)} className="shrink-0 text-xs text-zinc-400 tabular-nums">
              {timeLabel(message.created_at)}
            </time>
            <PinnedMark mid={message.mid} />
          </div>
        )}
        {message.reply_mid !== undefined && <ReplyQuote mid={message.reply_mid} users={users} />}
        <div className={clsx("flex items-end gap-2", selfRight && "max-w-[85%] flex-row-reverse")}>
          <div
            className={clsx("min-w-0", bubble ? "rounded-2xl rounded-tr-md bg-primary-50 px-3.5 py-2 dark:bg-primary-900/40" : "flex-1")}
            data-testid="message-content"
            data-layout={selfRight ? "right" : undefined}
          >
            <MessageContent message={message} users={users} />
          </div>
          {message.edited && (
            <span className="mb-0.5 shrink-0 self-end text-[11px] text-zinc-400" data-testid="edited">
              {t("message.edited")}
            </span>
          )}
          {!header && <PinnedMark mid={message.mid} className="mb-0.5 self-end" />}
          {message.sending && <Spinner size={12} className="mb-1.5 shrink-0 text-zinc-400" label={t("message.sending")} />}
        </div>
        {reactions && <Reactions mid={message.mid} reactions={reactions} users={users} me={me} />}
      </div>
      {!message.sending && !selection.selecting && <Toolbar message={message} header={header} forceOpen={pickerOpen} setForceOpen={setPickerOpen} />}
    </div>
  );
}

export default memo(MessageItem);
