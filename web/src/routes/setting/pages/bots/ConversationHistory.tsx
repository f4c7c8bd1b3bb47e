/**
 * One of a bot's conversations read as the bot reads it (the admin bot viewer, docs/API.md
 * "Bots"), in the chat's own message list without its actions: no toolbar, no composer. Older
 * pages come in with `before` as the list is scrolled to the top. The pages are kept to this
 * view, not in the store: they are not the admin's own conversations, and the stream never
 * updates them. They go through the messages reducer all the same, so reactions, edits and
 * deletes read as they do in the chat.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUser, ChatMessage, MessageTarget } from "@parley/protocol";
import { useAppSelector } from "../../../../app/hooks";
import { useGetBotHistoryInfiniteQuery } from "../../../../app/services/bots";
import messagesReducer, { conversationOf, initialMessagesState, receiveMessages, type MessagesState } from "../../../../app/slices/messages";
import { ChatIcon, EyeIcon, Spinner } from "../../../../components/Icons";
import MessageList from "../../../../components/MessageList";
import { QuotedMessagesContext } from "../../../../components/MessageList/actions";
import BotBadge from "../../../../components/ui/BotBadge";
import Button from "../../../../components/ui/Button";
import EmptyState from "../../../../components/ui/EmptyState";
import { targetKey, useTarget } from "./conversationTarget";

const NO_IDS: number[] = [];

/** The pages (newest first, as they were fetched) as the chat would hold them: oldest applied first. */
export function readPages(pages: readonly ChatMessage[][], bot: number): MessagesState {
  let state = initialMessagesState();
  for (let i = pages.length - 1; i >= 0; i--) state = messagesReducer(state, receiveMessages({ me: bot, messages: pages[i] }));
  return state;
}

export default function ConversationHistory({ bot, target }: { bot: AdminUser; target: MessageTarget }) {
  const { t } = useTranslation("setting");
  const view = useTarget(target);
  const users = useAppSelector((s) => s.users.byId);
  const history = useGetBotHistoryInfiniteQuery({ bot: bot.uid, target });
  const pages = history.data?.pages;
  const state = useMemo(() => readPages(pages ?? [], bot.uid), [pages, bot.uid]);
  // The bot is "me" here: a DM is filed under its other side, a channel under its gid.
  const conv = conversationOf({ from_uid: bot.uid, target }, bot.uid);
  const ids = state[conv.kind][conv.id] ?? NO_IDS;
  const label = t("bots_page.conversations.history", { name: view.title });

  let body;
  if (history.isLoading) {
    body = (
      <div className="m-auto flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400" aria-busy="true">
        <Spinner size={16} />
        {t("bots_page.conversations.history_loading")}
      </div>
    );
  } else if (history.isError && !pages) {
    body = (
      <div className="m-auto flex flex-col items-center gap-3 px-6 text-center" data-testid="bot-history-error">
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t("bots_page.conversations.history_failed")}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
          {t("bots_page.conversations.retry")}
        </Button>
      </div>
    );
  } else if (!ids.length && !history.hasNextPage) {
    body = <EmptyState className="m-auto" icon={<ChatIcon size={28} />} title={t("bots_page.conversations.history_empty")} />;
  } else {
    body = (
      <QuotedMessagesContext value={state.byId}>
        <MessageList
          contextKey={`bot:${bot.uid}:${targetKey(target)}`}
          ids={ids}
          byId={state.byId}
          users={users}
          reactions={state.reactions}
          me={bot.uid}
          hasMore={!!history.hasNextPage}
          loading={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
          intro={<p className="px-5 pt-4 pb-2 text-center text-xs text-zinc-500 dark:text-zinc-400">{t("bots_page.conversations.history_start")}</p>}
          label={label}
        />
      </QuotedMessagesContext>
    );
  }

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={label} data-testid="bot-history">
      <header className="flex h-12 shrink-0 items-center gap-2.5 border-b border-zinc-200 px-4 dark:border-zinc-800">
        {view.picture(28)}
        <h4 className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100">{view.title}</h4>
        {view.user?.is_bot && <BotBadge />}
        <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-md bg-zinc-100 px-1.5 py-0.5 text-[11px] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" title={t("bots_page.conversations.read_only_hint")}>
          <EyeIcon size={12} />
          {t("bots_page.conversations.read_only")}
        </span>
      </header>
      {history.isFetchNextPageError && (
        <div className="flex shrink-0 items-center justify-between gap-3 border-b border-red-100 bg-red-50 px-4 py-1.5 text-xs text-red-700 dark:border-red-900/50 dark:bg-red-950/40 dark:text-red-300">
          <span role="alert">{t("bots_page.conversations.history_failed")}</span>
          <button type="button" className="font-medium underline" onClick={() => void history.fetchNextPage()}>
            {t("bots_page.conversations.retry")}
          </button>
        </div>
      )}
      <div className="relative flex min-h-0 flex-1 flex-col">{body}</div>
    </section>
  );
}
