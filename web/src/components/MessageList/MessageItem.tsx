import { memo, useContext, useEffect, useState } from "react";
import clsx from "clsx";
import { ContentType } from "@parley/protocol";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import Avatar, { avatarUrl } from "../ui/Avatar";
import BotBadge from "../ui/BotBadge";
import { Spinner } from "../Icons";
import { QuotedMessagesContext, useMessageActions } from "./actions";
import { useMessageLabels } from "./labels";
import PinnedMark from "./toolbar/PinnedMark";
import Toolbar from "./toolbar/Toolbar";
import { RowSelectCheck } from "../selection/RowSelect";
import { toggleSelected } from "../../app/slices/selection";
import Timestamp from "../ui/Timestamp";
import MessageContent from "./MessageContent";
import { isSelfRight, useRowState, useToolbarMounted } from "./rowState";

interface Props {
  message: StoredMessage;
  sender?: StoredUser;
  users: Record<number, StoredUser>;
  showHeader: boolean;
  reactions?: Record<string, number[]>;
  me?: number;
  /** The row is under the mouse or holds the focus (the list tracks both): its toolbar shows. */
  active?: boolean;
}

const EDITABLE: string[] = [ContentType.text, ContentType.markdown];

function Reactions({ mid, reactions, users, me }: { mid: number; reactions: Record<string, number[]>; users: Record<number, StoredUser>; me?: number }) {
  const labels = useMessageLabels();
  const { react } = useMessageActions();
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={labels.reactions} data-testid="reactions">
      {Object.entries(reactions).map(([emoji, uids]) => {
        const mine = me !== undefined && uids.includes(me);
        return (
          <li key={emoji}>
            <button
              type="button"
              disabled={!react}
              onClick={() => react?.(mid, emoji)}
              aria-pressed={mine}
              aria-label={labels.reactionCount(emoji, uids.length)}
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
  const labels = useMessageLabels();
  const { jumpTo } = useMessageActions();
  // A list over messages of its own (the admin bot viewer) quotes from them, not from the store.
  const own = useContext(QuotedMessagesContext);
  const stored = useAppSelector((s) => (own ? undefined : s.messages.byId[mid]));
  const original = own ? own[mid] : stored;
  if (!original) {
    return <div className="mb-1 border-l-2 border-zinc-300 pl-2 text-xs text-zinc-400 italic dark:border-zinc-600">{labels.replyMissing}</div>;
  }
  const name = users[original.from_uid]?.name ?? labels.unknownUser(original.from_uid);
  const excerpt = EDITABLE.includes(original.content_type) ? original.content : labels.attachment;
  return (
    <button
      type="button"
      onClick={() => jumpTo(mid)}
      className="mb-1 flex max-w-full items-baseline gap-1.5 rounded border-l-2 border-primary-400 bg-zinc-50 py-0.5 pr-2 pl-2 text-left text-xs text-zinc-600 transition hover:bg-zinc-100 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:border-primary-500 dark:bg-zinc-800/60 dark:text-zinc-300 dark:hover:bg-zinc-800"
      data-testid="reply-quote"
      title={labels.jumpToOriginal}
    >
      <span className="shrink-0 font-semibold text-zinc-800 dark:text-zinc-100">{name}</span>
      <span className="truncate">{excerpt}</span>
    </button>
  );
}

function MessageItem({ message, sender, users, showHeader, reactions, me, active = false }: Props) {
  const labels = useMessageLabels();
  const { highlighted, highlightShown, selectionKey } = useMessageActions();
  const isHighlighted = highlighted === message.mid;
  useEffect(() => {
    if (isHighlighted) highlightShown?.(message.mid);
  }, [isHighlighted, highlightShown, message.mid]);
  const rows = useRowState();
  const dispatch = useAppDispatch();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toolbarMounted = useToolbarMounted();
  const name = sender?.name ?? labels.unknownUser(message.from_uid);
  const header = showHeader || message.reply_mid !== undefined;
  // Multi-select mode (a message still being sent has no server id: it cannot be ticked).
  const selecting = rows.selecting && !message.sending;
  const selected = selecting && rows.ticked.has(message.mid);
  const toggle = () => dispatch(toggleSelected({ context: selectionKey ?? "", mid: message.mid }));
  const selfRight = isSelfRight(rows, message.from_uid, me);
  const pinnedBy = rows.pinnedBy.get(message.mid);
  // In "SelfRight", own text is a bubble; files, pictures and cards stand on their own.
  const bubble = selfRight && EDITABLE.includes(message.content_type);
  return (
    <div
      className={clsx(
        "group relative flex gap-3 px-4 transition-colors hover:bg-zinc-50 sm:px-5 dark:hover:bg-zinc-800/40",
        // Padding, not margin: the virtualized list measures each row's box.
        header ? "pt-4 pb-0.5" : "py-0.5",
        message.sending && "opacity-70",
        // The row whose reaction picker or more menu is open stays marked.
        (pickerOpen || menuOpen) && "bg-zinc-50 dark:bg-zinc-800/40",
        isHighlighted && "bg-amber-50! dark:bg-amber-900/20!",
        selected && "bg-primary-50! dark:bg-primary-950/50!",
      )}
      data-mid={message.mid}
      data-testid="message"
      data-highlighted={isHighlighted ? "true" : undefined}
      data-sending={message.sending ? "true" : undefined}
      aria-busy={message.sending || undefined}
      data-selected={selecting ? String(selected) : undefined}
    >
      {selecting && <RowSelectCheck selected={selected} onToggle={toggle} name={name} header={header} />}
      <div className={clsx("w-9 shrink-0", selfRight && "order-last")}>
        {header ? (
          <Avatar name={name} seed={message.from_uid} src={sender ? avatarUrl(sender.uid, sender.avatar_updated_at) : null} size={36} className="mt-0.5" />
        ) : (
          <Timestamp ts={message.created_at} className="invisible block pt-1 text-right text-[10px] leading-5 text-zinc-500 tabular-nums group-hover:visible dark:text-zinc-400">
            {labels.time(message.created_at)}
          </Timestamp>
        )}
      </div>
      <div className={clsx("min-w-0 flex-1", selfRight && "flex flex-col items-end")}>
        {header && (
          <div className={clsx("flex items-baseline gap-2", selfRight && "flex-row-reverse")}>
            <span className="truncate font-semibold text-zinc-900 dark:text-zinc-50" data-testid="message-sender">
              {name}
            </span>
            {sender?.is_bot && <BotBadge className="self-center" />}
            {sender?.widget_id && <BotBadge kind="visitor" className="self-center" />}
            <Timestamp ts={message.created_at} className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
              {labels.time(message.created_at)}
            </Timestamp>
            <PinnedMark by={pinnedBy} users={users} />
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
              {labels.edited}
            </span>
          )}
          {!header && <PinnedMark by={pinnedBy} users={users} className="mb-0.5 self-end" />}
          {message.sending && <Spinner size={12} className="mb-1.5 shrink-0 text-zinc-400" label={labels.sending} />}
        </div>
        {reactions && <Reactions mid={message.mid} reactions={reactions} users={users} me={me} />}
      </div>
      {toolbarMounted && !message.sending && !selecting && <Toolbar message={message} header={header} forceOpen={pickerOpen} setForceOpen={setPickerOpen} shown={active || pickerOpen} menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} />}
    </div>
  );
}

export default memo(MessageItem);
