/**
 * Deleting one's own account (`DELETE /user/delete`), behind a dialog that asks for the account's
 * name typed out; the session then ends (the server refuses the last admin, and says so).
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteMyAccountMutation } from "../../../../app/services/account";
import { TrashIcon } from "../../../../components/Icons";
import Alert from "../../../../components/ui/Alert";
import Button from "../../../../components/ui/Button";
import Input from "../../../../components/ui/Input";
import Modal, { ModalIcon } from "../../../../components/ui/Modal";
import { accountRefusalText, Section } from "../parts";

export default function DeleteAccount({ name }: { name: string }) {
  const { t } = useTranslation("setting");
  const [open, setOpen] = useState(false);
  return (
    <Section title={t("account_edit.delete")} danger testId="delete-account">
      <div className="flex items-center justify-between gap-4 px-5 py-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account_edit.delete_desc")}</p>
        <Button variant="danger" size="sm" className="shrink-0" icon={<TrashIcon size={15} />} onClick={() => setOpen(true)} data-testid="delete-account-open">
          {t("account_edit.delete_action")}
        </Button>
      </div>
      {open && <DeleteAccountDialog name={name} onClose={() => setOpen(false)} />}
    </Section>
  );
}

function DeleteAccountDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation("setting");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [remove, { isLoading }] = useDeleteMyAccountMutation();
  const matches = typed.trim() === name;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return;
    const res = await remove();
    if ("error" in res) setError(accountRefusalText(res.error, t));
  };
  return (
    <Modal
      title={t("account_edit.delete_title")}
      description={t("account_edit.delete_warning")}
      width="max-w-md"
      onClose={onClose}
      icon={
        <ModalIcon tone="danger">
          <TrashIcon size={18} />
        </ModalIcon>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("action.cancel", { ns: "common" })}
          </Button>
          <Button type="submit" form="delete-account-form" variant="danger" disabled={!matches} loading={isLoading} data-testid="delete-account-confirm">
            {t("account_edit.delete_action")}
          </Button>
        </>
      }
    >
      <form id="delete-account-form" className="space-y-4" onSubmit={(e) => void submit(e)}>
        {error && <Alert tone="error">{error}</Alert>}
        <Input label={t("account_edit.delete_type", { name })} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} data-autofocus data-testid="delete-account-name" />
      </form>
    </Modal>
  );
}
