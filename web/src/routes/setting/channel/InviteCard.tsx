import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { useLazyCreatePrivateInviteLinkQuery } from "../../../app/services/channel";
import { useSendInviteEmailMutation } from "../../../app/services/conversation";
import { toast } from "../../../utils/toast";
import { MailIcon, RefreshIcon, Spinner } from "../../../components/Icons";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import CopyField from "../../../components/ui/CopyField";
import Input from "../../../components/ui/Input";
import InviteLinkOptions, { DEFAULT_INVITE, type InviteLinkParams } from "./InviteLinkOptions";

/**
 * Invite to a private channel (a link to share, with edit and regenerate): a link from
 * `GET /group/create_invite_private_magic_link` with the client's expiry and use options, and an
 * e-mail invitation when SMTP is on.
 */
export default function InviteCard({ gid }: { gid: number }) {
  const { t } = useTranslation("setting");
  const smtp = useAppSelector((s) => s.server.smtpEnabled);
  const [options, setOptions] = useState<InviteLinkParams>(DEFAULT_INVITE);
  const [create, { data: link, isFetching, isError }] = useLazyCreatePrivateInviteLinkQuery();
  const [email, setEmail] = useState("");
  const [sendInvite, { isLoading: sending }] = useSendInviteEmailMutation();

  useEffect(() => {
    void create({ gid, ...options });
  }, [create, gid, options]);

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    const to = email.trim();
    if (!to) return;
    const res = await sendInvite(to);
    if (!("error" in res)) {
      toast.success(t("invite.sent", { email: to }));
      setEmail("");
    }
  };

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" aria-label={t("invite.link_title")}>
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t("invite.link_title")}</h3>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t("invite.link_desc")}</p>
        <div className="mt-4">
          <InviteLinkOptions value={options} onChange={setOptions} />
        </div>
        <div className="mt-4">
          {isFetching ? (
            <div className="flex h-[62px] items-center justify-center">
              <Spinner size={20} className="text-primary-500" />
            </div>
          ) : isError || !link ? (
            <Alert tone="warning">{t("invite.error")}</Alert>
          ) : (
            <CopyField value={link.trim()} label={t("invite.link_label")} />
          )}
        </div>
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" size="sm" icon={<RefreshIcon size={14} />} disabled={isFetching} onClick={() => void create({ gid, ...options })}>
            {t("invite.regenerate")}
          </Button>
        </div>
      </section>

      <section className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" aria-label={t("invite.email_title")}>
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t("invite.email_title")}</h3>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t("invite.email_desc")}</p>
        {smtp ? (
          <form onSubmit={(e) => void invite(e)} className="mt-4 flex gap-2">
            <Input type="email" required aria-label={t("invite.email_label")} placeholder="name@example.com" leading={<MailIcon size={16} />} value={email} onChange={(e) => setEmail(e.target.value)} className="flex-1" />
            <Button type="submit" loading={sending} disabled={!email.trim()}>
              {t("invite.send")}
            </Button>
          </form>
        ) : (
          <Alert tone="info" className="mt-4">
            {t("invite.smtp_off")}
          </Alert>
        )}
      </section>
    </div>
  );
}
