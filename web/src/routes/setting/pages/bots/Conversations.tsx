/**
 * The admin bot viewer (docs/API.md "Bots"): the bot's conversations, the most recently active
 * first, paged with "Load more" (`next_before`); the one picked shows its history beside them,
 * read-only.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUser, BotConversation, MessageTarget } from "@parley/protocol";
import { useGetBotConversationsInfiniteQuery } from "../../../../app/services/bots";
import { ChatIcon, Spinner } from "../../../../components/Icons";
import BotBadge from "../../../../components/ui/BotBadge";
import Button from "../../../../components/ui/Button";
import EmptyState from "../../../../components/ui/EmptyState";
import Timestamp from "../../../../components/ui/Timestamp";
import { activityLabel } from "../../../../utils/dates";
import ConversationHistory from "./ConversationHistory";
import { targetKey, useTarget } from "./conversationTarget";

const CARD = "rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900";

function ConversationRow({ conversation, picked, onPick }: { conversation: BotConversation; picked: boolean; onPick: () => void }) {
  const { t, i18n } = useTranslation("setting");
  const target = useTarget(conversation.target);
  const dm = "uid" in conversation.target;
  return (
    <li>
      <button
        type="button"
        aria-current={picked ? "true" : undefined}
        onClick={onPick}
        className="flex w-full items-center gap-2.5 px-3 py-2.5 text-left transition hover:bg-zinc-50 focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none focus-visible:ring-inset aria-[current]:bg-primary-50/70 dark:hover:bg-zinc-800/60 dark:aria-[current]:bg-primary-950/40"
        data-testid="bot-conversation"
        data-target={targetKey(conversation.target)}
      >
        {target.picture(32)}
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="bot-conversation-name">
              {target.title}
            </span>
            {target.user?.is_bot && <BotBadge />}
          </span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{t(dm ? "bots_page.conversations.dm" : "bots_page.conversations.channel")}</span>
        </span>
        <Timestamp ts={conversation.last_created_at} className="shrink-0 self-start pt-0.5 text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400">
          {activityLabel(conversation.last_created_at, i18n.language)}
        </Timestamp>
      </button>
    </li>
  );
}

export default function Conversations({ bot }: { bot: AdminUser }) {
  const { t } = useTranslation("setting");
  const list = useGetBotConversationsInfiniteQuery(bot.uid);
  const [picked, setPicked] = useState<MessageTarget | null>(null);
  const conversations = list.data?.pages.flatMap((p) => p.conversations) ?? [];

  if (list.isLoading) {
    return (
      <div className={`${CARD} flex items-center justify-center gap-2 py-12 text-sm text-zinc-500 dark:text-zinc-400`} aria-busy="true" data-testid="bot-conversations-loading">
        <Spinner size={16} />
        {t("bots_page.conversations.loading")}
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <div className={`${CARD} flex flex-wrap items-center justify-between gap-3 px-5 py-4`} data-testid="bot-conversations-error">
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t("bots_page.conversations.failed")}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t("bots_page.conversations.retry")}
        </Button>
      </div>
    );
  }
  if (!conversations.length) {
    return (
      <div className={CARD} data-testid="bot-conversations-empty">
        <EmptyState icon={<ChatIcon size={28} />} title={t("bots_page.conversations.none")} description={t("bots_page.conversations.none_desc")} />
      </div>
    );
  }

  const current = picked && conversations.find((c) => targetKey(c.target) === targetKey(picked));
  return (
    <div className={`${CARD} overflow-hidden md:grid md:h-[34rem] md:grid-cols-[17rem_minmax(0,1fr)]`} data-testid="bot-conversations">
      <div className="flex max-h-80 min-h-0 flex-col border-b border-zinc-200 md:max-h-none md:border-r md:border-b-0 dark:border-zinc-800">
        <ul className="scroll-thin min-h-0 flex-1 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800" aria-label={t("bots_page.conversations.list", { name: bot.name })}>
          {conversations.map((c) => (
            <ConversationRow key={targetKey(c.target)} conversation={c} picked={!!current && targetKey(current.target) === targetKey(c.target)} onPick={() => setPicked(c.target)} />
          ))}
        </ul>
        {list.isFetchNextPageError && (
          <p role="alert" className="border-t border-zinc-100 px-3 py-2 text-xs text-red-600 dark:border-zinc-800 dark:text-red-400">
            {t("bots_page.conversations.failed")}
          </p>
        )}
        {list.hasNextPage && (
          <div className="border-t border-zinc-100 p-2 dark:border-zinc-800">
            <Button variant="ghost" size="sm" block loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} data-testid="bot-conversations-more">
              {t("bots_page.conversations.load_more")}
            </Button>
          </div>
        )}
      </div>
      <div className="flex h-[30rem] min-h-0 flex-col md:h-auto">
        {current ? (
          <ConversationHistory key={targetKey(current.target)} bot={bot} target={current.target} />
        ) : (
          <p className="m-auto max-w-xs px-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{t("bots_page.conversations.pick")}</p>
        )}
      </div>
    </div>
  );
}
