/**
 * `/setting/bot` (admins): the bots (docs/API.md "Bots", "Webhooks"). The list shows every bot
 * with its picture, public or not and its webhook; the chosen bot's webhook and public switch,
 * API keys, signing secret, latest deliveries and conversations (the admin bot viewer) are below
 * it. Bots are made here too.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUser } from "@parley/protocol";
import { useGetBotsQuery } from "../../../app/services/bots";
import { PlusIcon, SparkIcon } from "../../../components/Icons";
import Avatar, { avatarUrl } from "../../../components/ui/Avatar";
import Badge from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import EmptyState from "../../../components/ui/EmptyState";
import { toast } from "../../../utils/toast";
import ApiKeys from "./bots/ApiKeys";
import BotSettings from "./bots/BotSettings";
import Conversations from "./bots/Conversations";
import CreateBotModal from "./bots/CreateBotModal";
import Deliveries from "./bots/Deliveries";
import SigningSecret from "./bots/SigningSecret";
import { Section } from "./parts";

export default function Bots() {
  const { t } = useTranslation("setting");
  const bots = useGetBotsQuery();
  const [creating, setCreating] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const list = bots.data ?? [];
  const bot = list.find((b) => b.uid === picked) ?? list[0];

  const created = (b: AdminUser) => {
    setCreating(false);
    setPicked(b.uid);
    toast.success(t("bots_page.created", { name: b.name }));
  };

  if (bots.isLoading) return <div className="h-full" aria-busy="true" />;
  return (
    <div className="mx-auto max-w-3xl space-y-8 p-6" data-testid="bots-page">
      <Section
        title={t("bots_page.title")}
        description={t("bots_page.intro")}
        plain
      >
        <div className="mb-3 flex justify-end">
          <Button icon={<PlusIcon size={16} />} onClick={() => setCreating(true)} data-testid="create-bot">
            {t("bots_page.create")}
          </Button>
        </div>
        {bots.isError && <p className="text-sm text-red-600 dark:text-red-400">{t("bots_page.load_failed")}</p>}
        {list.length === 0 && !bots.isError ? (
          <EmptyState className="rounded-xl border border-dashed border-zinc-300 py-10 dark:border-zinc-700" icon={<SparkIcon size={28} />} title={t("bots_page.none")} description={t("bots_page.none_desc")} />
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900" aria-label={t("bots_page.list")} data-testid="bot-list">
            {list.map((b) => (
              <li key={b.uid}>
                <button
                  type="button"
                  aria-current={b.uid === bot?.uid ? "true" : undefined}
                  onClick={() => setPicked(b.uid)}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left transition first:rounded-t-xl last:rounded-b-xl hover:bg-zinc-50 focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none aria-[current]:bg-primary-50/60 dark:hover:bg-zinc-800/60 dark:aria-[current]:bg-primary-950/40"
                  data-testid="bot-row"
                >
                  <Avatar name={b.name} seed={b.uid} src={avatarUrl(b.uid, b.avatar_updated_at)} size={36} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="bot-name">
                      {b.name}
                    </span>
                    <span className="block truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{b.webhook_url || t("bots_page.no_webhook")}</span>
                  </span>
                  <Badge tone={b.is_public ? "primary" : "neutral"}>{t(b.is_public ? "bots_page.is_public" : "bots_page.is_private")}</Badge>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {bot && (
        <div className="space-y-8" data-testid="bot-detail" data-uid={bot.uid}>
          <h2 className="flex items-center gap-3 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            <Avatar name={bot.name} seed={bot.uid} src={avatarUrl(bot.uid, bot.avatar_updated_at)} size={32} />
            {bot.name}
          </h2>
          <Section title={t("bots_page.settings")} plain>
            <BotSettings key={bot.uid} bot={bot} />
          </Section>
          <Section title={t("bots_page.keys.title")} description={t("bots_page.keys.desc")} plain>
            <ApiKeys key={bot.uid} uid={bot.uid} />
          </Section>
          <Section title={t("bots_page.secret.title")} plain>
            <SigningSecret key={bot.uid} uid={bot.uid} />
          </Section>
          <Section title={t("bots_page.deliveries.title")} plain>
            <Deliveries key={bot.uid} uid={bot.uid} />
          </Section>
          <Section title={t("bots_page.conversations.title")} description={t("bots_page.conversations.desc")} plain testId="bot-conversations-section">
            <Conversations key={bot.uid} bot={bot} />
          </Section>
        </div>
      )}
      {creating && <CreateBotModal onClose={() => setCreating(false)} onCreated={created} />}
    </div>
  );
}
