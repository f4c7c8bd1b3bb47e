import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_SMTP_CONFIG, SMTP_PASSWORD_MASK, type SmtpConfig } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import { useGetSmtpConfigQuery, useSendTestMailMutation, useUpdateSmtpConfigMutation } from "../../../app/services/adminSystem";
import Button from "../../../components/ui/Button";
import Input, { PasswordInput } from "../../../components/ui/Input";
import Toggle from "../../../components/ui/Toggle";
import { DraftForm, IDLE, SaveNotice, saveOutcome, type SaveOutcome, Section, SettingsPage, useDraft } from "./parts";

/** The port on which the server speaks TLS from the first byte (`mail/transport.ts`); others upgrade with STARTTLS. */
const IMPLICIT_TLS_PORT = 465;

/** The SMTP settings, saved whole with `POST /admin/smtp/config`. */
function SmtpForm({ stored, onSaved }: { stored: SmtpConfig; onSaved: () => void }) {
  const { t } = useTranslation("setting");
  // What the admin typed over the stored config.
  const draft = useDraft<SmtpConfig>(stored);
  const { values: form, edit } = draft;
  const [save, { isLoading }] = useUpdateSmtpConfigMutation();
  const keepsPassword = form.password === SMTP_PASSWORD_MASK;

  const submit = async () => {
    draft.settleAnswer(await save({ ...form, host: form.host.trim(), from: form.from.trim() }), onSaved);
  };

  return (
    <DraftForm label={t("smtp.server")} draft={draft} saving={isLoading} onSubmit={submit} testId="smtp-form" saveTestId="smtp-save">
      <div className="border-b border-zinc-100 px-5 py-4 dark:border-zinc-800">
        <Toggle label={t("smtp.enabled")} description={t("smtp.enabled_desc")} checked={form.enabled} onChange={(enabled) => edit({ enabled })} />
      </div>
      <div className="grid gap-4 p-5 sm:grid-cols-[1fr_8rem]">
        <Input label={t("smtp.host")} value={form.host} onChange={(e) => edit({ host: e.target.value })} placeholder="smtp.example.com" maxLength={255} autoComplete="off" data-testid="smtp-host" />
        <Input
          label={t("smtp.port")}
          type="number"
          min={1}
          max={65535}
          value={form.port}
          onChange={(e) => edit({ port: Number(e.target.value) })}
          required
          data-testid="smtp-port"
        />
        <p className="-mt-2 text-xs text-zinc-500 sm:col-span-2 dark:text-zinc-400" data-testid="smtp-tls">
          {form.port === IMPLICIT_TLS_PORT ? t("smtp.tls_implicit") : t("smtp.tls_starttls", { port: IMPLICIT_TLS_PORT })}
        </p>
        <Input
          className="sm:col-span-2"
          label={t("smtp.from")}
          value={form.from}
          onChange={(e) => edit({ from: e.target.value })}
          placeholder="Parley <noreply@example.com>"
          maxLength={320}
          data-testid="smtp-from"
        />
        <Input className="sm:col-span-2" label={t("smtp.username")} value={form.username} onChange={(e) => edit({ username: e.target.value })} maxLength={320} autoComplete="off" data-testid="smtp-username" />
        <PasswordInput
          className="sm:col-span-2"
          label={t("smtp.password")}
          value={form.password}
          onChange={(e) => edit({ password: e.target.value })}
          onFocus={(e) => keepsPassword && e.target.select()}
          hint={keepsPassword ? t("smtp.password_kept") : undefined}
          maxLength={1024}
          autoComplete="new-password"
          data-testid="smtp-password"
        />
        <SaveNotice outcome={draft.outcome} className="sm:col-span-2" />
      </div>
    </DraftForm>
  );
}

/** A test message to an address, through the saved settings (`POST /admin/system/send_mail`). */
function TestMail({ ready }: { ready: boolean }) {
  const { t } = useTranslation("setting");
  const server = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const [to, setTo] = useState("");
  const [outcome, setOutcome] = useState<SaveOutcome>(IDLE);
  const [send, { isLoading }] = useSendTestMailMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await send({ to: to.trim(), subject: t("smtp.test_subject", { name: server }), content: t("smtp.test_content", { name: server }) });
    setOutcome(saveOutcome(res, t("overview_edit.failed_unknown")));
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t("smtp.test")} className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-end gap-3">
        <Input
          className="min-w-56 flex-1"
          label={t("smtp.test_to")}
          type="email"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            setOutcome(IDLE);
          }}
          placeholder="you@example.com"
          required
          data-testid="smtp-test-to"
        />
        <Button type="submit" variant="secondary" loading={isLoading} disabled={!ready || !to.trim()} data-testid="smtp-test-send">
          {t("smtp.test_send")}
        </Button>
      </div>
      {!ready && <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("smtp.test_needs_save")}</p>}
      <SaveNotice outcome={outcome} savedText={t("smtp.test_sent", { to: to.trim() })} />
    </form>
  );
}

/** `/setting/smtp` (admins): the mail server for invitations, sign-in links and notifications, and a test mail. */
export default function Smtp() {
  const { t } = useTranslation("setting");
  const { data, isLoading, isError, refetch } = useGetSmtpConfigQuery();
  const stored = data ?? DEFAULT_SMTP_CONFIG;
  return (
    <SettingsPage loading={isLoading} failedText={isError && t("smtp.load_failed")}>
      <Section title={t("smtp.server")} description={t("smtp.server_hint")} plain>
        {/* After a save the stored config is read again: the password comes back as the mask. */}
        <SmtpForm stored={stored} onSaved={() => void refetch()} />
      </Section>
      <Section title={t("smtp.test")} description={t("smtp.test_hint")} plain>
        <TestMail ready={stored.enabled && stored.host !== ""} />
      </Section>
    </SettingsPage>
  );
}
