/**
 * The account's passkeys (docs/API.md "MetaMask and passkeys"): add one under a name (the
 * server's options, the browser's WebAuthn ceremony, the server's check), see when each was made
 * and last used, and remove one after a confirmation. Shown while the login config allows
 * passkeys, and always when some exist (so they can still be removed).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PasskeyInfo } from "@parley/protocol";
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { useAppSelector } from "../../../../app/hooks";
import { useDeletePasskeyMutation, useFinishPasskeyRegistrationMutation, useGetPasskeysQuery, useStartPasskeyRegistrationMutation } from "../../../../app/services/passkeys";
import { KeyIcon, PlusIcon } from "../../../../components/Icons";
import Button from "../../../../components/ui/Button";
import ConfirmDialog from "../../../../components/ui/ConfirmDialog";
import Input from "../../../../components/ui/Input";
import Timestamp from "../../../../components/ui/Timestamp";
import { shortDate } from "../../../../utils/dates";
import { toast } from "../../../../utils/toast";
import { accountRefusalText, Section } from "../parts";

/** The longest name the server keeps (`PASSKEY_NAME_MAX`). */
const NAME_MAX = 64;

/** Why the browser's ceremony failed, in words: cancelled, a passkey of this device already, or anything else. */
function ceremonyError(err: unknown, t: (key: string) => string): string {
  const code = err instanceof WebAuthnError ? err.code : undefined;
  const name = err instanceof Error ? (err.cause instanceof Error ? err.cause.name : err.name) : "";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return t("account_edit.passkey_exists");
  if (code === "ERROR_CEREMONY_ABORTED" || name === "NotAllowedError" || name === "AbortError") return t("account_edit.passkey_cancelled");
  return t("account_edit.passkey_failed");
}

export default function PasskeysCard() {
  const { t, i18n } = useTranslation("setting");
  const enabled = useAppSelector((s) => s.server.loginConfig?.passkey === true);
  // Guests have no account to keep a passkey for.
  const guest = useAppSelector((s) => s.authData.guest);
  const { data: passkeys, isLoading, isError } = useGetPasskeysQuery(undefined, { skip: guest });
  const [start] = useStartPasskeyRegistrationMutation();
  const [finish] = useFinishPasskeyRegistrationMutation();
  const [remove, { isLoading: removing }] = useDeletePasskeyMutation();
  const [name, setName] = useState("");
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<PasskeyInfo | null>(null);
  const supported = typeof window !== "undefined" && browserSupportsWebAuthn();

  if (guest || (!enabled && !passkeys?.length)) return null;

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const label = name.trim() || t("account_edit.passkey_default_name");
    setAdding(true);
    try {
      const started = await start({ name: label });
      if ("error" in started) {
        toast.error(accountRefusalText(started.error, t));
        return;
      }
      let credential;
      try {
        credential = await startRegistration({ optionsJSON: started.data.options.publicKey });
      } catch (err) {
        toast.error(ceremonyError(err, t));
        return;
      }
      const done = await finish({ challenge_id: started.data.challenge_id, credential, name: label });
      if ("error" in done) toast.error(accountRefusalText(done.error, t));
      else {
        setName("");
        toast.success(t("account_edit.passkey_added"));
      }
    } finally {
      setAdding(false);
    }
  };

  const confirmRemove = async () => {
    if (!confirming) return;
    const res = await remove(confirming.credential_id);
    setConfirming(null);
    if ("error" in res) toast.error(accountRefusalText(res.error, t));
    else toast.success(t("account_edit.passkey_removed"));
  };

  const list = passkeys ?? [];
  return (
    <Section title={t("account_edit.passkeys")} description={t("account_edit.passkeys_desc")} testId="passkeys">
      {isError ? (
        <p className="p-5 text-sm text-zinc-500 dark:text-zinc-400">{t("account_edit.error.failed")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-busy={isLoading} data-testid="passkey-list">
          {!isLoading && list.length === 0 && <li className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t("account_edit.passkey_empty")}</li>}
          {list.map((p) => (
            <li key={p.credential_id} className="flex items-center gap-3 px-5 py-3" data-testid="passkey-row">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-600 dark:bg-primary-950/60 dark:text-primary-300">
                <KeyIcon size={17} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="passkey-name">
                  {p.name}
                </span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                  {t("account_edit.passkey_created")}{" "}
                  <Timestamp ts={p.created_at}>{shortDate(p.created_at, i18n.language)}</Timestamp>
                  {" · "}
                  {p.last_used_at ? (
                    <>
                      {t("account_edit.passkey_last_used")} <Timestamp ts={p.last_used_at}>{shortDate(p.last_used_at, i18n.language)}</Timestamp>
                    </>
                  ) : (
                    t("account_edit.passkey_never_used")
                  )}
                </span>
              </span>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(p)} aria-label={t("account_edit.passkey_remove_named", { name: p.name })} data-testid="passkey-remove">
                {t("account_edit.passkey_remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {enabled && (
        <form className="flex flex-col gap-3 border-t border-zinc-100 px-5 py-4 sm:flex-row sm:items-end dark:border-zinc-800" onSubmit={(e) => void add(e)}>
          <div className="min-w-0 flex-1">
            <Input
              label={t("account_edit.passkey_name")}
              placeholder={t("account_edit.passkey_name_placeholder")}
              value={name}
              maxLength={NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              disabled={!supported}
              data-testid="passkey-name-input"
            />
          </div>
          <Button type="submit" icon={<PlusIcon size={16} />} loading={adding} disabled={!supported} data-testid="passkey-add">
            {t("account_edit.passkey_add")}
          </Button>
        </form>
      )}
      {enabled && !supported && <p className="px-5 pb-4 text-xs text-amber-700 dark:text-amber-400">{t("account_edit.passkey_unsupported")}</p>}
      {confirming && (
        <ConfirmDialog
          danger
          busy={removing}
          icon={<KeyIcon size={18} />}
          title={t("account_edit.passkey_remove_title", { name: confirming.name })}
          description={t("account_edit.passkey_remove_desc")}
          confirmText={t("account_edit.passkey_remove")}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Section>
  );
}
