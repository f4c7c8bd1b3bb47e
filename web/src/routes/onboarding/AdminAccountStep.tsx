import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import toast from "react-hot-toast";
import { useAppDispatch } from "../../app/hooks";
import { useLoginMutation } from "../../app/services/auth";
import { useCreateAdminMutation } from "../../app/services/server";
import { updateInitialized } from "../../app/slices/auth.data";
import { Spinner } from "../../components/Icons";
import { getDeviceKey } from "../../utils/device";
import { computeExpireTime } from "../../utils/token";
import type { StepProps } from ".";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function AdminAccountStep({ next, update }: StepProps) {
  const { t } = useTranslation("welcome");
  const dispatch = useAppDispatch();
  const [createAdmin, { isLoading: creating }] = useCreateAdminMutation();
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [form, setForm] = useState({ name: "", email: "", password: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const busy = creating || loggingIn;

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const name = form.name.trim();
    const email = form.email.trim();
    if (!name) return setError(t("onboarding.admin.error_name"));
    if (!EMAIL_RE.test(email)) return setError(t("onboarding.admin.error_email"));
    if (!form.password) return setError(t("onboarding.admin.error_password"));
    if (form.password !== form.confirm) return setError(t("onboarding.admin.error_confirm"));
    setError(null);

    const created = await createAdmin({ email, name, password: form.password, gender: 0 });
    if (created.error) {
      const status = "status" in created.error ? created.error.status : undefined;
      if (status === 403) {
        // Someone finished the setup first: go to login.
        toast.error(t("onboarding.admin.already"));
        dispatch(updateInitialized(true));
      }
      return;
    }
    const res = await login({
      credential: { type: "password", email, password: form.password },
      device: getDeviceKey(),
      device_token: "",
    });
    if (res.error) {
      toast.error(t("onboarding.admin.login_failed"));
      dispatch(updateInitialized(true));
      return;
    }
    update({ session: { ...res.data, expireTime: computeExpireTime(res.data.expired_in) } });
    next();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={error ? "admin-error" : undefined}>
      <h1 className="text-xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.admin.title")}</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t("onboarding.admin.desc")}</p>
      <div className="mt-6 space-y-4">
        <div>
          <label className="label" htmlFor="admin-name">
            {t("onboarding.admin.name")}
          </label>
          <input id="admin-name" name="name" className="input" maxLength={32} autoComplete="name" value={form.name} onChange={set("name")} autoFocus />
        </div>
        <div>
          <label className="label" htmlFor="admin-email">
            {t("onboarding.admin.email")}
          </label>
          <input id="admin-email" name="email" type="email" className="input" autoComplete="email" value={form.email} onChange={set("email")} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label className="label" htmlFor="admin-password">
              {t("onboarding.admin.password")}
            </label>
            <input id="admin-password" name="password" type="password" className="input" autoComplete="new-password" value={form.password} onChange={set("password")} />
          </div>
          <div>
            <label className="label" htmlFor="admin-confirm">
              {t("onboarding.admin.confirm")}
            </label>
            <input id="admin-confirm" name="confirm" type="password" className="input" autoComplete="new-password" value={form.confirm} onChange={set("confirm")} />
          </div>
        </div>
      </div>
      {error && (
        <p id="admin-error" role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary mt-6 w-full py-2.5" disabled={busy}>
        {busy && <Spinner />}
        {t("onboarding.admin.submit")}
      </button>
    </form>
  );
}
