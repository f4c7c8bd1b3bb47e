/**
 * `/send_magic_link/{email}`: `POST /api/user/send_login_magic_link?email=`, then "check
 * your inbox" (the link is valid for 15 minutes), with resend and another address.
 */
import "../../styles/app.css";
import "../../app/services";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { MAGIC_LINK_TTL_S } from "@parley/protocol";
import { useSendLoginMagicLinkMutation } from "../../app/services/auth";
import { serverText } from "../../app/services/errors";
import AuthHeader, { AuthSpinner } from "../../components/auth/AuthHeader";
import AuthShell from "../../components/AuthShell";
import { AlertIcon, MailIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import { useRunOnce } from "../../hooks/useRunOnce";
import { toast } from "../../utils/toast";

export default function SendMagicLink() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const email = decodeURIComponent(useParams().email ?? "");
  const [send, { isLoading }] = useSendLoginMagicLinkMutation();
  const [state, setState] = useState<"sending" | "sent" | "failed">("sending");
  const [reason, setReason] = useState<string>();

  const run = useCallback(async () => {
    setState("sending");
    const res = await send(email);
    if ("data" in res) {
      setState("sent");
      toast.success(t("send_magic_link.sent_toast"));
      return;
    }
    const status = (res.error as { status?: unknown }).status;
    const data = (res.error as { data?: unknown }).data;
    setReason(status === 406 || status === 403 ? t("email_login.unavailable") : (serverText(data) ?? t("send_magic_link.failed_desc")));
    setState("failed");
  }, [email, send, t]);

  useRunOnce(!!email, () => void run());

  if (state === "sending") {
    return (
      <AuthShell>
        <AuthHeader title={t("send_magic_link.sending")} desc={email} />
        <AuthSpinner />
      </AuthShell>
    );
  }
  if (state === "failed") {
    return (
      <AuthShell>
        <AuthHeader tone="danger" icon={<AlertIcon size={26} />} title={t("send_magic_link.failed_title")} desc={reason} />
        <div className="mt-8 flex flex-col gap-2">
          <Button onClick={() => void run()} loading={isLoading}>
            {t("send_magic_link.retry")}
          </Button>
          <Button variant="ghost" onClick={() => navigate("/login")}>
            {t("magic_link.back_to_login")}
          </Button>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <AuthHeader
        tone="success"
        icon={<MailIcon size={26} />}
        title={t("send_magic_link.sent_title")}
        desc={t("send_magic_link.sent_desc", { email, minutes: MAGIC_LINK_TTL_S / 60 })}
      />
      <div className="mt-8 flex flex-col gap-2">
        <Button variant="secondary" onClick={() => void run()} loading={isLoading}>
          {t("send_magic_link.resend")}
        </Button>
        <Button variant="ghost" onClick={() => navigate("/email_login", { state: { email } })}>
          {t("send_magic_link.other_email")}
        </Button>
      </div>
    </AuthShell>
  );
}
