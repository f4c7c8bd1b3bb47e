import { memo } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import Avatar, { avatarUrl } from "../ui/Avatar";
import { Spinner } from "../Icons";
import { fullTimeLabel, timeLabel } from "./format";
import MessageContent from "./MessageContent";

interface Props {
  message: StoredMessage;
  sender?: StoredUser;
  users: Record<number, StoredUser>;
  showHeader: boolean;
  reactions?: Record<string, number[]>;
  me?: number;
}

function Reactions({ reactions, users, me }: { reactions: Record<string, number[]>; users: Record<number, StoredUser>; me?: number }) {
  const { t } = useTranslation("chat");
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t("message.reactions")}>
      {Object.entries(reactions).map(([emoji, uids]) => (
        <li
          key={emoji}
          title={uids.map((uid) => users[uid]?.name ?? `#${uid}`).join(", ")}
          className={clsx(
            "inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs",
            me !== undefined && uids.includes(me)
              ? "border-primary-300 bg-primary-50 text-primary-700 dark:border-primary-700 dark:bg-primary-950 dark:text-primary-200"
              : "border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
          )}
        >
          <span>{emoji}</span>
          <span className="font-medium">{uids.length}</span>
        </li>
      ))}
    </ul>
  );
}

function MessageItem({ message, sender, users, showHeader, reactions, me }: Props) {
  const { t } = useTranslation("chat");
  const name = sender?.name ?? t("message.unknown_user", { uid: message.from_uid });
  return (
    <li
      className={clsx(
        "group relative flex gap-3 px-4 transition-colors hover:bg-zinc-50 sm:px-5 dark:hover:bg-zinc-800/40",
        showHeader ? "mt-3 pt-1 pb-0.5" : "py-0.5",
        message.sending && "opacity-70",
      )}
      data-mid={message.mid}
      data-sending={message.sending ? "true" : undefined}
      aria-busy={message.sending || undefined}
    >
      <div className="w-9 shrink-0">
        {showHeader ? (
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
      <div className="min-w-0 flex-1">
        {showHeader && (
          <div className="flex items-baseline gap-2">
            <span className="truncate font-semibold text-zinc-900 dark:text-zinc-50" data-testid="message-sender">
              {name}
            </span>
            <time dateTime={new Date(message.created_at).toISOString()} title={fullTimeLabel(message.created_at)} className="shrink-0 text-xs text-zinc-400 tabular-nums">
              {timeLabel(message.created_at)}
            </time>
          </div>
        )}
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1" data-testid="message-content">
            <MessageContent message={message} users={users} />
          </div>
          {message.sending && <Spinner size={12} className="mb-1.5 shrink-0 text-zinc-400" label={t("message.sending")} />}
        </div>
        {message.edited && <span className="text-[11px] text-zinc-400">{t("message.edited")}</span>}
        {reactions && <Reactions reactions={reactions} users={users} me={me} />}
      </div>
    </li>
  );
}

export default memo(MessageItem);
