import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SECRET_MASK, type OidcConfig } from "@parley/protocol";
import { GlobeIcon } from "../../../../components/Icons";
import FormModal from "../../../../components/ui/FormModal";
import Input, { PasswordInput } from "../../../../components/ui/Input";
import Toggle from "../../../../components/ui/Toggle";

/** The issuer's URL without its scheme: what the login config names the provider by. */
const domainOf = (issuer: string) => issuer.trim().replace(/^https?:\/\//, "").replace(/\/$/, "");

/** Adds or edits one OIDC provider; `onSave` answers the server's refusal in words, or null. */
export default function OidcProviderModal({
  initial,
  isNew,
  taken,
  onSave,
  onClose,
}: {
  initial: OidcConfig;
  isNew: boolean;
  taken: string[];
  onSave: (entry: OidcConfig) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation("setting");
  const [entry, setEntry] = useState<OidcConfig>({ ...initial, issuer: initial.issuer || (initial.domain ? `https://${initial.domain}` : "") });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const edit = (patch: Partial<OidcConfig>) => setEntry((e) => ({ ...e, ...patch }));
  const keeps = entry.client_secret === SECRET_MASK;

  const submit = async () => {
    const issuer = (entry.issuer ?? "").trim();
    if (!/^https?:\/\/[^\s/]+/.test(issuer)) return setError(t("third_party.issuer_invalid"));
    const domain = domainOf(issuer);
    if (taken.includes(domain)) return setError(t("third_party.issuer_taken"));
    if (!entry.client_id?.trim()) return setError(t("third_party.client_id_needed"));
    setSaving(true);
    const refused = await onSave({ ...entry, issuer: issuer.replace(/\/$/, ""), domain, client_id: entry.client_id.trim(), favicon: entry.favicon.trim() });
    setSaving(false);
    setError(refused);
  };

  return (
    <FormModal
      title={isNew ? t("third_party.add_title") : t("third_party.edit_title")}
      icon={<GlobeIcon size={20} />}
      error={error}
      submitLabel={t("third_party.save")}
      submitting={saving}
      testId="oidc-form"
      onSubmit={submit}
      onClose={onClose}
    >
      <Input
        label={t("third_party.issuer")}
        value={entry.issuer ?? ""}
        onChange={(e) => edit({ issuer: e.target.value })}
        placeholder="https://accounts.example.com"
        hint={t("third_party.issuer_hint")}
        maxLength={2048}
        required
        autoComplete="off"
        data-testid="oidc-issuer"
      />
      <Input label={t("third_party.client_id")} value={entry.client_id ?? ""} onChange={(e) => edit({ client_id: e.target.value })} maxLength={512} required autoComplete="off" data-testid="oidc-client-id" />
      <PasswordInput
        label={t("third_party.client_secret")}
        value={entry.client_secret ?? ""}
        onChange={(e) => edit({ client_secret: e.target.value })}
        onFocus={(e) => keeps && e.target.select()}
        hint={keeps ? t("third_party.secret_kept") : t("third_party.secret_hint")}
        maxLength={2048}
        autoComplete="new-password"
        data-testid="oidc-client-secret"
      />
      <Input label={t("third_party.favicon")} value={entry.favicon} onChange={(e) => edit({ favicon: e.target.value })} placeholder="https://accounts.example.com/favicon.ico" maxLength={2048} data-testid="oidc-favicon" />
      <Toggle label={t("third_party.enable")} description={t("third_party.enable_desc")} checked={entry.enable} onChange={(enable) => edit({ enable })} />
    </FormModal>
  );
}
