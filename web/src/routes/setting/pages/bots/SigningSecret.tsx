/**
 * A bot's webhook signing secret: hidden until asked for (read from the server only then), Copy,
 * and Rotate after a confirmation; one line on how a receiver checks a delivery's signature.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useGetWebhookSecretQuery, useRotateWebhookSecretMutation } from "../../../../app/services/bots";
import { refusalText } from "../../../../app/services/refusal";
import { RefreshIcon, EyeIcon, EyeOffIcon } from "../../../../components/Icons";
import Button from "../../../../components/ui/Button";
import ConfirmDialog from "../../../../components/ui/ConfirmDialog";
import CopyField from "../../../../components/ui/CopyField";
import Input from "../../../../components/ui/Input";
import { ModalIcon } from "../../../../components/ui/Modal";
import { toast } from "../../../../utils/toast";

export default function SigningSecret({ uid }: { uid: number }) {
  const { t } = useTranslation("setting");
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secret = useGetWebhookSecretQuery(uid, { skip: !shown });
  const [rotate, rotation] = useRotateWebhookSecretMutation();

  const confirmRotate = async () => {
    const res = await rotate(uid);
    setConfirming(false);
    if ("error" in res) return toast.error(refusalText(res.error) ?? t("bots_page.failed"));
    toast.success(t("bots_page.secret.rotated"));
    setShown(true);
  };

  return (
    <div className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" data-testid="bot-secret">
      {shown && secret.data ? (
        <CopyField label={t("bots_page.secret.label")} value={secret.data.secret} />
      ) : (
        // A stand-in for the secret, masked like one: the real one is read only when asked for.
        <Input label={t("bots_page.secret.label")} type="password" readOnly value={"x".repeat(24)} title={t("bots_page.secret.hidden")} />
      )}
      {secret.isError && <p className="text-sm text-red-600 dark:text-red-400">{refusalText(secret.error) ?? t("bots_page.load_failed")}</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" icon={shown ? <EyeOffIcon size={15} /> : <EyeIcon size={15} />} loading={secret.isFetching} onClick={() => setShown(!shown)} data-testid="bot-secret-toggle">
          {shown ? t("bots_page.secret.hide") : t("bots_page.secret.show")}
        </Button>
        <Button variant="secondary" size="sm" icon={<RefreshIcon size={15} />} onClick={() => setConfirming(true)} data-testid="bot-secret-rotate">
          {t("bots_page.secret.rotate")}
        </Button>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("bots_page.secret.how")}</p>
      {confirming && (
        <ConfirmDialog
          danger
          icon={
            <ModalIcon tone="warning">
              <RefreshIcon size={18} />
            </ModalIcon>
          }
          title={t("bots_page.secret.rotate_title")}
          description={t("bots_page.secret.rotate_desc")}
          confirmText={t("bots_page.secret.rotate")}
          busy={rotation.isLoading}
          onConfirm={() => void confirmRotate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
