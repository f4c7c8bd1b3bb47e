/** "Reset password" of a member's menu: a new password typed twice; `PUT /admin/user/{uid}` {password}. */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateAdminUserMutation } from "../../../../app/services/adminUsers";
import { KeyIcon } from "../../../../components/Icons";
import Alert from "../../../../components/ui/Alert";
import Button from "../../../../components/ui/Button";
import { PasswordInput } from "../../../../components/ui/Input";
import Modal, { ModalIcon } from "../../../../components/ui/Modal";
import { toast } from "../../../../utils/toast";
import { accountRefusalText } from "../parts";
import { PASSWORD_MIN } from "./CreateUserModal";

export default function ResetPasswordModal({ uid, name, onClose }: { uid: number; name: string; onClose: () => void }) {
  const { t } = useTranslation("setting");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateAdminUserMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password.length < PASSWORD_MIN) return setError(t("account_edit.error.password", { min: PASSWORD_MIN }));
    if (password !== confirm) return setError(t("account_edit.error.confirm"));
    setError(null);
    const res = await update({ uid, password });
    if ("error" in res) return setError(accountRefusalText(res.error, t));
    toast.success(t("members_admin.password_reset", { name }));
    onClose();
  };

  return (
    <Modal
      title={t("members_admin.reset_title", { name })}
      description={t("members_admin.reset_desc")}
      icon={
        <ModalIcon tone="warning">
          <KeyIcon size={18} />
        </ModalIcon>
      }
      onClose={onClose}
      width="max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("action.cancel", { ns: "common" })}
          </Button>
          <Button type="submit" form="reset-password-form" loading={isLoading} data-testid="reset-password-save">
            {t("members_admin.reset_save")}
          </Button>
        </>
      }
    >
      <form id="reset-password-form" className="space-y-4" onSubmit={(e) => void submit(e)}>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordInput label={t("account_edit.field.new_password")} value={password} onChange={(e) => setPassword(e.target.value)} required maxLength={128} autoComplete="new-password" data-autofocus />
        <PasswordInput label={t("account_edit.field.confirm_password")} value={confirm} onChange={(e) => setConfirm(e.target.value)} required maxLength={128} autoComplete="new-password" />
      </form>
    </Modal>
  );
}
