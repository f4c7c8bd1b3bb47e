/**
 * One row of the message list: the day divider and the "New messages" line above it when due,
 * then the message, whose header shows when it starts a group. Worked out from the row above, so
 * it costs the same whatever the length of the conversation. A row whose body is not loaded
 * (released far from the screen, being paged in again) is a placeholder of a message's height.
 */
import { useTranslation } from "react-i18next";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import { dayHeading, isSameDay } from "../../utils/dates";
import { startsGroup } from "./format";
import MessageItem from "./MessageItem";
import { NewMessagesDivider } from "./unread";

/** Our own message keeps its temporary key once the server mid replaces it: its row stays mounted. */
export const keyOf = (mid: number, m: StoredMessage | undefined, me?: number) => (m?.local_id !== undefined && m.from_uid === me ? `l${m.local_id}` : `m${mid}`);

function DayDivider({ ts }: { ts: number }) {
  const { i18n } = useTranslation();
  const label = dayHeading(ts, i18n.language);
  return (
    <div className="relative flex items-center px-5 pt-4 pb-1" role="separator" aria-label={label}>
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      <span className="mx-3 rounded-full border border-zinc-200 bg-white px-3 py-0.5 text-xs font-medium text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
        {label}
      </span>
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

function Placeholder() {
  return (
    <div className="flex gap-3 px-4 py-0.5 sm:px-5" aria-hidden="true" data-testid="message-placeholder">
      <div className="w-9 shrink-0" />
      <div className="my-1 h-4 w-2/3 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
    </div>
  );
}

interface Props {
  message: StoredMessage | undefined;
  /** The row above (undefined: none, or its body is not loaded). */
  prev: StoredMessage | undefined;
  /** The conversation's first row. */
  first: boolean;
  /** The first message unread when the conversation was opened. */
  unread: boolean;
  users: Record<number, StoredUser>;
  reactions: Record<number, Record<string, number[]>>;
  me?: number;
  /** Under the mouse or holding the focus. */
  active: boolean;
}

export function MessageRow({ message, prev, first, unread, users, reactions, me, active }: Props) {
  if (!message) return <Placeholder />;
  // Above an unloaded row the day is not known: no divider (the header shows).
  const newDay = first || (!!prev && !isSameDay(prev.created_at, message.created_at));
  return (
    <>
      {newDay && <DayDivider ts={message.created_at} />}
      {unread && <NewMessagesDivider />}
      <MessageItem
        message={message}
        sender={users[message.from_uid]}
        users={users}
        showHeader={newDay || startsGroup(prev, message)}
        reactions={reactions[message.mid]}
        me={me}
        active={active}
      />
    </>
  );
}
