/**
 * Deleting one's own account (`DELETE /user/delete`), behind a dialog that asks for the account's
 * name typed out; the session then ends (the server refuses the last admin, and says so).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteMyAccountMutation } from "../../../../app/services/account";
import { TrashIcon } from "../../../../components/Icons";
import Button from "../../../../components/ui/Button";
import { accountRefusalText, Section } from "../parts";
import TypedConfirmDialog from "../TypedConfirmDialog";

export default function DeleteAccount({ name }: { name: string }) {
  const { t } = useTranslation("setting");
  const [open, setOpen] = useState(false);
  const [remove] = useDeleteMyAccountMutation();
  const confirm = async () => {
    const res = await remove();
    return "error" in res ? accountRefusalText(res.error, t) : null;
  };
  return (
    <Section title={t("account_edit.delete")} danger testId="delete-account">
      <div className="flex items-center justify-between gap-4 px-5 py-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account_edit.delete_desc")}</p>
        <Button variant="danger" size="sm" className="shrink-0" icon={<TrashIcon size={15} />} onClick={() => setOpen(true)} data-testid="delete-account-open">
          {t("account_edit.delete_action")}
        </Button>
      </div>
      {open && (
        <TypedConfirmDialog
          title={t("account_edit.delete_title")}
          warning={t("account_edit.delete_warning")}
          label={t("account_edit.delete_type", { name })}
          confirmWord={name}
          action={t("account_edit.delete_action")}
          onConfirm={confirm}
          onClose={() => setOpen(false)}
          testId="delete-account-dialog"
        />
      )}
    </Section>
  );
}
