import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LOGIN_CONFIG, type WhoCanSignUp } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import { useUpdateLoginConfigMutation } from "../../app/services/server";
import { ArrowRightIcon, GlobeIcon, LinkIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import RadioCards from "../../components/ui/RadioCards";
import type { StepProps } from ".";

/** Step 4, Who Can Sign Up: `POST /api/admin/login/config` with `who_can_sign_up`, the other fields kept. */
export default function SignUpStep({ next }: StepProps) {
  const { t } = useTranslation("welcome");
  const loginConfig = useAppSelector((s) => s.server.loginConfig);
  const [value, setValue] = useState<WhoCanSignUp>(loginConfig?.who_can_sign_up ?? "EveryOne");
  const [save, { isLoading }] = useUpdateLoginConfigMutation();

  const onNext = async () => {
    const res = await save({ ...DEFAULT_LOGIN_CONFIG, ...loginConfig, who_can_sign_up: value });
    if (!("error" in res)) next();
  };

  return (
    <div>
      <h1 className="text-xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.signup.title")}</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t("onboarding.signup.desc")}</p>
      <div className="mt-6">
        <RadioCards<WhoCanSignUp>
          label={t("onboarding.signup.title")}
          value={value}
          onChange={setValue}
          options={[
            { value: "EveryOne", title: t("onboarding.signup.everyone"), description: t("onboarding.signup.everyone_desc"), icon: <GlobeIcon size={18} /> },
            { value: "InvitationOnly", title: t("onboarding.signup.invite_only"), description: t("onboarding.signup.invite_only_desc"), icon: <LinkIcon size={18} /> },
          ]}
        />
      </div>
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">{t("onboarding.signup.hint")}</p>
      <div className="mt-8 flex justify-end">
        <Button loading={isLoading} onClick={() => void onNext()}>
          {t("onboarding.next")}
          {!isLoading && <ArrowRightIcon size={16} />}
        </Button>
      </div>
    </div>
  );
}
