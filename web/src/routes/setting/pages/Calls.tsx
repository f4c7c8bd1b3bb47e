import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DEFAULT_CALL_ADMIN_CONFIG, SECRET_MASK, type CallAdminConfig, type CallMediaBackend } from "@parley/protocol";
import { useGetAgoraEnabledQuery } from "../../../app/services/calls";
import { useGetCallSettingsQuery, useUpdateCallSettingsMutation } from "../../../calls/api";
import Input, { PasswordInput } from "../../../components/ui/Input";
import RadioCards from "../../../components/ui/RadioCards";
import Toggle from "../../../components/ui/Toggle";
import { DraftForm, saveOutcome, SaveNotice, Section, useDraft } from "./parts";

/** One ICE URL a line, as typed; the server checks each (`stun:`, `turn:`…). */
const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

function UrlList({ label, hint, value, onChange, testId }: { label: string; hint: string; value: string[]; onChange: (urls: string[]) => void; testId: string }) {
  // The text is kept as typed (blank lines while editing); the list is what is saved.
  const [text, setText] = useState(value.join("\n"));
  const id = `${testId}-field`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          onChange(lines(e.target.value));
        }}
        aria-describedby={`${id}-hint`}
        className="rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-sm text-zinc-900 outline-none focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        data-testid={testId}
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        {hint}
      </p>
    </div>
  );
}

/**
 * Which media calls use (docs/API.md "Calls (addition)", "Calls' media"): the built-in one, or
 * Agora's, which can be chosen once Agora is on with an app id and certificate. A stored Agora
 * choice stays choosable while Agora is off (calls then use the built-in media).
 */
function MediaChoice({ value, agoraReady, onChange }: { value: CallMediaBackend; agoraReady: boolean; onChange: (media: CallMediaBackend) => void }) {
  const { t } = useTranslation("setting");
  const agoraNote = agoraReady ? t("calls.media_agora_desc") : value === "agora" ? t("calls.media_agora_off") : t("calls.media_agora_needed");
  return (
    <div className="grid gap-2 border-b border-zinc-100 p-5 dark:border-zinc-800" data-testid="calls-media">
      {/* The radio group is named by its aria-label; this is its visible twin. */}
      <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200" aria-hidden="true">
        {t("calls.media")}
      </p>
      <RadioCards<CallMediaBackend>
        label={t("calls.media")}
        value={value}
        onChange={onChange}
        options={[
          { value: "builtin", title: t("calls.media_builtin"), description: t("calls.media_builtin_desc") },
          { value: "agora", title: t("calls.media_agora"), description: agoraNote, disabled: !agoraReady && value !== "agora" },
        ]}
      />
      {!agoraReady && (
        <Link to="/setting/agora" className="justify-self-start text-sm font-medium text-primary-700 hover:underline dark:text-primary-300" data-testid="calls-agora-link">
          {t("calls.media_agora_setup")}
        </Link>
      )}
    </div>
  );
}

/** The calls' settings, saved whole with `POST /admin/call/config`; the masked secret sent back keeps the stored one. */
function CallsForm({ stored, agoraReady, onSaved }: { stored: CallAdminConfig; agoraReady: boolean; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation("setting");
  const draft = useDraft<CallAdminConfig>(stored);
  const { values: form, edit } = draft;
  const [save, { isLoading }] = useUpdateCallSettingsMutation();

  const submit = async () => {
    const outcome = saveOutcome(await save(form), t("overview_edit.failed_unknown"));
    // The stored settings are read again before the draft goes, so the form never shows the old ones.
    if (outcome.kind === "saved") await onSaved();
    draft.settle(outcome);
  };

  return (
    <DraftForm label={t("calls.title")} draft={draft} saving={isLoading} onSubmit={submit} testId="calls-form" saveTestId="calls-save">
      <MediaChoice value={form.media} agoraReady={agoraReady} onChange={(media) => edit({ media })} />
      <div className="grid gap-4 p-5">
        <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t("calls.title")}</p>
        <UrlList label={t("calls.stun_urls")} hint={t("calls.stun_hint")} value={form.stun_urls} onChange={(stun_urls) => edit({ stun_urls })} testId="calls-stun" />
        <UrlList label={t("calls.turn_urls")} hint={t("calls.turn_hint")} value={form.turn_urls} onChange={(turn_urls) => edit({ turn_urls })} testId="calls-turn" />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordInput
            className="sm:col-span-2"
            label={t("calls.turn_secret")}
            value={form.turn_secret}
            onChange={(e) => edit({ turn_secret: e.target.value })}
            onFocus={(e) => form.turn_secret === SECRET_MASK && e.target.select()}
            hint={form.turn_secret === SECRET_MASK ? t("calls.secret_kept") : t("calls.turn_secret_hint")}
            autoComplete="new-password"
            maxLength={256}
            data-testid="calls-turn-secret"
          />
          <Input label={t("calls.turn_ttl")} type="number" min={60} max={604800} value={form.turn_ttl_s} onChange={(e) => edit({ turn_ttl_s: Number(e.target.value) })} data-testid="calls-ttl" />
          <Input label={t("calls.max_participants")} hint={t("calls.max_hint")} type="number" min={2} max={16} value={form.max_participants} onChange={(e) => edit({ max_participants: Number(e.target.value) })} data-testid="calls-max" />
        </div>
      </div>
      <Toggle className="border-t border-zinc-100 px-5 py-4 dark:border-zinc-800" label={t("calls.relay_only")} description={t("calls.relay_only_desc")} checked={form.relay_only} onChange={(relay_only) => edit({ relay_only })} />
      <SaveNotice outcome={draft.outcome} className="mx-5 mb-4" />
    </DraftForm>
  );
}

/** `/setting/calls` (admins): the calls' media, and Parley's own voice and video calls (docs/API.md "Calls (addition)", docs/CALLS.md). */
export default function Calls() {
  const { t } = useTranslation("setting");
  const { data, isLoading, isError, refetch } = useGetCallSettingsQuery();
  const agora = useGetAgoraEnabledQuery();
  if (isLoading || agora.isLoading) return <div className="h-full" aria-busy="true" />;
  const stored = { ...DEFAULT_CALL_ADMIN_CONFIG, ...data };
  return (
    <div className="mx-auto max-w-2xl space-y-8 p-6">
      {isError && <p className="text-sm text-red-600 dark:text-red-400">{t("calls.load_failed")}</p>}
      <Section title={t("calls.section")} description={t("calls.hint")} plain>
        <CallsForm stored={stored} agoraReady={agora.data === true} onSaved={() => refetch()} />
      </Section>
    </div>
  );
}
