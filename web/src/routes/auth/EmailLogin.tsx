/** `/email_login`: ask for the e-mail address a sign-in link goes to (then `/send_magic_link/{email}`). */
import "../../styles/app.css";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useAppSelector } from "../../app/hooks";
import AuthHeader from "../../components/auth/AuthHeader";
import AuthShell from "../../components/AuthShell";
import { MailIcon } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import { EmailInput } from "../../components/ui/Input";

export default function EmailLogin() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const location = useLocation();
  const serverName = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const smtp = useAppSelector((s) => s.server.smtpEnabled);
  const magicLink = useAppSelector((s) => s.server.loginConfig?.magic_link);
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? "");

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (value) navigate(`/send_magic_link/${encodeURIComponent(value)}`);
  };

  return (
    <AuthShell>
      <AuthHeader title={t("email_login.title", { name: serverName })} desc={t("email_login.desc")} />
      {(magicLink === false || smtp === false) && (
        <Alert tone="warning" className="mt-6">
          {t("email_login.unavailable")}
        </Alert>
      )}
      <form className="mt-8 space-y-4" onSubmit={onSubmit}>
        <EmailInput label={t("field.email")} autoFocus leading={<MailIcon size={16} />} placeholder={t("placeholder.email")} value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" size="lg" block disabled={!email.trim()}>
          {t("email_login.submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-primary-600 hover:underline dark:text-primary-400">
          {t("email_login.use_password")}
        </Link>
      </p>
    </AuthShell>
  );
}
