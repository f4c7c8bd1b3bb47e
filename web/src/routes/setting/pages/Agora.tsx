import { useTranslation } from "react-i18next";
import { DEFAULT_AGORA_CONFIG, SECRET_MASK, type AgoraConfig, type AgoraUsages } from "@parley/protocol";
import { useGetAgoraConfigQuery, useGetAgoraUsagesQuery, useUpdateAgoraConfigMutation } from "../../../app/services/calls";
import Input, { PasswordInput } from "../../../components/ui/Input";
import Toggle from "../../../components/ui/Toggle";
import { DraftForm, SaveNotice, Section, SettingsPage, useDraft } from "./parts";

/** Agora shows its app id and certificate as 32 hexadecimal digits. */
const HEX32 = "[0-9a-fA-F]{32}";

/** The Agora settings, saved whole with `POST /admin/agora/config`; masked secrets sent back keep the stored ones. */
function AgoraForm({ stored, onSaved }: { stored: AgoraConfig; onSaved: () => void }) {
  const { t } = useTranslation("setting");
  const draft = useDraft<AgoraConfig>(stored);
  const { values: form, edit } = draft;
  const [save, { isLoading }] = useUpdateAgoraConfigMutation();
  const kept = (secret: string) => (secret === SECRET_MASK ? t("agora.secret_kept") : undefined);

  const submit = async () => {
    const trimmed = { ...form, url: form.url.trim() || DEFAULT_AGORA_CONFIG.url, project_id: form.project_id.trim(), app_id: form.app_id.trim(), rtm_key: form.rtm_key.trim() };
    draft.settleAnswer(await save(trimmed), onSaved);
  };

  return (
    <DraftForm label={t("agora.title")} draft={draft} saving={isLoading} onSubmit={submit} testId="agora-form" saveTestId="agora-save">
      <Toggle className="border-b border-zinc-100 px-5 py-4 dark:border-zinc-800" label={t("agora.enabled")} description={t("agora.enabled_desc")} checked={form.enabled} onChange={(enabled) => edit({ enabled })} />
      <fieldset className="grid gap-4 p-5 sm:grid-cols-2">
        <legend className="sr-only">{t("agora.project")}</legend>
        <Input label={t("agora.project_id")} value={form.project_id} onChange={(e) => edit({ project_id: e.target.value })} maxLength={256} autoComplete="off" data-testid="agora-project-id" />
        <Input
          label={t("agora.app_id")}
          value={form.app_id}
          onChange={(e) => edit({ app_id: e.target.value })}
          pattern={HEX32}
          title={t("agora.hex32")}
          required={form.enabled}
          autoComplete="off"
          spellCheck={false}
          data-testid="agora-app-id"
        />
        <PasswordInput
          className="sm:col-span-2"
          label={t("agora.app_certificate")}
          value={form.app_certificate}
          onChange={(e) => edit({ app_certificate: e.target.value })}
          onFocus={(e) => form.app_certificate === SECRET_MASK && e.target.select()}
          hint={kept(form.app_certificate) ?? t("agora.hex32")}
          required={form.enabled}
          autoComplete="new-password"
          data-testid="agora-app-certificate"
        />
      </fieldset>
      <fieldset className="grid gap-4 border-t border-zinc-100 p-5 sm:grid-cols-2 dark:border-zinc-800">
        <legend className="sr-only">{t("agora.rest")}</legend>
        <div className="sm:col-span-2">
          {/* The legend names the group for assistive technology; this is its visible twin. */}
          <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200" aria-hidden="true">
            {t("agora.rest")}
          </p>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t("agora.rest_hint")}</p>
        </div>
        <Input label={t("agora.customer_id")} value={form.rtm_key} onChange={(e) => edit({ rtm_key: e.target.value })} maxLength={256} autoComplete="off" data-testid="agora-customer-id" />
        <PasswordInput
          label={t("agora.customer_secret")}
          value={form.rtm_secret}
          onChange={(e) => edit({ rtm_secret: e.target.value })}
          onFocus={(e) => form.rtm_secret === SECRET_MASK && e.target.select()}
          hint={kept(form.rtm_secret)}
          maxLength={256}
          autoComplete="new-password"
          data-testid="agora-customer-secret"
        />
        <Input
          className="sm:col-span-2"
          label={t("agora.url")}
          type="url"
          value={form.url}
          onChange={(e) => edit({ url: e.target.value })}
          placeholder={DEFAULT_AGORA_CONFIG.url}
          maxLength={2048}
          data-testid="agora-url"
        />
      </fieldset>
      <SaveNotice outcome={draft.outcome} className="mx-5 mb-4" />
    </DraftForm>
  );
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The last 30 days' minutes from Agora's usage API, when the REST key is set. */
function Usage() {
  const { t, i18n } = useTranslation("setting");
  const to = new Date();
  const from = new Date(to.getTime() - 29 * 86_400_000);
  const { data, isLoading, isError } = useGetAgoraUsagesQuery({ from_date: day(from), to_date: day(to) });
  if (isLoading) return <div className="h-16" aria-busy="true" />;
  if (isError || !data) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("agora.usage_unavailable")}</p>;
  const total = (key: keyof AgoraUsages["usages"][number]["usage"]) => data.usages.reduce((sum, u) => sum + u.usage[key], 0);
  const number = new Intl.NumberFormat(i18n.language);
  const rows: [string, number][] = [
    [t("agora.usage_audio"), total("duration_audio_all")],
    [t("agora.usage_video_hd"), total("duration_video_hd")],
    [t("agora.usage_video_hdp"), total("duration_video_hdp")],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3" data-testid="agora-usage">
      {rows.map(([label, minutes]) => (
        <div key={label} className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="mt-1 text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{t("agora.minutes", { count: minutes, formatted: number.format(minutes) })}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/setting/agora` (admins): Agora for voice and video calls in the VoceChat clients (docs/API.md "Agora"). */
export default function Agora() {
  const { t } = useTranslation("setting");
  const { data, isLoading, isError, refetch } = useGetAgoraConfigQuery();
  const stored = { ...DEFAULT_AGORA_CONFIG, ...data };
  return (
    <SettingsPage loading={isLoading} failedText={isError && t("agora.load_failed")}>
      <Section title={t("agora.title")} description={t("agora.hint")} plain>
        {/* After a save the stored config is read again: the secrets come back as the mask. */}
        <AgoraForm stored={stored} onSaved={() => void refetch()} />
      </Section>
      {stored.enabled && stored.rtm_key !== "" && (
        <Section title={t("agora.usage")} description={t("agora.usage_hint")} plain>
          <Usage />
        </Section>
      )}
    </SettingsPage>
  );
}
