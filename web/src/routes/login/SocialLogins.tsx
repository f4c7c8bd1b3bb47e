/**
 * The third-party sign-in methods of the login config: Google, GitHub, MetaMask and the
 * OIDC providers. Loaded only when one of them is on. Each ends in `POST /api/token/login` with
 * its credential (and the invite's magic token, so an invitation-only server can register).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EXTERNAL_OAUTH, KEY_GOOGLE_ID_TOKEN, KEY_MAGIC_TOKEN } from "../../app/config";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { loginWith } from "../../app/login";
import type { AppDispatch } from "../../app/store";
import { publicRequest } from "../../app/services/public";
import { GithubIcon, GlobeIcon, GoogleIcon, WalletIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import { getLocal } from "../../utils/storage";
import { toast } from "../../utils/toast";

type ClientConfig = { client_id?: string };

/** `GET …/public_config` (newer servers), falling back to the 0.3 `…/config`. */
async function clientId(dispatch: AppDispatch, provider: "google" | "github"): Promise<string | undefined> {
  const endpoint = provider === "google" ? "getGoogleAuthConfig" : "getGithubAuthConfig";
  for (const path of ["public_config", "config"]) {
    const res = await publicRequest<ClientConfig>(endpoint, { url: `/admin/${provider}_auth/${path}` }, dispatch);
    if (res.data?.client_id) return res.data.client_id;
  }
  return undefined;
}

const magicToken = () => getLocal(KEY_MAGIC_TOKEN) ?? undefined;

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
    // GitHub sends the browser back to the app's callback URL: /#/cb/github/webapp?code=…
    window.location.href = `${EXTERNAL_OAUTH.github}?${new URLSearchParams({ client_id: github, scope: "user:email" })}`;
  };

  const startMetamask = async () => {
    const ethereum = (window as unknown as { ethereum?: Ethereum }).ethereum;
    if (!ethereum) {
      toast.error(t("tip.metamask_missing"));
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
      { url: "/token/openid/authorize", method: "POST", body: { issuer, redirect_uri: `${window.location.origin}/` } },
      dispatch,
    );
    if (res.data?.url) window.location.href = res.data.url;
    else setBusy(null);
  };

  return (
    <>
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
      {config?.oidc
        ?.filter((o) => o.enable && o.domain)
        .map((o) => (
          <Button key={o.domain} variant="secondary" block icon={<GlobeIcon size={17} />} loading={busy === o.domain} onClick={() => void startOidc(o.domain)}>
            {label(o.domain)}
          </Button>
        ))}
    </>
  );
}
