import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import toast from "react-hot-toast";
import type { LoginResponse } from "@parley/protocol";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { publicRequest } from "../../app/services/public";
import { setAuthData } from "../../app/slices/auth.data";
import AuthShell from "../../components/AuthShell";
import { Spinner } from "../../components/Icons";
import ServerLogo from "../../components/ServerLogo";
import { getDeviceKey } from "../../utils/device";

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const server = useAppSelector((s) => s.server);
  const loginConfig = server.loginConfig;
  const [isLoading, setLoading] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const serverName = server.name.trim() || "Parley";
  const passwordEnabled = loginConfig?.password !== false;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return;
    if (isLoading) return;
    setLoading(true);
    // `POST /api/token/login` (a public endpoint: no key).
    const res = await publicRequest<LoginResponse>(
      "login",
      {
        url: "/token/login",
        method: "POST",
        body: { credential: { type: "password", email: email.trim(), password }, device: getDeviceKey(), device_token: "" },
      },
      dispatch,
    );
    setLoading(false);
    if (res.error) {
      const status = res.error.status;
      if (status === 401 || status === 404) toast.error(t("tip.credential_error"));
      else if (status === 403) toast.error(t("tip.method_not_supported"));
      else if (status === 410) toast.error(t("tip.no_account"));
      else if (status === 423) toast.error(t("tip.frozen"));
      return;
    }
    dispatch(setAuthData(res.data));
    toast.success(t("tip.login_success"));
    // The guard now sends us to the remembered path, or to /.
  };

  return (
    <AuthShell>
      <div className="flex flex-col items-center text-center">
        <ServerLogo name={serverName} size={56} />
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">
          {t("login.title", { name: serverName })}
        </h1>
        <p className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          {server.description?.trim() || t("login.desc")}
        </p>
      </div>

      {passwordEnabled ? (
        <form className="mt-8 space-y-4" onSubmit={onSubmit} noValidate={false}>
          <div>
            <label htmlFor="login-email" className="label">
              {t("field.email")}
            </label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              className="input"
              placeholder={t("placeholder.email")}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
            />
          </div>
          <div>
            <label htmlFor="login-password" className="label">
              {t("field.password")}
            </label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="input"
              placeholder={t("placeholder.password")}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary mt-2 w-full py-2.5" disabled={isLoading}>
            {isLoading && <Spinner />}
            {isLoading ? t("login.submitting") : t("login.submit")}
          </button>
        </form>
      ) : (
        <p className="mt-8 rounded-lg bg-zinc-100 p-4 text-center text-sm text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          {t("login.password_disabled")}
        </p>
      )}
    </AuthShell>
  );
}
