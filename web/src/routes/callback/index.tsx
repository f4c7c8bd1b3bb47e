/**
 * `/cb/{type}/{payload}`: the landing of third-party services. `github` and `oidc` finish a
 * sign-in (`payload` `login`, GitHub's `webapp` or `widget`) or a link (`bind`) with the
 * provider's code, `google` the widget's sign-in (`widget`) with its ID token (`IdpCallback`); `payment_success` confirms a payment session.
 */
import "../../styles/app.css";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import AuthHeader from "../../components/auth/AuthHeader";
import { AlertIcon, CheckIcon, Spinner } from "../../components/Icons";
import IdpCallback from "./IdpCallback";
import { errorText } from "../../app/services/errors";
import AuthShell from "../../components/AuthShell";

export default function CallbackPage() {
  const { t } = useTranslation("auth");
  const { type = "", payload = "" } = useParams();
  let body;
  if (type === "google" || type === "github" || type === "oidc") body = <IdpCallback type={type} action={payload} />;
  else if (type === "payment_success") {
    body = payload ? (
      <AuthHeader tone="success" icon={<CheckIcon size={26} />} title={t("payment.success_title")} desc={t("payment.success_desc")} />
    ) : (
      <AuthHeader tone="danger" icon={<AlertIcon size={26} />} title={errorText("stripeSession")} />
    );
  } else body = <AuthHeader icon={<Spinner size={26} className="text-primary-500" />} title={t("callback.title")} />;
  return <AuthShell>{body}</AuthShell>;
}
