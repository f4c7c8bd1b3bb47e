import { lazy, Suspense, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { loginWith } from "../../app/login";
import AuthShell from "../../components/AuthShell";
import { KEY_GOOGLE_ID_TOKEN } from "../../app/config";
import { MailIcon, UserIcon } from "../../components/EntryIcons";
import ServerLogo from "../../components/ServerLogo";
import Button from "../../components/ui/Button";
import Divider from "../../components/ui/Divider";
import { EmailInput, PasswordInput } from "../../components/ui/Input";

// Only loaded when a method needs them, so the common login page stays small.
const SocialLogins = lazy(() => import("./SocialLogins"));
const ReturnLogin = lazy(() => import("./ReturnLogin"));

/** A magic link or an OIDC provider sent the browser back here with a credential in the query. */
function returningCredential(): boolean {
  const q = new URLSearchParams(window.location.search);
  return (!!q.get("magic_token") && q.has("exists")) || (!!q.get("code") && !!q.get("state"));
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const server = useAppSelector((s) => s.server);
  const guest = useAppSelector((s) => s.authData.guest && !!s.authData.token);
  const config = server.loginConfig;
  const [returning] = useState(returningCredential);
  const [isLoading, setLoading] = useState(false);
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? "");
  const [password, setPassword] = useState("");
  const serverName = server.name.trim() || "Parley";

  const passwordEnabled = config?.password !== false;
  const magicLink = !!config?.magic_link && server.smtpEnabled === true;
  const oidc = config?.oidc?.some((o) => o.enable) ?? false;
  const googleReturn = typeof sessionStorage !== "undefined" && !!sessionStorage.getItem(KEY_GOOGLE_ID_TOKEN);
  const social = !!(config?.google || config?.github || config?.metamask || config?.passkey || oidc || googleReturn);
  const alternatives = magicLink || social || (!!config?.guest && !guest);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password || isLoading) return;
    setLoading(true);
    await loginWith(dispatch, { type: "password", email: email.trim(), password });
    setLoading(false);
    // On success the route guard moves on to the remembered path, or to /.
  };

  if (returning) {
    return (
      <AuthShell>
        <Suspense fallback={null}>
          <ReturnLogin />
        </Suspense>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      footer={
        config?.who_can_sign_up === "EveryOne" && (
          <>
            {t("login.no_account")}{" "}
            <Link to="/register" className="font-semibold text-primary-600 hover:underline dark:text-primary-400">
              {t("login.sign_up")}
            </Link>
          </>
        )
      }
    >
      <div className="flex flex-col items-center text-center">
        <ServerLogo name={serverName} size={56} />
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance text-zinc-900 dark:text-white">{t("login.title", { name: serverName })}</h1>
        <p className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">{server.description?.trim() || t("login.desc")}</p>
      </div>

      {passwordEnabled ? (
        <form className="mt-8 space-y-4" onSubmit={onSubmit}>
          <EmailInput label={t("field.email")} placeholder={t("placeholder.email")} value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <PasswordInput label={t("field.password")} name="password" autoComplete="current-password" required placeholder={t("placeholder.password")} value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" size="lg" block loading={isLoading} className="mt-2">
            {isLoading ? t("login.submitting") : t("login.submit")}
          </Button>
        </form>
      ) : (
        !alternatives && <p className="mt-8 rounded-lg bg-zinc-100 p-4 text-center text-sm text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{t("login.password_disabled")}</p>
      )}

      {alternatives && (
        <>
          {passwordEnabled && <Divider>{t("login.or")}</Divider>}
          <div className={passwordEnabled ? "space-y-3" : "mt-8 space-y-3"}>
            {magicLink && (
              <Button variant="secondary" block icon={<MailIcon size={17} />} onClick={() => navigate("/email_login", { state: { email } })}>
                {t("login.magic_link")}
              </Button>
            )}
            {social && (
              <Suspense fallback={null}>
                <SocialLogins />
              </Suspense>
            )}
            {config?.guest && !guest && (
              <Button variant="ghost" block icon={<UserIcon size={17} />} onClick={() => navigate("/guest_login")}>
                {t("login.guest")}
              </Button>
            )}
          </div>
        </>
      )}
    </AuthShell>
  );
}
