import { useTranslation } from "react-i18next";
import { SECRET_MASK, type GithubAuthConfig, type GoogleAuthConfig } from "@parley/protocol";
import {
  callbackUrl,
  useGetGithubAuthAdminConfigQuery,
  useGetGoogleAuthAdminConfigQuery,
  useUpdateGithubAuthConfigMutation,
  useUpdateGoogleAuthConfigMutation,
} from "../../../app/services/idp";
import CopyField from "../../../components/ui/CopyField";
import Input, { PasswordInput } from "../../../components/ui/Input";
import { DraftForm, SaveNotice, Section, useDraft, SettingsPage } from "./parts";
import OidcProviders from "./thirdParty/OidcProviders";

/**
 * `/setting/third_party` (admins): the OAuth apps of Google and GitHub and the OIDC providers
 * (docs/AUTH.md). Each is switched on in Login Methods; here are their credentials. Secrets come
 * back masked; the mask sent back keeps them.
 */
export default function ThirdPartyLogin() {
  const { t } = useTranslation("setting");
  const google = useGetGoogleAuthAdminConfigQuery();
  const github = useGetGithubAuthAdminConfigQuery();
  return (
    <SettingsPage testId="third-party-login">
      <Section title="Google" description={t("third_party.google_hint")} plain>
        {google.data && <GoogleForm stored={google.data} />}
      </Section>
      <Section title="GitHub" description={t("third_party.github_hint")} plain>
        {github.data && <GithubForm stored={github.data} />}
      </Section>
      <OidcProviders />
    </SettingsPage>
  );
}

/** The OAuth app's client id, the field both providers have. */
function ClientIdInput({ draft, placeholder, testId }: { draft: { values: { client_id: string }; edit: (patch: { client_id: string }) => void }; placeholder: string; testId: string }) {
  const { t } = useTranslation("setting");
  return (
    <Input
      label={t("third_party.client_id")}
      value={draft.values.client_id}
      onChange={(e) => draft.edit({ client_id: e.target.value })}
      placeholder={placeholder}
      maxLength={512}
      autoComplete="off"
      data-testid={testId}
    />
  );
}

function GoogleForm({ stored }: { stored: GoogleAuthConfig }) {
  const { t } = useTranslation("setting");
  const draft = useDraft<GoogleAuthConfig>(stored);
  const [save, { isLoading }] = useUpdateGoogleAuthConfigMutation();
  const submit = async () => draft.settleAnswer(await save({ client_id: draft.values.client_id.trim() }));
  return (
    <DraftForm label="Google" draft={draft} saving={isLoading} onSubmit={submit} testId="google-form" saveTestId="google-save">
      <div className="space-y-4 p-5">
        <ClientIdInput draft={draft} placeholder="1234-abc.apps.googleusercontent.com" testId="google-client-id" />
        <CopyField label={t("third_party.redirect_uri")} value={`${window.location.origin}/`} />
        {/* The website widget signs in through a popup that comes back to its own page (docs/API.md "Widget"). */}
        <CopyField label={t("third_party.widget_redirect_uri")} value={callbackUrl("google", "widget")} />
        <SaveNotice outcome={draft.outcome} />
      </div>
    </DraftForm>
  );
}

function GithubForm({ stored }: { stored: GithubAuthConfig }) {
  const { t } = useTranslation("setting");
  const draft = useDraft<GithubAuthConfig>(stored);
  const [save, { isLoading }] = useUpdateGithubAuthConfigMutation();
  const keeps = draft.values.client_secret === SECRET_MASK;
  const submit = async () => draft.settleAnswer(await save({ client_id: draft.values.client_id.trim(), client_secret: draft.values.client_secret }));
  return (
    <DraftForm label="GitHub" draft={draft} saving={isLoading} onSubmit={submit} testId="github-form" saveTestId="github-save">
      <div className="space-y-4 p-5">
        <ClientIdInput draft={draft} placeholder="Iv1.0123456789abcdef" testId="github-client-id" />
        <PasswordInput
          label={t("third_party.client_secret")}
          value={draft.values.client_secret}
          onChange={(e) => draft.edit({ client_secret: e.target.value })}
          onFocus={(e) => keeps && e.target.select()}
          hint={keeps ? t("third_party.secret_kept") : undefined}
          maxLength={512}
          autoComplete="new-password"
          data-testid="github-client-secret"
        />
        <CopyField label={t("third_party.callback_url")} value={`${window.location.origin}/cb/github`} />
        <SaveNotice outcome={draft.outcome} />
      </div>
    </DraftForm>
  );
}
