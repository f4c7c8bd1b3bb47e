import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { INVITE_EXPIRY_OPTIONS_S, INVITE_MAX_TIMES_OPTIONS } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import { useLazyCreatePrivateInviteLinkQuery } from "../../../app/services/channel";
import { useSendInviteEmailMutation } from "../../../app/services/conversation";
import { toast } from "../../../utils/toast";
import { durationLabel } from "../../../components/aside/duration";
import Select from "../../../components/aside/Select";
import { MailIcon, RefreshIcon, Spinner } from "../../../components/Icons";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import CopyField from "../../../components/ui/CopyField";
import Input from "../../../components/ui/Input";

const NO_LIMIT = 10_000_000;

/**
 * Invite to a private channel (a link to share, with edit and regenerate): a link from
 * `GET /group/create_invite_private_magic_link` with the client's expiry and use options, and an
 * e-mail invitation when SMTP is on.
 */
export default function InviteCard({ gid }: { gid: number }) {
  const { t } = useTranslation("setting");
  const tc = useTranslation("chat").t;
  const smtp = useAppSelector((s) => s.server.smtpEnabled);
  const [expiry, setExpiry] = useState<number>(604_800);
  const [uses, setUses] = useState<number>(NO_LIMIT);
  const [create, { data: link, isFetching, isError }] = useLazyCreatePrivateInviteLinkQuery();
  const [email, setEmail] = useState("");
  const [sendInvite, { isLoading: sending }] = useSendInviteEmailMutation();
  const expiryId = useId();
  const usesId = useId();

  useEffect(() => {
    void create({ gid, expired_in: expiry, max_times: uses });
  }, [create, gid, expiry, uses]);

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
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={expiryId} className="label">
              {t("invite.expire")}
            </label>
            <Select block id={expiryId} value={expiry} onChange={(e) => setExpiry(Number(e.target.value))} data-testid="invite-expiry">
              {INVITE_EXPIRY_OPTIONS_S.map((s) => (
                <option key={s} value={s}>
                  {durationLabel(s, tc)}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor={usesId} className="label">
              {t("invite.max_uses")}
            </label>
            <Select block id={usesId} value={uses} onChange={(e) => setUses(Number(e.target.value))} data-testid="invite-uses">
              {INVITE_MAX_TIMES_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n === NO_LIMIT ? t("invite.no_limit") : t("invite.uses", { count: n })}
                </option>
              ))}
            </Select>
          </div>
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
          <Button variant="secondary" size="sm" icon={<RefreshIcon size={14} />} disabled={isFetching} onClick={() => void create({ gid, expired_in: expiry, max_times: uses })}>
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
