import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LOGIN_CONFIG, SECRET_MASK, type LoginConfig, type OidcConfig } from "@parley/protocol";
import { callbackUrl, useTestOidcProviderMutation } from "../../../../app/services/idp";
import { refusalText } from "../../../../app/services/refusal";
import { useGetLoginConfigQuery, useUpdateLoginConfigMutation } from "../../../../app/services/server";
import { GlobeIcon, PlusIcon } from "../../../../components/Icons";
import Alert from "../../../../components/ui/Alert";
import Button from "../../../../components/ui/Button";
import ConfirmDialog from "../../../../components/ui/ConfirmDialog";
import CopyField from "../../../../components/ui/CopyField";
import { Section } from "../parts";
import OidcProviderModal from "./OidcProviderModal";

type TestResult = { domain: string; ok: boolean; text: string };

/**
 * The OIDC providers of the login config: add, edit, remove, test. The whole config is saved
 * (`POST /admin/login/config`); secrets stay masked and the mask keeps them.
 */
export default function OidcProviders() {
  const { t } = useTranslation("setting");
  const { data } = useGetLoginConfigQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateLoginConfigMutation();
  const [test, { isLoading: testing }] = useTestOidcProviderMutation();
  const [editing, setEditing] = useState<{ index: number | null; entry: OidcConfig } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const config: LoginConfig = { ...DEFAULT_LOGIN_CONFIG, ...data };

  /** Saves the list; answers the refusal in words, or null. */
  const saveList = async (oidc: OidcConfig[]): Promise<string | null> => {
    const res = await update({ ...config, oidc });
    return "error" in res ? (refusalText(res.error) ?? t("third_party.save_failed")) : null;
  };

  const runTest = async (entry: OidcConfig) => {
    setResult(null);
    const res = await test({ issuer: entry.domain, redirect_uri: callbackUrl("oidc", "login") });
    if ("data" in res && res.data) setResult({ domain: entry.domain, ok: true, text: t("third_party.test_ok", { issuer: entry.issuer || entry.domain }) });
    else {
      const status = (res.error as { status?: unknown } | undefined)?.status;
      setResult({ domain: entry.domain, ok: false, text: status === 403 ? t("third_party.test_disabled") : status === 503 ? t("third_party.test_unreachable") : (refusalText(res.error) ?? t("third_party.test_unreachable")) });
    }
  };

  const blank: OidcConfig = { enable: true, favicon: "", domain: "", issuer: "", client_id: "", client_secret: "" };
  return (
    <Section title={t("third_party.oidc")} description={t("third_party.oidc_hint")} testId="oidc-providers">
      {config.oidc.length === 0 && <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t("third_party.oidc_none")}</p>}
      {config.oidc.map((entry, i) => (
        <div key={`${entry.domain}-${i}`} className="px-5 py-4" data-testid="oidc-provider">
          <div className="flex flex-wrap items-center gap-3">
            {entry.favicon ? (
              <img src={entry.favicon} alt="" className="size-6 rounded" />
            ) : (
              <GlobeIcon size={20} className="text-zinc-400" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{entry.domain}</p>
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                {entry.issuer || `https://${entry.domain}`} · {entry.enable ? t("third_party.enabled") : t("third_party.disabled")}
              </p>
            </div>
            <Button size="sm" variant="ghost" loading={testing && result === null} onClick={() => void runTest(entry)} data-testid="oidc-test">
              {t("third_party.test")}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing({ index: i, entry })} data-testid="oidc-edit">
              {t("third_party.edit")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRemoving(i)} data-testid="oidc-remove">
              {t("third_party.remove")}
            </Button>
          </div>
          {result?.domain === entry.domain && (
            <Alert tone={result.ok ? "success" : "error"} className="mt-3">
              <span data-testid="oidc-test-result">{result.text}</span>
            </Alert>
          )}
        </div>
      ))}
      <div className="space-y-3 px-5 py-4">
        <CopyField label={t("third_party.redirect_uris")} value={callbackUrl("oidc", "login")} />
        <CopyField ariaLabel={t("third_party.redirect_uris")} value={callbackUrl("oidc", "bind")} />
        <CopyField ariaLabel={t("third_party.redirect_uris")} value={callbackUrl("oidc", "widget")} />
        <Button size="sm" icon={<PlusIcon size={15} />} onClick={() => setEditing({ index: null, entry: blank })} data-testid="oidc-add">
          {t("third_party.add")}
        </Button>
      </div>
      {editing && (
        <OidcProviderModal
          initial={editing.entry}
          isNew={editing.index === null}
          taken={config.oidc.filter((_, j) => j !== editing.index).map((e) => e.domain)}
          onClose={() => setEditing(null)}
          onSave={async (entry) => {
            const next = editing.index === null ? [...config.oidc, entry] : config.oidc.map((e, j) => (j === editing.index ? entry : e));
            const refused = await saveList(next);
            if (!refused) setEditing(null);
            return refused;
          }}
        />
      )}
      {removing !== null && config.oidc[removing] && (
        <ConfirmDialog
          title={t("third_party.remove_title", { domain: config.oidc[removing].domain })}
          description={t("third_party.remove_desc")}
          confirmText={t("third_party.remove")}
          danger
          onConfirm={() =>
            void saveList(config.oidc.filter((_, j) => j !== removing).map((e) => ({ ...e, client_secret: e.client_secret ? SECRET_MASK : "" }))).then(() => setRemoving(null))
          }
          onCancel={() => setRemoving(null)}
        />
      )}
    </Section>
  );
}
