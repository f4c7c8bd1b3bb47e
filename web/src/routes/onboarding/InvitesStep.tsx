import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useCreateInviteLinkQuery } from "../../app/services/server";
import { ArrowRightIcon, RefreshIcon, Spinner } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import CopyField from "../../components/ui/CopyField";
import type { StepProps } from ".";

/** Step 5, Invites: a real invitation link (`GET /api/group/create_reg_magic_link`), or a graceful error. */
export default function InvitesStep({ next }: StepProps) {
  const { t } = useTranslation("welcome");
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const { data: link, isFetching, isError, refetch } = useCreateInviteLinkQuery();

  return (
    <div>
      <h1 className="text-xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.invites.title")}</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t("onboarding.invites.desc", { name })}</p>
      <div className="mt-6 min-h-24">
        {isFetching ? (
          <div className="flex h-24 items-center justify-center" role="status" aria-label={t("onboarding.invites.creating")}>
            <Spinner size={22} className="text-primary-500" />
          </div>
        ) : isError || !link ? (
          <Alert tone="warning" title={t("onboarding.invites.error_title")}>
            <p>{t("onboarding.invites.error_desc")}</p>
            <Button variant="secondary" size="sm" className="mt-3" icon={<RefreshIcon size={14} />} onClick={() => void refetch()}>
              {t("onboarding.invites.retry")}
            </Button>
          </Alert>
        ) : (
          <>
            <CopyField value={link.trim()} label={t("onboarding.invites.link_label")} />
            <div className="mt-3 flex items-center justify-between gap-3">
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("onboarding.invites.hint")}</p>
              <Button variant="ghost" size="sm" icon={<RefreshIcon size={14} />} onClick={() => void refetch()}>
                {t("onboarding.invites.regenerate")}
              </Button>
            </div>
          </>
        )}
      </div>
      <div className="mt-8 flex justify-end">
        <Button onClick={next}>
          {t("onboarding.next")}
          <ArrowRightIcon size={16} />
        </Button>
      </div>
    </div>
  );
}
