/** "Create a user" on the Members page: name, e-mail, password and role; `POST /admin/user`. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateUserMutation } from "../../../../app/services/server";
import { UserPlusIcon } from "../../../../components/Icons";
import Input, { PasswordInput } from "../../../../components/ui/Input";
import FormModal from "../../../../components/ui/FormModal";
import { ModalIcon } from "../../../../components/ui/Modal";
import { toast } from "../../../../utils/toast";
import { accountRefusalText, SelectField } from "../parts";

/** The password rule of the server and the registration form. */
export const PASSWORD_MIN = 6;

const EMPTY = { name: "", email: "", password: "", role: "user" };

export default function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("setting");
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateUserMutation();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async () => {
    if (form.password.length < PASSWORD_MIN) return setError(t("account_edit.error.password", { min: PASSWORD_MIN }));
    setError(null);
    const res = await create({ name: form.name.trim(), email: form.email.trim(), password: form.password, is_admin: form.role === "admin", gender: 0 });
    if ("error" in res) return setError(accountRefusalText(res.error, t));
    toast.success(t("members_admin.created", { name: res.data.name }));
    onClose();
  };

  return (
    <FormModal
      title={t("members_admin.create")}
      description={t("members_admin.create_desc")}
      icon={
        <ModalIcon>
          <UserPlusIcon size={18} />
        </ModalIcon>
      }
      error={error}
      submitLabel={t("members_admin.create_save")}
      submitting={isLoading}
      testId="create-user"
      onSubmit={submit}
      onClose={onClose}
    >
        <Input label={t("members_admin.field.name")} value={form.name} onChange={set("name")} required maxLength={32} autoComplete="off" data-autofocus />
        <Input label={t("members_admin.field.email")} type="email" value={form.email} onChange={set("email")} required maxLength={254} autoComplete="off" />
        <PasswordInput
          label={t("members_admin.field.password")}
          hint={t("members_admin.password_hint", { min: PASSWORD_MIN })}
          value={form.password}
          onChange={set("password")}
          required
          maxLength={128}
          autoComplete="new-password"
        />
        <SelectField label={t("members_admin.field.role")} value={form.role} onChange={set("role")}>
          <option value="user">{t("members_admin.role.user")}</option>
          <option value="admin">{t("members_admin.role.admin")}</option>
        </SelectField>
    </FormModal>
  );
}
