/** A bot's webhook URL and public switch, saved with `PUT /admin/user/{uid}` (the server probes a new URL: a 406 in its words). */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUser } from "@parley/protocol";
import { useUpdateBotMutation } from "../../../../app/services/bots";
import { refusalText } from "../../../../app/services/refusal";
import Input from "../../../../components/ui/Input";
import Toggle from "../../../../components/ui/Toggle";
import { SaveFooter, IDLE, SaveNotice, type SaveOutcome } from "../parts";

export default function BotSettings({ bot }: { bot: AdminUser }) {
  const { t } = useTranslation("setting");
  const stored = { webhook_url: bot.webhook_url ?? "", is_public: bot.is_public };
  // What the admin changed; null shows the stored values.
  const [draft, setDraft] = useState<typeof stored | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome>(IDLE);
  const [save, { isLoading }] = useUpdateBotMutation();
  const form = draft ?? stored;
  const edit = (patch: Partial<typeof stored>) => {
    setDraft({ ...form, ...patch });
    setOutcome(IDLE);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await save({ uid: bot.uid, webhook_url: form.webhook_url.trim(), is_public: form.is_public });
    if ("error" in res) return setOutcome({ kind: "failed", text: refusalText(res.error) ?? t("bots_page.failed") });
    setDraft(null);
    setOutcome({ kind: "saved" });
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t("bots_page.settings")} className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" data-testid="bot-settings">
      <div className="space-y-4 p-5">
        <Input
          label={t("bots_page.webhook_url")}
          hint={t("bots_page.webhook_hint")}
          type="url"
          value={form.webhook_url}
          onChange={(e) => edit({ webhook_url: e.target.value })}
          placeholder="https://bot.example.com/webhook"
          maxLength={2048}
          autoComplete="off"
          data-testid="bot-webhook-url"
        />
        <Toggle label={t("bots_page.public")} description={t("bots_page.public_desc")} checked={form.is_public} onChange={(is_public) => edit({ is_public })} />
        <SaveNotice outcome={outcome} />
      </div>
      <SaveFooter
        changed={!!draft}
        saving={isLoading}
        onReset={() => {
          setDraft(null);
          setOutcome(IDLE);
        }}
        saveTestId="bot-save"
      />
    </form>
  );
}
