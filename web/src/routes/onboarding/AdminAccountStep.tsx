import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../../app/hooks";
import { useLoginMutation } from "../../app/services/auth";
import { useCreateAdminMutation, useUpdateServerMutation } from "../../app/services/server";
import { setAuthData, updateInitialized } from "../../app/slices/auth.data";
import { setSetupInProgress } from "../../app/slices/ui";
import { ArrowRightIcon } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Input, { PasswordInput } from "../../components/ui/Input";
import { getDeviceKey } from "../../utils/device";
import { toast } from "../../utils/toast";
import type { StepProps } from ".";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Step 3, Admin Account: `POST /api/admin/system/create_admin`, then the login. The session goes
 * into the store at once (the wizard stays open: `setupInProgress`), so the next steps' admin calls
 * renew the token like any other; the server name of step 2 is saved here.
 */
export default function AdminAccountStep({ next, back, data }: StepProps) {
  const { t } = useTranslation("welcome");
  const dispatch = useAppDispatch();
  const [createAdmin, { isLoading: creating }] = useCreateAdminMutation();
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [updateServer, { isLoading: saving }] = useUpdateServerMutation();
  const [form, setForm] = useState({ name: "", email: "", password: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const busy = creating || loggingIn || saving;

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const name = form.name.trim();
    const email = form.email.trim();
    if (!name) return setError(t("onboarding.admin.error_name"));
    if (!EMAIL_RE.test(email)) return setError(t("onboarding.admin.error_email"));
    if (form.password.length < 6) return setError(t("onboarding.admin.error_password"));
    if (form.password !== form.confirm) return setError(t("onboarding.admin.error_confirm"));
    setError(null);

    const created = await createAdmin({ email, name, password: form.password, gender: 0 });
    if (created.error) {
      const status = "status" in created.error ? created.error.status : undefined;
      if (status === 403) {
        // Someone finished the setup first: go to login.
        toast.error(t("onboarding.admin.already"));
        dispatch(updateInitialized(true));
      } else if (status === 400) setError(t("onboarding.admin.error_invalid"));
      return;
    }
    const res = await login({ credential: { type: "password", email, password: form.password }, device: getDeviceKey(), device_token: "" });
    if (res.error) {
      toast.error(t("onboarding.admin.login_failed"));
      dispatch(updateInitialized(true));
      return;
    }
    dispatch(setSetupInProgress(true));
    dispatch(setAuthData(res.data));
    if (data.serverName) await updateServer({ name: data.serverName, description: null });
    next();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <h1 className="text-xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.admin.title")}</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t("onboarding.admin.desc")}</p>
      <div className="mt-6 space-y-4">
        <Input label={t("onboarding.admin.name")} name="name" maxLength={32} autoComplete="name" value={form.name} onChange={set("name")} autoFocus />
        <Input label={t("onboarding.admin.email")} name="email" type="email" autoComplete="email" value={form.email} onChange={set("email")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordInput label={t("onboarding.admin.password")} name="password" autoComplete="new-password" value={form.password} onChange={set("password")} />
          <PasswordInput label={t("onboarding.admin.confirm")} name="confirm" autoComplete="new-password" value={form.confirm} onChange={set("confirm")} />
        </div>
      </div>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <div className="mt-8 flex justify-between gap-3">
        <Button variant="ghost" onClick={back} disabled={busy}>
          {t("onboarding.back")}
        </Button>
        <Button type="submit" loading={busy}>
          {t("onboarding.admin.submit")}
          {!busy && <ArrowRightIcon size={16} />}
        </Button>
      </div>
    </form>
  );
}
