/**
 * `/register`: e-mail and password, then `POST /api/user/send_reg_magic_link`. With SMTP the user
 * confirms by mail; without, the confirmed token comes back at once and the name step follows.
 */
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { KEY_MAGIC_TOKEN } from "../../app/config";
import { useAppSelector } from "../../app/hooks";
import { useLazyCheckEmailQuery, useSendRegMagicLinkMutation } from "../../app/services/auth";
import AuthHeader from "../../components/auth/AuthHeader";
import { LockIcon, MailIcon } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Divider from "../../components/ui/Divider";
import { EmailInput, PasswordInput } from "../../components/ui/Input";
import { getLocal, setLocal } from "../../utils/storage";
import { readMagicToken } from ".";

const SocialLogins = lazy(() => import("../login/SocialLogins"));

export default function Register() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const config = useAppSelector((s) => s.server.loginConfig);
  const serverName = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const [magicToken] = useState(() => readMagicToken(query) || getLocal(KEY_MAGIC_TOKEN) || "");
  const [form, setForm] = useState({ email: "", password: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [checkEmail, { isFetching: checking }] = useLazyCheckEmailQuery();
  const [sendRegMagicLink, { isLoading: sending }] = useSendRegMagicLinkMutation();

  // OAuth sign-ups need the invitation too (an invitation-only server checks it).
  useEffect(() => {
    if (magicToken) setLocal(KEY_MAGIC_TOKEN, magicToken);
  }, [magicToken]);

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const email = form.email.trim();
    if (form.password.length < 6) return setError(t("register.error_password"));
    if (form.password !== form.confirm) return setError(t("register.error_confirm"));
    setError(null);
    const free = await checkEmail(email);
    if (free.data === false) return setError(t("register.error_email_taken"));
    const res = await sendRegMagicLink({ magic_token: magicToken, email, password: form.password });
    if ("error" in res) {
      const status = (res.error as { status?: unknown }).status;
      setError(status === 409 ? t("register.error_email_taken") : status === 403 ? t("register.error_not_allowed") : t("register.error_failed"));
      return;
    }
    const { new_magic_token, mail_is_sent } = res.data;
    if (mail_is_sent || !new_magic_token) setSentTo(email);
    else navigate(`/register/set_name?magic_token=${encodeURIComponent(new_magic_token)}`);
  };

  if (config && config.who_can_sign_up !== "EveryOne" && !magicToken) {
    return (
      <AuthHeader tone="warning" icon={<LockIcon size={26} />} title={t("register.invite_only_title")} desc={t("register.invite_only")} />
    );
  }

  if (sentTo) {
    return (
      <AuthHeader tone="success" icon={<MailIcon size={26} />} title={t("register.check_email_title")} desc={t("register.check_email_desc", { email: sentTo })} />
    );
  }

  const social = !!(config?.google || config?.github || config?.metamask || config?.oidc?.some((o) => o.enable));
  return (
    <>
      <AuthHeader title={t("register.title", { name: serverName })} desc={magicToken ? t("register.desc_invited") : t("register.desc")} />
      <form className="mt-8 space-y-4" onSubmit={onSubmit} noValidate>
        <EmailInput label={t("field.email")} autoFocus placeholder={t("placeholder.email")} value={form.email} onChange={set("email")} />
        <PasswordInput label={t("field.password")} name="password" autoComplete="new-password" required minLength={6} placeholder={t("placeholder.new_password")} value={form.password} onChange={set("password")} />
        <PasswordInput label={t("field.confirm_password")} name="confirm" autoComplete="new-password" required minLength={6} placeholder={t("placeholder.confirm_password")} value={form.confirm} onChange={set("confirm")} />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" block loading={checking || sending} disabled={!form.email.trim() || !form.password}>
          {t("register.submit")}
        </Button>
      </form>
      {social && (
        <>
          <Divider>{t("login.or")}</Divider>
          <div className="space-y-3">
            <Suspense fallback={null}>
              <SocialLogins mode="register" />
            </Suspense>
          </div>
        </>
      )}
    </>
  );
}
