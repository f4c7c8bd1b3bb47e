/**
 * Changing one's password (`POST /user/change_password`): the old one, and the new one typed
 * twice, with the server's and the registration form's rule (at least 6 characters). The other
 * devices' sessions end at their next renewal; this one stays.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useChangePasswordMutation } from "../../../../app/services/account";
import Alert from "../../../../components/ui/Alert";
import Button from "../../../../components/ui/Button";
import { PasswordInput } from "../../../../components/ui/Input";
import { PASSWORD_MIN } from "../members/CreateUserModal";
import { accountRefusalText, Section } from "../parts";

const EMPTY = { old: "", next: "", confirm: "" };

export default function PasswordForm() {
  const { t } = useTranslation("setting");
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [change, { isLoading }] = useChangePasswordMutation();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setDone(false);
    setForm((f) => ({ ...f, [key]: e.target.value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.next.length < PASSWORD_MIN) return setError(t("account_edit.error.password", { min: PASSWORD_MIN }));
    if (form.next !== form.confirm) return setError(t("account_edit.error.confirm"));
    const res = await change({ old_password: form.old, new_password: form.next });
    if ("error" in res) {
      const status = (res.error as { status?: unknown }).status;
      return setError(status === 403 ? t("account_edit.error.old_password") : accountRefusalText(res.error, t));
    }
    setError(null);
    setForm(EMPTY);
    setDone(true);
  };

  return (
    <Section title={t("account_edit.password")} description={t("account_edit.password_desc")} testId="password-form">
      <form onSubmit={(e) => void submit(e)}>
        <div className="space-y-4 p-5">
          {error && <Alert tone="error">{error}</Alert>}
          {done && <Alert tone="success">{t("account_edit.password_changed")}</Alert>}
          <PasswordInput label={t("account_edit.field.old_password")} value={form.old} onChange={set("old")} maxLength={128} autoComplete="current-password" data-testid="password-old" />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordInput label={t("account_edit.field.new_password")} value={form.next} onChange={set("next")} required maxLength={128} autoComplete="new-password" hint={t("members_admin.password_hint", { min: PASSWORD_MIN })} data-testid="password-new" />
            <PasswordInput label={t("account_edit.field.confirm_password")} value={form.confirm} onChange={set("confirm")} required maxLength={128} autoComplete="new-password" data-testid="password-confirm" />
          </div>
        </div>
        <div className="flex justify-end border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
          <Button type="submit" size="sm" loading={isLoading} disabled={!form.next || !form.confirm} data-testid="password-save">
            {t("account_edit.password_save")}
          </Button>
        </div>
      </form>
    </Section>
  );
}
