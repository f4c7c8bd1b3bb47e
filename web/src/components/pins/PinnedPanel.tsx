/**
 * The pinned messages of a channel, newest pin first: who sent each (when the message is
 * loaded), its current content, who pinned it and when; Unpin for those allowed (admins, and
 * the owner of a private channel) and a click that jumps to the message in the list. The list
 * is the channel's `pinned_messages`, kept live by `pinned_message_updated`. Fills its parent.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useUnpinMessageMutation } from "../../app/services/pin";
import type { StoredMessage } from "../../app/slices/messages";
import { toast } from "../../utils/toast";
import { ArrowRightIcon, CloseIcon } from "../Icons";
import { PinIcon } from "../ChatIcons";
import MessageContent from "../MessageList/MessageContent";
import { requestJump } from "../MessageList/actions";
import { calendarDaysAgo, shortDate, timeOfDay } from "../../utils/dates";
import Timestamp from "../ui/Timestamp";
import Avatar, { avatarUrl } from "../ui/Avatar";
import EmptyState from "../ui/EmptyState";
import { canPin } from "../selection/rules";

const NONE: never[] = [];

/** When a message was pinned: "Today at 14:05", "Yesterday at 09:12", "Nov 3", "Nov 3, 2023". */
function when(ts: number, t: (key: string, o?: Record<string, unknown>) => string, language: string): string {
  const ago = calendarDaysAgo(ts);
  if (ago === 0) return t("pins.today_at", { time: timeOfDay(ts, language) });
  if (ago === 1) return t("pins.yesterday_at", { time: timeOfDay(ts, language) });
  return shortDate(ts, language);
}

export default function PinnedPanel({ gid }: { gid: number }) {
  const { t, i18n } = useTranslation("chat");
  const pins = useAppSelector((s) => s.channels.byId[gid]?.pinned_messages ?? NONE);
  const channel = useAppSelector((s) => s.channels.byId[gid]);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const isAdmin = useAppSelector((s) => !!s.authData.user?.is_admin);
  const users = useAppSelector((s) => s.users.byId);
  const loaded = useAppSelector((s) => s.messages.byId);
  const [unpin, { isLoading, originalArgs }] = useUnpinMessageMutation();
  const allowed = canPin(channel, { me, isAdmin });
  // Newest pin first: the server keeps pin order, the panel reads like a feed.
  const ordered = useMemo(() => [...pins].reverse(), [pins]);

  if (!ordered.length) {
    return (
      <div className="flex h-full flex-col" data-testid="pinned-panel">
        <EmptyState className="flex-1" icon={<PinIcon size={26} />} title={t("pins.empty_title")} description={t("pins.empty_desc")} />
      </div>
    );
  }

  const jump = (mid: number) => {
    if (!requestJump(mid)) toast(t("pins.not_loaded"));
  };

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="pinned-panel">
      <p className="shrink-0 px-4 pt-3 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{t("pins.count", { count: ordered.length })}</p>
      <ul className="scroll-thin flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-3 pt-1 pb-4" aria-label={t("pins.title")}>
        {ordered.map((pin) => {
          const original = loaded[pin.mid] as StoredMessage | undefined;
          const sender = original ? users[original.from_uid] : undefined;
          const senderName = original ? (sender?.name ?? t("message.unknown_user", { uid: original.from_uid })) : null;
          const pinner = users[pin.created_by]?.name ?? t("message.unknown_user", { uid: pin.created_by });
          // The pin carries the current (edited) content; the sender and time come from the loaded message.
          const shown: StoredMessage = {
            mid: pin.mid,
            from_uid: original?.from_uid ?? pin.created_by,
            created_at: original?.created_at ?? pin.created_at,
            content_type: pin.content_type,
            content: pin.content,
            properties: pin.properties,
          };
          return (
            <li
              key={pin.mid}
              data-testid="pinned-message"
              data-mid={pin.mid}
              // A click anywhere but on a link or control of the content jumps; the button below is the keyboard way.
              onClick={(e) => !(e.target as Element).closest("a, button, video, audio, input") && jump(pin.mid)}
              className="group relative cursor-pointer rounded-xl border border-zinc-200 bg-white transition hover:border-zinc-300 hover:shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700"
            >
              <div className="flex gap-2.5 p-3">
                {original ? (
                  <Avatar name={senderName!} seed={original.from_uid} src={sender ? avatarUrl(sender.uid, sender.avatar_updated_at) : null} size={32} />
                ) : (
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 dark:bg-amber-950/60 dark:text-amber-400" aria-hidden="true">
                    <PinIcon size={16} />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  {original && (
                    <div className="flex items-baseline gap-2 pr-14">
                      <span className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50" data-testid="pinned-sender">
                        {senderName}
                      </span>
                      <Timestamp ts={original.created_at} className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                        {when(original.created_at, t, i18n.language)}
                      </Timestamp>
                    </div>
                  )}
                  <div className="line-clamp-6 text-sm [&_img]:max-h-40" data-testid="pinned-content">
                    <MessageContent message={shown} users={users} />
                  </div>
                  <p className="mt-1.5 flex items-center gap-1 text-[11px] text-zinc-500 dark:text-zinc-400">
                    <PinIcon size={11} className="shrink-0" />
                    <span className="truncate">
                      {t("pins.pinned_by", { name: pinner })} · <time dateTime={new Date(pin.created_at).toISOString()}>{when(pin.created_at, t, i18n.language)}</time>
                    </span>
                  </p>
                </div>
              </div>
              <div className="absolute top-2 right-2 flex gap-0.5 rounded-lg bg-white opacity-0 transition group-focus-within:opacity-100 group-hover:opacity-100 dark:bg-zinc-900">
                <button type="button" className="icon-btn size-7" aria-label={t("pins.jump")} title={t("pins.jump")} onClick={() => jump(pin.mid)}>
                  <ArrowRightIcon size={15} />
                </button>
                {allowed && (
                  <button
                    type="button"
                    className="icon-btn size-7"
                    aria-label={t("pins.unpin")}
                    title={t("pins.unpin")}
                    disabled={isLoading && originalArgs?.mid === pin.mid}
                    onClick={() => void unpin({ gid, mid: pin.mid }).then((res) => !("error" in res) && toast.success(t("tip.unpin_success")))}
                  >
                    <CloseIcon size={15} />
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
