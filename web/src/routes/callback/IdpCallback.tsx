/**
 * The provider's answer at `/cb/{github|oidc}/{action}` (docs/API.md "Third-party sign-in"):
 * `?code=` (and `state=` for OIDC), or `?error=` when the person refused; and Google's at
 * `/cb/google/widget`, whose `#id_token=…&state=…` fragment main.tsx moved into the query
 * (`landing.ts`) — Google only signs in the widget here, this client's own Google sign-in
 * returns to `/`. `login` (GitHub's
 * `webapp` too) signs in with the code; `bind` links the account to the signed-in user and
 * returns to My Account; `widget` (with a state) finishes a sign-in of the embeddable widget in
 * its popup and asks the visitor to close the window and return to the widget. Every failure is
 * said in words.
 */
import type { WidgetOAuthFinish } from "@parley/protocol";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { KEY_MAGIC_TOKEN } from "../../app/config";
import { useAppDispatch } from "../../app/hooks";
import { loginWith } from "../../app/login";
import { useBindIdentityMutation } from "../../app/services/idp";
import { useFinishWidgetOAuthMutation } from "../../app/services/widget";
import AuthHeader, { AuthSpinner, LoginFailed } from "../../components/auth/AuthHeader";
import { CheckIcon, GithubIcon, GlobeIcon, GoogleIcon } from "../../components/Icons";
import { useRunOnce } from "../../hooks/useRunOnce";
import { getLocal, setLocal } from "../../utils/storage";

/** The words for a refused sign-in or link, by status (and the provider's `error`). */
export function idpFailureKey(status: unknown, reason?: unknown): string {
  if (status === "denied") return "idp.denied";
  if (status === 400) return "idp.expired";
  if (status === 403) return "idp.disabled";
  if (status === 409) return reason === "provider_already_linked" ? "idp.provider_linked" : "idp.linked_elsewhere";
  if (status === 410) return "idp.no_account";
  if (status === 412) return "idp.invite_expired";
  if (status === 423) return "tip.frozen";
  if (status === 401) return "idp.refused";
  return "idp.failed";
}

/** The words for a refused widget sign-in (docs/API.md "Widget"): the chat window starts it again. */
export function widgetFailureKey(status: unknown): string {
  if (status === 410 || status === 400) return "idp.widget_expired";
  if (status === 409) return "idp.widget_refused";
  return idpFailureKey(status);
}

/** What the popup tells the widget that opened it once the sign-in is done (it then polls for the session). */
export const WIDGET_SIGNED_IN = "parley-widget-signed-in";

export default function IdpCallback({ type, action }: { type: "google" | "github" | "oidc"; action: string }) {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [bind] = useBindIdentityMutation();
  const [finishWidget] = useFinishWidgetOAuthMutation();
  const [params] = useSearchParams();
  const query = (name: string) => params.get(name) ?? new URLSearchParams(window.location.search).get(name) ?? "";
  const [state, setState] = useState<{ kind: "loading" | "done" } | { kind: "failed"; key: string }>({ kind: "loading" });
  const provider = type === "github" ? "GitHub" : type === "google" ? "Google" : t("idp.provider");

  // Parley's widget's sign-in: finished for its poll token; only the widget's page is told.
  const finishInWidget = (body: WidgetOAuthFinish) => {
    void finishWidget(body).then((res) => {
      if ("error" in res) return setState({ kind: "failed", key: widgetFailureKey((res.error as { status?: unknown }).status) });
      const opener = window.opener as Window | null;
      if (res.data.origin && opener) opener.postMessage({ type: WIDGET_SIGNED_IN }, res.data.origin);
      setState({ kind: "done" });
    });
  };

  useRunOnce(true, () => {
    const code = query("code");
    const oauthState = query("state");
    if (query("error")) return setState({ kind: "failed", key: idpFailureKey("denied") });
    if (type === "google") {
      const idToken = query("id_token");
      if (action !== "widget" || !idToken || !oauthState) return setState({ kind: "failed", key: widgetFailureKey(400) });
      return finishInWidget({ type, id_token: idToken, state: oauthState });
    }
    if (!code || (type === "oidc" && !oauthState)) return setState({ kind: "failed", key: idpFailureKey(400) });
    const credential = type === "github" ? { type, code } : { type, code, state: oauthState };
    // Parley's widget (another site's page) opened this popup: the sign-in is left for its poll
    // token, and only the widget's page is told (docs/API.md "Widget"). Without a state it is
    // VoceChat's widget, which signs in to this origin below.
    if (action === "widget" && oauthState) return finishInWidget({ type, code, state: oauthState });
    if (action === "bind") {
      void bind(credential).then((res) => {
        if ("error" in res) {
          const error = res.error as { status?: unknown; data?: { reason?: unknown } };
          return setState({ kind: "failed", key: idpFailureKey(error.status, error.data?.reason) });
        }
        navigate("/setting/my_account", { replace: true });
      });
      return;
    }
    void loginWith(dispatch, { ...credential, magic_token: getLocal(KEY_MAGIC_TOKEN) ?? undefined }, { quiet: true, endpoint: "loginIdp" }).then((res) => {
      if (res.error) return setState({ kind: "failed", key: idpFailureKey(res.error.status) });
      setState({ kind: "done" });
      if (action === "widget") setLocal("widget", String(Date.now()));
      else navigate("/", { replace: true });
    });
  });

  if (state.kind === "failed")
    return (
      <div data-testid="idp-failed">
        <LoginFailed title={type === "oidc" ? t("oauth.failed_title") : t("idp.failed_title", { provider })} desc={t(state.key, { provider })} />
      </div>
    );
  const icon = type === "github" ? <GithubIcon size={26} /> : type === "google" ? <GoogleIcon size={26} /> : <GlobeIcon size={26} />;
  return (
    <>
      <AuthHeader
        tone={state.kind === "done" ? "success" : "primary"}
        icon={state.kind === "done" ? <CheckIcon size={26} /> : icon}
        title={state.kind === "done" ? t("idp.success", { provider }) : t(action === "bind" ? "idp.linking" : "idp.signing_in", { provider })}
        desc={state.kind === "done" && action === "widget" ? t("github.close_window") : undefined}
      />
      {state.kind === "loading" && <AuthSpinner />}
    </>
  );
}
