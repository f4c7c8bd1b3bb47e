import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import type { StoredUser } from "../../app/slices/users";
import Avatar, { avatarUrl } from "../ui/Avatar";
import BotBadge from "../ui/BotBadge";
import { optionId } from "./optionId";

interface Props {
  id: string;
  users: StoredUser[];
  active: number;
  onPick: (user: StoredUser) => void;
  onHover: (index: number) => void;
}


/** The `@` autocomplete: the conversation's members matching what follows the `@`. */
export default function MentionList({ id, users, active, onPick, onHover }: Props) {
  const { t } = useTranslation("chat");
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>("[aria-selected=true]")?.scrollIntoView({ block: "nearest" });
  }, [active]);

  return (
    <div className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900" data-testid="mention-list">
      <div className="flex items-center justify-between border-b border-zinc-100 px-3 py-1.5 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:text-zinc-400">
        <span>{t("composer.mention.title")}</span>
        <span className="hidden font-normal tracking-normal normal-case sm:inline">{t("composer.mention.hint")}</span>
      </div>
      <ul ref={list} id={id} role="listbox" aria-label={t("composer.mention.title")} className="scroll-thin max-h-64 overflow-y-auto p-1">
        {users.map((user, i) => (
          <li
            key={user.uid}
            id={optionId(id, user.uid)}
            role="option"
            aria-selected={i === active}
            // Keep the focus (and the caret) in the input.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(user)}
            onMouseMove={() => i !== active && onHover(i)}
            className={clsx(
              "flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm",
              i === active ? "bg-primary-600 text-white dark:bg-primary-500" : "text-zinc-800 dark:text-zinc-200",
            )}
            data-testid="mention-option"
          >
            <Avatar name={user.name} seed={user.uid} src={avatarUrl(user.uid, user.avatar_updated_at)} size={24} rounded="full" />
            <span className="min-w-0 truncate font-medium" data-testid="mention-name">{user.name}</span>
            {user.online !== undefined && (
              <span
                className={clsx("size-2 shrink-0 rounded-full", user.online ? "bg-emerald-500" : i === active ? "bg-white/50" : "bg-zinc-300 dark:bg-zinc-600")}
                aria-label={user.online ? t("composer.mention.online") : t("composer.mention.offline")}
                role="img"
              />
            )}
            {user.is_bot && <BotBadge inverted={i === active} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
