/**
 * The third-party sign-in methods of the login config: Google, GitHub, MetaMask, the OIDC
 * providers and passkeys. Loaded only when one of them is on. Each ends in `POST /api/token/login`
 * with its credential (and the invite's magic token, so an invitation-only server can register).
 */
import type { PasskeyChallenge } from "@parley/protocol";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EXTERNAL_OAUTH, KEY_GOOGLE_ID_TOKEN, KEY_MAGIC_TOKEN } from "../../app/config";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { loginWith } from "../../app/login";
import type { AppDispatch } from "../../app/store";
import { publicRequest } from "../../app/services/public";
import { callbackUrl } from "../../app/services/idp";
import { ExternalIcon, GithubIcon, GlobeIcon, GoogleIcon, KeyIcon, WalletIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import { getLocal } from "../../utils/storage";
import { toast } from "../../utils/toast";

type ClientConfig = { client_id?: string; authorize_url?: string };

/** GitHub's authorize page as the server names it (`public_config`'s `authorize_url`, a Parley addition). */
let githubAuthorize: string | undefined;

/** `GET …/public_config` (newer servers), falling back to the 0.3 `…/config`. */
async function clientId(dispatch: AppDispatch, provider: "google" | "github"): Promise<string | undefined> {
  const endpoint = provider === "google" ? "getGoogleAuthConfig" : "getGithubAuthConfig";
  for (const path of ["public_config", "config"]) {
    const res = await publicRequest<ClientConfig>(endpoint, { url: `/admin/${provider}_auth/${path}` }, dispatch);
    if (provider === "github" && res.data?.authorize_url) githubAuthorize = res.data.authorize_url;
    if (res.data?.client_id) return res.data.client_id;
  }
  return undefined;
}

const magicToken = () => getLocal(KEY_MAGIC_TOKEN) ?? undefined;

/** Where a browser without MetaMask gets it. */
const METAMASK_DOWNLOAD = "https://metamask.io/download/";

/**
 * Passkey sign-in (docs/API.md "MetaMask and passkeys"): the server's challenge, the browser's
 * WebAuthn prompt (the authenticator offers this site's passkeys: no e-mail asked), then the
 * `passkey` credential. The WebAuthn library loads only when the button is used.
 */
async function signInWithPasskey(dispatch: AppDispatch, t: (key: string) => string): Promise<void> {
  const start = await publicRequest<PasskeyChallenge<PublicKeyCredentialRequestOptionsJSON>>(
    "passkeyAuthStart",
    { url: "/token/passkey/auth/start", method: "POST", body: {} },
    dispatch,
  );
  // A refusal (passkeys off: 403) is toasted by the shared error handling.
  if (start.error) return;
  const { startAuthentication } = await import("@simplewebauthn/browser");
  let credential;
  try {
    credential = await startAuthentication({ optionsJSON: start.data.options.publicKey });
  } catch (err) {
    const name = err instanceof Error ? (err.cause instanceof Error ? err.cause.name : err.name) : "";
    toast.error(t(name === "NotAllowedError" || name === "AbortError" ? "tip.passkey_cancelled" : "tip.passkey_failed"));
    return;
  }
  await loginWith(dispatch, { type: "passkey", challenge_id: start.data.challenge_id, credential });
}

interface Ethereum {
  request: (args: { method: string; params?: unknown[] }) => Promise<unknown>;
}

export default function SocialLogins({ mode = "login" }: { mode?: "login" | "register" }) {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const config = useAppSelector((s) => s.server.loginConfig);
  const [google, setGoogle] = useState<string>();
  const [github, setGithub] = useState<string>();
  const [busy, setBusy] = useState<string | null>(null);
  const [metamaskMissing, setMetamaskMissing] = useState(false);
  const label = (method: string) => t(`${mode === "login" ? "login" : "register"}.with`, { method });

  useEffect(() => {
    if (config?.google) void clientId(dispatch, "google").then(setGoogle);
    if (config?.github) void clientId(dispatch, "github").then(setGithub);
  }, [config?.google, config?.github, dispatch]);

  // Back from Google with an id_token (see main.tsx).
  useEffect(() => {
    const idToken = sessionStorage.getItem(KEY_GOOGLE_ID_TOKEN);
    if (!idToken) return;
    sessionStorage.removeItem(KEY_GOOGLE_ID_TOKEN);
    setBusy("google");
    void loginWith(dispatch, { type: "google", id_token: idToken, magic_token: magicToken() }).finally(() => setBusy(null));
  }, [dispatch]);

  const startGoogle = () => {
    if (!google) return;
    const nonce = crypto.getRandomValues(new Uint32Array(2)).join("");
    const params = new URLSearchParams({
      client_id: google,
      redirect_uri: `${window.location.origin}/`,
      response_type: "id_token",
      scope: "openid email profile",
      nonce,
      prompt: "select_account",
    });
    window.location.href = `${EXTERNAL_OAUTH.google}?${params}`;
  };

  const startGithub = () => {
    if (!github) return;
    // GitHub sends the browser back to /cb/github/webapp?code=… (main.tsx hands it to the route).
    const params = new URLSearchParams({ client_id: github, scope: "read:user user:email", redirect_uri: callbackUrl("github", "webapp") });
    window.location.href = `${githubAuthorize ?? EXTERNAL_OAUTH.github}?${params}`;
  };

  const startMetamask = async () => {
    const ethereum = (window as unknown as { ethereum?: Ethereum }).ethereum;
    if (!ethereum) {
      setMetamaskMissing(true);
      return;
    }
    setBusy("metamask");
    try {
      const [address] = (await ethereum.request({ method: "eth_requestAccounts" })) as string[];
      const nonce = await publicRequest<string>("getMetamaskNonce", { url: `/token/metamask/nonce?public_address=${encodeURIComponent(address)}` }, dispatch);
      if (nonce.error) return;
      const signature = (await ethereum.request({ method: "personal_sign", params: [nonce.data, address] })) as string;
      await loginWith(dispatch, { type: "metamask", public_address: address, nonce: nonce.data, signature, magic_token: magicToken() });
    } catch {
      toast.error(t("tip.metamask_failed"));
    } finally {
      setBusy(null);
    }
  };

  const startOidc = async (issuer: string) => {
    setBusy(issuer);
    const res = await publicRequest<{ url: string }>(
      "getOpenid",
      { url: "/token/openid/authorize", method: "POST", body: { issuer, redirect_uri: callbackUrl("oidc", "login") } },
      dispatch,
    );
    if (res.data?.url) window.location.href = res.data.url;
    else setBusy(null);
  };

  const startPasskey = async () => {
    setBusy("passkey");
    try {
      await signInWithPasskey(dispatch, t);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {mode === "login" && config?.passkey && (
        <Button variant="secondary" block icon={<KeyIcon size={17} />} loading={busy === "passkey"} onClick={() => void startPasskey()} data-testid="login-passkey">
          {t("login.passkey")}
        </Button>
      )}
      {config?.google && google && (
        <Button variant="secondary" block icon={<GoogleIcon size={17} />} loading={busy === "google"} onClick={startGoogle}>
          {label("Google")}
        </Button>
      )}
      {config?.github && github && (
        <Button variant="secondary" block icon={<GithubIcon size={17} />} onClick={startGithub}>
          {label("GitHub")}
        </Button>
      )}
      {config?.metamask && (
        <Button variant="secondary" block icon={<WalletIcon size={17} />} loading={busy === "metamask"} onClick={() => void startMetamask()}>
          {label("MetaMask")}
        </Button>
      )}
      {config?.metamask && metamaskMissing && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="metamask-missing">
          {t("tip.metamask_missing")}{" "}
          <a href={METAMASK_DOWNLOAD} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-semibold underline underline-offset-2">
            {t("tip.metamask_install")}
            <ExternalIcon size={13} />
          </a>
        </p>
      )}
      {config?.oidc
        ?.filter((o) => o.enable && o.domain)
        .map((o) => (
          <Button
            key={o.domain}
            variant="secondary"
            block
            icon={o.favicon ? <img src={o.favicon} alt="" className="size-[17px] rounded-sm" /> : <GlobeIcon size={17} />}
            loading={busy === o.domain}
            onClick={() => void startOidc(o.domain)}
            data-testid="login-oidc"
          >
            {label(o.domain)}
          </Button>
        ))}
    </>
  );
}
