import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LOGIN_CONFIG, type LoginConfig, type WhoCanSignUp } from "@parley/protocol";
import { useAppDispatch, useAppSelector } from "../../../app/hooks";
import { refusalText } from "../../../app/services/refusal";
import { useGetLoginConfigQuery, useUpdateLoginConfigMutation } from "../../../app/services/server";
import { fetchSMTPStatus } from "../../../app/slices/server";
import { LinkIcon, UserPlusIcon } from "../../../components/Icons";
import RadioCards from "../../../components/ui/RadioCards";
import { toast } from "../../../utils/toast";
import { Section, SwitchRow } from "./parts";

type Switch = "password" | "magic_link" | "guest" | "google" | "github" | "metamask" | "third_party" | "passkey";

/**
 * `/setting/login_methods` (admins): who may sign up and how people sign in. The server takes the
 * whole config (`POST /admin/login/config`); a change applies at once, with a toast saying
 * whether it took. The providers' credentials are set on their own pages.
 */
export default function LoginMethods() {
  const { t } = useTranslation("setting");
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useGetLoginConfigQuery(undefined, { refetchOnMountOrArgChange: true });
  const smtpEnabled = useAppSelector((s) => s.server.smtpEnabled);
  const [update] = useUpdateLoginConfigMutation();
  // The change being sent shows at once; the stored value returns if the server refuses it.
  const [pending, setPending] = useState<Partial<LoginConfig>>({});
  useEffect(() => {
    void dispatch(fetchSMTPStatus());
  }, [dispatch]);

  const stored: LoginConfig = { ...DEFAULT_LOGIN_CONFIG, ...data };
  const config: LoginConfig = { ...stored, ...pending };

  const apply = async (patch: Partial<LoginConfig>) => {
    setPending((p) => ({ ...p, ...patch }));
    const res = await update({ ...stored, ...pending, ...patch });
    setPending((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !(k in patch))));
    if ("error" in res) toast.error(refusalText(res.error) ?? t("login_methods.failed"));
    else toast.success(t("login_methods.saved"));
  };

  const flag = (key: Switch, opts: { disabled?: boolean; hint?: string } = {}) => (
    <SwitchRow
      key={key}
      label={t(`login_methods.${key}`)}
      description={opts.hint ?? t(`login_methods.${key}_desc`)}
      checked={!!config[key]}
      disabled={opts.disabled}
      onChange={(v) => void apply({ [key]: v })}
    />
  );

  if (isLoading) return <div className="h-full" aria-busy="true" />;
  const mailOff = smtpEnabled === false;
  return (
    <div className="mx-auto max-w-2xl space-y-8 p-6" data-testid="login-methods">
      {isError && <p className="text-sm text-red-600 dark:text-red-400">{t("login_methods.load_failed")}</p>}
      <Section title={t("login_methods.sign_up")} plain>
        <RadioCards<WhoCanSignUp>
          label={t("login_methods.sign_up")}
          value={config.who_can_sign_up}
          onChange={(who_can_sign_up) => who_can_sign_up !== config.who_can_sign_up && void apply({ who_can_sign_up })}
          options={[
            { value: "EveryOne", title: t("login_methods.everyone"), description: t("login_methods.everyone_desc"), icon: <UserPlusIcon size={18} /> },
            { value: "InvitationOnly", title: t("login_methods.invitation"), description: t("login_methods.invitation_desc"), icon: <LinkIcon size={18} /> },
          ]}
        />
      </Section>
      <Section title={t("login_methods.methods")}>
        {flag("password")}
        {flag("magic_link", { disabled: mailOff, hint: mailOff ? t("login_methods.magic_link_needs_smtp") : undefined })}
        {flag("passkey")}
        {flag("guest")}
      </Section>
      <Section title={t("login_methods.providers")} description={t("login_methods.providers_hint")}>
        {flag("google")}
        {flag("github")}
        {flag("metamask")}
        {flag("third_party")}
        {config.oidc.length === 0 ? (
          <div className="px-5 py-4">
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t("login_methods.oidc")}</p>
            <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t("login_methods.oidc_none")}</p>
          </div>
        ) : (
          config.oidc.map((entry, i) => (
            <SwitchRow
              key={`${entry.domain}-${i}`}
              label={t("login_methods.oidc_entry", { domain: entry.domain })}
              description={t("login_methods.oidc_desc")}
              checked={entry.enable}
              onChange={(enable) => void apply({ oidc: config.oidc.map((e, j) => (j === i ? { ...e, enable } : e)) })}
            />
          ))
        )}
      </Section>
    </div>
  );
}
