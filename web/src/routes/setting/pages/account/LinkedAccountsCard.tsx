/**
 * The Google, GitHub and OIDC accounts linked to this one (docs/API.md "Third-party sign-in"):
 * each can be unlinked (not the last way in: the server says so), and GitHub or an enabled OIDC
 * provider linked — the browser goes to the provider and `/cb/{type}/bind` finishes.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LinkedIdentity } from "@parley/protocol";
import { useAppDispatch, useAppSelector } from "../../../../app/hooks";
import { callbackUrl, useGetIdentitiesQuery, useUnbindIdentityMutation } from "../../../../app/services/idp";
import { publicRequest } from "../../../../app/services/public";
import { GithubIcon, GlobeIcon, GoogleIcon, LinkIcon } from "../../../../components/Icons";
import Button from "../../../../components/ui/Button";
import { toast } from "../../../../utils/toast";
import { accountRefusalText, Section } from "../parts";

const iconOf = (type: LinkedIdentity["type"]) => (type === "google" ? <GoogleIcon size={17} /> : type === "github" ? <GithubIcon size={17} /> : <GlobeIcon size={17} />);
const hostOf = (issuer: string) => issuer.replace(/^https?:\/\//, "");

export default function LinkedAccountsCard() {
  const { t } = useTranslation("setting");
  const dispatch = useAppDispatch();
  const config = useAppSelector((s) => s.server.loginConfig);
  const guest = useAppSelector((s) => s.authData.guest);
  const { data, isLoading, refetch } = useGetIdentitiesQuery(undefined, { skip: guest, refetchOnMountOrArgChange: true });
  const [unbind] = useUnbindIdentityMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const list = data ?? [];
  const providers = (config?.oidc ?? []).filter((o) => o.enable && o.domain);
  if (guest || (list.length === 0 && !config?.github && providers.length === 0)) return null;

  const remove = async (item: LinkedIdentity) => {
    setBusy(`${item.type}:${item.issuer}`);
    const res = await unbind({ type: item.type, issuer: item.issuer || null });
    setBusy(null);
    if ("error" in res) {
      const reason = (res.error as { data?: { reason?: unknown } }).data?.reason;
      toast.error(reason === "last_sign_in_method" ? t("linked.last_method") : accountRefusalText(res.error, t));
    } else void refetch();
  };

  const linkGithub = async () => {
    const res = await publicRequest<{ client_id?: string; authorize_url?: string }>("getGithubAuthConfig", { url: "/admin/github_auth/public_config" }, dispatch);
    if (!res.data?.client_id) return toast.error(t("linked.unavailable"));
    const params = new URLSearchParams({ client_id: res.data.client_id, scope: "read:user user:email", redirect_uri: callbackUrl("github", "bind") });
    window.location.href = `${res.data.authorize_url ?? "https://github.com/login/oauth/authorize"}?${params}`;
  };

  const linkOidc = async (domain: string) => {
    setBusy(domain);
    const res = await publicRequest<{ url: string }>("getOpenid", { url: "/token/openid/authorize", method: "POST", body: { issuer: domain, redirect_uri: callbackUrl("oidc", "bind") } }, dispatch);
    if (res.data?.url) window.location.href = res.data.url;
    else setBusy(null);
  };

  return (
    <Section title={t("linked.title")} description={t("linked.desc")} testId="linked-accounts">
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-busy={isLoading}>
        {!isLoading && list.length === 0 && <li className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t("linked.empty")}</li>}
        {list.map((item) => (
          <li key={`${item.type}:${item.issuer}`} className="flex items-center gap-3 px-5 py-3" data-testid="linked-row">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{iconOf(item.type)}</span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                {item.type === "oidc" ? hostOf(item.issuer) : item.type === "google" ? "Google" : "GitHub"}
              </span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{item.email ?? t("linked.no_email")}</span>
            </span>
            <Button variant="secondary" size="sm" loading={busy === `${item.type}:${item.issuer}`} onClick={() => void remove(item)} data-testid="linked-remove">
              {t("linked.unlink")}
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 border-t border-zinc-100 px-5 py-4 dark:border-zinc-800">
        {config?.github && !list.some((i) => i.type === "github") && (
          <Button size="sm" variant="secondary" icon={<GithubIcon size={15} />} onClick={() => void linkGithub()}>
            {t("linked.link", { provider: "GitHub" })}
          </Button>
        )}
        {providers
          .filter((o) => !list.some((i) => i.type === "oidc" && hostOf(i.issuer) === o.domain))
          .map((o) => (
            <Button key={o.domain} size="sm" variant="secondary" icon={<LinkIcon size={15} />} loading={busy === o.domain} onClick={() => void linkOidc(o.domain)} data-testid="linked-add-oidc">
              {t("linked.link", { provider: o.domain })}
            </Button>
          ))}
      </div>
    </Section>
  );
}
