/**
 * What channel and DM chats show alike: the header (picture, title with the muted mark, a line
 * under it, the tools ending in the settings link), the intro above the first message, the layout
 * with the side panel, and the header's search text, which a different conversation starts empty.
 */
import { Suspense, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { SettingsIcon } from "../../components/Icons";
import { BellOffIcon } from "../../components/aside/icons";

interface HeaderProps {
  avatar: ReactNode;
  /** Before the title (the channel's public/private mark). */
  titleIcon?: ReactNode;
  title: string;
  muted: boolean;
  /** The line under the title. */
  subtitle: ReactNode;
  /** The toolbar's buttons, before the settings link. */
  tools: ReactNode;
  /** The conversation's settings page (none: no link). */
  settings?: { to: string; label: string; testId?: string };
}

export function ConversationHeader({ avatar, titleIcon, title, muted, subtitle, tools, settings }: HeaderProps) {
  const { t } = useTranslation("chat");
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      {avatar}
      <div className="min-w-0 flex-1">
        <h1 className="flex items-center gap-1.5 text-[16px] leading-tight font-bold text-zinc-900 dark:text-white">
          {titleIcon}
          <span className="truncate" data-testid="channel-title">
            {title}
          </span>
          {muted && <BellOffIcon size={14} className="shrink-0 text-zinc-400" aria-label={t("header.muted")} />}
        </h1>
        {subtitle}
      </div>
      <div className="flex shrink-0 items-center gap-1" role="toolbar" aria-label={t("header.tools")}>
        {tools}
        {settings && (
          <Link to={settings.to} className="icon-btn" aria-label={settings.label} title={settings.label} data-testid={settings.testId}>
            <SettingsIcon size={17} />
          </Link>
        )}
      </div>
    </div>
  );
}

/** Above the first message, once the start of the history is reached. */
export function ConversationIntro({ avatar, title, description }: { avatar: ReactNode; title: string; description: string }) {
  return (
    <div className="px-5 pt-8 pb-4">
      {avatar}
      <h2 className="mt-3 text-xl font-bold text-zinc-900 dark:text-white">{title}</h2>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>
    </div>
  );
}

/** The chat, and beside it the open side panel (members, pins, search, profile). */
export function ChatWithAside({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  return (
    <div className="relative flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      {/* The panel's chunk loads with the first conversation that shows one (aside/controls.tsx). */}
      <Suspense fallback={null}>{aside}</Suspense>
    </div>
  );
}

/** The header's search text, emptied when the conversation (`id`) changes. */
export function useHeaderQuery(id: number) {
  const [query, setQuery] = useState("");
  const [prevId, setPrevId] = useState(id);
  if (prevId !== id) {
    setPrevId(id);
    setQuery("");
  }
  return [query, setQuery] as const;
}
