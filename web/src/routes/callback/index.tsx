/**
 * `/cb/{type}/{payload}`: the landing of third-party services. `github` logs in with
 * `?code=` — for `webapp` it then goes home; for `widget` it asks to close this window and return
 * to the widget. `payment_success` confirms a payment session.
 */
import "../../styles/app.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { KEY_MAGIC_TOKEN } from "../../app/config";
import { useAppDispatch } from "../../app/hooks";
import { loginWith } from "../../app/login";
import { errorText } from "../../app/services/errors";
import AuthHeader, { LoginFailed } from "../../components/auth/AuthHeader";
import AuthShell from "../../components/AuthShell";
import { AlertIcon, CheckIcon, GithubIcon, Spinner } from "../../components/Icons";
import { useRunOnce } from "../../hooks/useRunOnce";
import { getLocal, setLocal } from "../../utils/storage";

function GithubCallback({ from }: { from: string }) {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, setState] = useState<"loading" | "done" | "failed">("loading");
  const code = new URLSearchParams(window.location.search).get("code") ?? "";

  useRunOnce(true, () => {
    if (!code) return setState("failed");
    void loginWith(dispatch, { type: "github", code, magic_token: getLocal(KEY_MAGIC_TOKEN) ?? undefined }).then((res) => {
      if (res.error) return setState("failed");
      setState("done");
      if (from === "widget") setLocal("widget", String(Date.now()));
      else navigate("/", { replace: true });
    });
  });

  if (state === "failed") return <LoginFailed title={t("github.failed_title")} desc={t("github.failed_desc")} />;
  return (
    <AuthHeader
      tone={state === "done" ? "success" : "primary"}
      icon={state === "done" ? <CheckIcon size={26} /> : <GithubIcon size={26} />}
      title={state === "done" ? t("github.success") : t("github.logging_in")}
      desc={state === "done" && from === "widget" ? t("github.close_window") : undefined}
    />
  );
}

export default function CallbackPage() {
  const { t } = useTranslation("auth");
  const { type = "", payload = "" } = useParams();
  let body;
  if (type === "github") body = <GithubCallback from={payload} />;
  else if (type === "payment_success") {
    body = payload ? (
      <AuthHeader tone="success" icon={<CheckIcon size={26} />} title={t("payment.success_title")} desc={t("payment.success_desc")} />
    ) : (
      <AuthHeader tone="danger" icon={<AlertIcon size={26} />} title={errorText("stripeSession")} />
    );
  } else body = <AuthHeader icon={<Spinner size={26} className="text-primary-500" />} title={t("callback.title")} />;
  return <AuthShell>{body}</AuthShell>;
}
