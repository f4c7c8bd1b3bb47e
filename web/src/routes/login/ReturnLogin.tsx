/**
 * Back on /login with a credential in the query: a login magic link
 * (`/?magic_token=…&exists=true|false#/login`, docs/API.md "Identity") or an OIDC provider
 * (`?code=&state=`).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppDispatch } from "../../app/hooks";
import { loginWith } from "../../app/login";
import MagicLinkInvalid from "../../components/auth/MagicLinkInvalid";
import { Spinner } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";

/** Drop the consumed query, keep the route. */
const clearQuery = () => window.history.replaceState(null, "", `${window.location.pathname}${window.location.hash || "#/login"}`);

let started = false;

export default function ReturnLogin() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<"magic" | "oidc" | null>(null);

  useEffect(() => {
    if (started) return;
    started = true;
    const q = new URLSearchParams(window.location.search);
    const magicToken = q.get("magic_token");
    const code = q.get("code");
    const state = q.get("state");
    void (async () => {
      if (magicToken) {
        if (q.get("exists") !== "true") {
          // A new user: pick a name first.
          clearQuery();
          navigate(`/register/set_name/login?magic_token=${encodeURIComponent(magicToken)}`, { replace: true });
          return;
        }
        const res = await loginWith(dispatch, { type: "magiclink", magic_token: magicToken }, { quiet: true });
        clearQuery();
        if (res.error) setFailed("magic");
        return;
      }
      if (code && state) {
        const res = await loginWith(dispatch, { type: "oidc", code, state });
        clearQuery();
        if (res.error) setFailed("oidc");
      }
    })().finally(() => {
      started = false;
    });
  }, [dispatch, navigate]);

  if (failed === "magic") return <MagicLinkInvalid />;
  if (failed === "oidc") {
    return (
      <div className="space-y-5 text-center">
        <Alert tone="error" title={t("oidc.failed_title")}>
          {t("oidc.failed_desc")}
        </Alert>
        <Button block onClick={() => window.location.reload()}>
          {t("magic_link.back_to_login")}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
      <Spinner size={28} className="text-primary-500" />
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("login.signing_in")}</p>
    </div>
  );
}
