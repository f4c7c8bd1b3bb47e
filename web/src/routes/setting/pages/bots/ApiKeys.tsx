/**
 * A bot's API keys: the list (name, created, last used), a new key by name — shown once in a
 * dialog, since the server keeps only its hash — and revoking one after a confirmation.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useCreateBotKeyMutation, useGetBotKeysQuery, useRevokeBotKeyMutation, type BotApiKey } from "../../../../app/services/bots";
import { refusalText } from "../../../../app/services/refusal";
import { KeyIcon, TrashIcon } from "../../../../components/Icons";
import Alert from "../../../../components/ui/Alert";
import Button from "../../../../components/ui/Button";
import ConfirmDialog from "../../../../components/ui/ConfirmDialog";
import CopyField from "../../../../components/ui/CopyField";
import Input from "../../../../components/ui/Input";
import Modal, { ModalIcon } from "../../../../components/ui/Modal";

import { toast } from "../../../../utils/toast";
import When from "./When";

export default function ApiKeys({ uid }: { uid: number }) {
  const { t } = useTranslation("setting");
  const keys = useGetBotKeysQuery(uid);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<BotApiKey | null>(null);
  const [create, { isLoading }] = useCreateBotKeyMutation();
  const [revoke, revoked] = useRevokeBotKeyMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const res = await create({ uid, name: name.trim() });
    if ("error" in res) return setError(refusalText(res.error) ?? t("bots_page.failed"));
    setCreated({ name: name.trim(), key: res.data });
    setName("");
    void keys.refetch();
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    const res = await revoke({ uid, kid: revoking.id });
    if ("error" in res) toast.error(refusalText(res.error) ?? t("bots_page.failed"));
    else toast.success(t("bots_page.keys.revoked", { name: revoking.name }));
    setRevoking(null);
    void keys.refetch();
  };

  return (
    <div className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" data-testid="bot-keys">
      {keys.isError && <p className="px-5 pt-4 text-sm text-red-600 dark:text-red-400">{t("bots_page.load_failed")}</p>}
      {keys.data && keys.data.length === 0 && <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t("bots_page.keys.none")}</p>}
      {!!keys.data?.length && (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t("bots_page.keys.title")}>
          {keys.data.map((k) => (
            <li key={k.id} className="flex items-center gap-3 px-5 py-3" data-testid="bot-key-row">
              <KeyIcon size={16} className="shrink-0 text-zinc-400" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{k.name}</p>
                <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                  <span className="font-mono">{k.key}</span> · {t("bots_page.keys.created")} <When ts={k.created_at} /> · {t("bots_page.keys.last_used")}{" "}
                  {k.last_used ? <When ts={k.last_used} /> : t("bots_page.keys.never")}
                </p>
              </div>
              <Button variant="ghost" size="sm" icon={<TrashIcon size={15} />} className="text-red-600! dark:text-red-400!" onClick={() => setRevoking(k)} aria-label={t("bots_page.keys.revoke_named", { name: k.name })}>
                {t("bots_page.keys.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} aria-label={t("bots_page.keys.create")} className="space-y-3 border-t border-zinc-100 px-5 py-4 dark:border-zinc-800">
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap items-end gap-2">
          <Input className="min-w-48 flex-1" label={t("bots_page.keys.name")} value={name} onChange={(e) => setName(e.target.value)} required maxLength={64} autoComplete="off" data-testid="bot-key-name" />
          <Button type="submit" variant="secondary" icon={<KeyIcon size={16} />} loading={isLoading} disabled={!name.trim()} data-testid="bot-key-create">
            {t("bots_page.keys.create")}
          </Button>
        </div>
      </form>
      {created && (
        <Modal
          title={t("bots_page.keys.created_title", { name: created.name })}
          icon={
            <ModalIcon tone="warning">
              <KeyIcon size={18} />
            </ModalIcon>
          }
          onClose={() => setCreated(null)}
          footer={
            <Button onClick={() => setCreated(null)} data-testid="bot-key-done">
              {t("bots_page.keys.done")}
            </Button>
          }
        >
          <div className="space-y-3">
            <Alert tone="warning">{t("bots_page.keys.once")}</Alert>
            <CopyField label={t("bots_page.keys.key")} value={created.key} />
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("bots_page.keys.usage")}</p>
          </div>
        </Modal>
      )}
      {revoking && (
        <ConfirmDialog
          danger
          icon={
            <ModalIcon tone="danger">
              <TrashIcon size={18} />
            </ModalIcon>
          }
          title={t("bots_page.keys.revoke_title", { name: revoking.name })}
          description={t("bots_page.keys.revoke_desc")}
          confirmText={t("bots_page.keys.revoke")}
          busy={revoked.isLoading}
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setRevoking(null)}
        />
      )}
    </div>
  );
}
