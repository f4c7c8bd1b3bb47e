import { useTranslation } from "react-i18next";
import { DEFAULT_FCM_CONFIG, SECRET_MASK, type FcmConfig } from "@parley/protocol";
import { useGetFcmConfigQuery, useUpdateFcmConfigMutation } from "../../../app/services/notifications";
import Input from "../../../components/ui/Input";
import Textarea from "../../../components/ui/Textarea";
import Toggle from "../../../components/ui/Toggle";
import { DraftForm, SaveNotice, Section, SettingsPage, useDraft } from "./parts";

/** The FCM settings, saved whole with `POST /admin/fcm/config`; the masked private key sent back keeps the stored one. */
function FcmForm({ stored, onSaved }: { stored: FcmConfig; onSaved: () => void }) {
  const { t } = useTranslation("setting");
  const draft = useDraft<FcmConfig>(stored);
  const { values: form, edit } = draft;
  const [save, { isLoading }] = useUpdateFcmConfigMutation();
  const keepsKey = form.private_key === SECRET_MASK;
  // The official relay (Parley has none: docs/NOTIFICATIONS.md "FCM") needs none of the fields below.
  const own = !form.use_official;

  const submit = async () => {
    const tokenUrl = (form.token_url ?? "").trim();
    const body: FcmConfig = { ...form, project_id: form.project_id.trim(), client_email: form.client_email.trim(), token_url: tokenUrl || null };
    draft.settleAnswer(await save(body), onSaved);
  };

  return (
    <DraftForm label={t("firebase.title")} draft={draft} saving={isLoading} onSubmit={submit} testId="fcm-form" saveTestId="fcm-save">
      <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <Toggle className="px-5 py-4" label={t("firebase.enabled")} description={t("firebase.enabled_desc")} checked={form.enabled} onChange={(enabled) => edit({ enabled })} />
        <Toggle className="px-5 py-4" label={t("firebase.use_official")} description={t("firebase.use_official_desc")} checked={form.use_official} onChange={(use_official) => edit({ use_official })} />
      </div>
      <fieldset className="grid gap-4 border-t border-zinc-100 p-5 dark:border-zinc-800">
        <legend className="sr-only">{t("firebase.service_account")}</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{own ? t("firebase.service_account_hint") : t("firebase.official_hint")}</p>
        {/* Shown (and kept) for one's own project only. */}
        {own && (
          <>
            <Input
              label={t("firebase.project_id")}
              value={form.project_id}
              onChange={(e) => edit({ project_id: e.target.value })}
              placeholder="my-project-1234"
              maxLength={255}
              required={form.enabled}
              autoComplete="off"
              data-testid="fcm-project-id"
            />
            <Input
              label={t("firebase.client_email")}
              type="email"
              value={form.client_email}
              onChange={(e) => edit({ client_email: e.target.value })}
              placeholder="firebase-adminsdk@my-project-1234.iam.gserviceaccount.com"
              maxLength={320}
              required={form.enabled}
              autoComplete="off"
              data-testid="fcm-client-email"
            />
            <Textarea
              label={t("firebase.private_key")}
              value={form.private_key}
              onChange={(e) => edit({ private_key: e.target.value })}
              onFocus={(e) => keepsKey && e.target.select()}
              hint={keepsKey ? t("firebase.private_key_kept") : t("firebase.private_key_hint")}
              placeholder="-----BEGIN PRIVATE KEY-----"
              rows={keepsKey ? 2 : 6}
              maxLength={8192}
              spellCheck={false}
              autoComplete="off"
              areaClassName="font-mono text-xs"
              data-testid="fcm-private-key"
            />
            <Input
              label={t("firebase.token_url")}
              type="url"
              value={form.token_url ?? ""}
              onChange={(e) => edit({ token_url: e.target.value })}
              placeholder="https://oauth2.googleapis.com/token"
              hint={t("firebase.token_url_hint")}
              maxLength={2048}
              data-testid="fcm-token-url"
            />
          </>
        )}
      </fieldset>
      <SaveNotice outcome={draft.outcome} className="mx-5 mb-4" />
    </DraftForm>
  );
}

/** `/setting/firebase` (admins): Firebase Cloud Messaging for the VoceChat mobile apps (docs/API.md "FCM"). */
export default function Firebase() {
  const { t } = useTranslation("setting");
  const { data, isLoading, isError, refetch } = useGetFcmConfigQuery();
  return (
    <SettingsPage loading={isLoading} failedText={isError && t("firebase.load_failed")}>
      <Section title={t("firebase.title")} description={t("firebase.hint")} plain>
        {/* After a save the stored config is read again: the private key comes back as the mask. */}
        <FcmForm stored={{ ...DEFAULT_FCM_CONFIG, ...data }} onSaved={() => void refetch()} />
      </Section>
    </SettingsPage>
  );
}
