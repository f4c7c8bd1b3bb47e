/** "Reset password" of a member's menu: a new password typed twice; `PUT /admin/user/{uid}` {password}. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateAdminUserMutation } from "../../../../app/services/adminUsers";
import { KeyIcon } from "../../../../components/Icons";
import { PasswordInput } from "../../../../components/ui/Input";
import FormModal from "../../../../components/ui/FormModal";
import { ModalIcon } from "../../../../components/ui/Modal";
import { toast } from "../../../../utils/toast";
import { accountRefusalText } from "../parts";
import { PASSWORD_MIN } from "./CreateUserModal";

export default function ResetPasswordModal({ uid, name, onClose }: { uid: number; name: string; onClose: () => void }) {
  const { t } = useTranslation("setting");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateAdminUserMutation();

  const submit = async () => {
    if (password.length < PASSWORD_MIN) return setError(t("account_edit.error.password", { min: PASSWORD_MIN }));
    if (password !== confirm) return setError(t("account_edit.error.confirm"));
    setError(null);
    const res = await update({ uid, password });
    if ("error" in res) return setError(accountRefusalText(res.error, t));
    toast.success(t("members_admin.password_reset", { name }));
    onClose();
  };

  return (
    <FormModal
      title={t("members_admin.reset_title", { name })}
      description={t("members_admin.reset_desc")}
      icon={
        <ModalIcon tone="warning">
          <KeyIcon size={18} />
        </ModalIcon>
      }
      width="max-w-md"
      error={error}
      submitLabel={t("members_admin.reset_save")}
      submitting={isLoading}
      testId="reset-password"
      onSubmit={submit}
      onClose={onClose}
    >
        <PasswordInput label={t("account_edit.field.new_password")} value={password} onChange={(e) => setPassword(e.target.value)} required maxLength={128} autoComplete="new-password" data-autofocus />
        <PasswordInput label={t("account_edit.field.confirm_password")} value={confirm} onChange={(e) => setConfirm(e.target.value)} required maxLength={128} autoComplete="new-password" />
    </FormModal>
  );
}
