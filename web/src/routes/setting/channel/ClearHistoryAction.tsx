import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Group } from "@parley/protocol";
import { useClearChannelHistoryMutation } from "../../../app/services/channelAdmin";
import { AlertIcon, icon } from "../../../components/Icons";
import Button from "../../../components/ui/Button";
import ConfirmDialog from "../../../components/ui/ConfirmDialog";

export const EraserIcon = icon(<path d="m7 21-4.3-4.3a1 1 0 0 1 0-1.4l10-10a1 1 0 0 1 1.4 0l5.6 5.6a1 1 0 0 1 0 1.4L11 21z" />, <path d="M22 21H7M5 11l9 9" />);

/** "Clear history" and its confirmation: `DELETE /group/{gid}/clear` empties the conversation for everyone. */
export default function ClearHistoryAction({ channel }: { channel: Group }) {
  const { t } = useTranslation("setting");
  const [asking, setAsking] = useState(false);
  const [clear, { isLoading }] = useClearChannelHistoryMutation();
  const confirm = async () => {
    const res = await clear(channel.gid);
    if (!("error" in res)) setAsking(false);
  };
  return (
    <>
      <Button variant="secondary" size="sm" className="text-red-600! dark:text-red-400!" onClick={() => setAsking(true)} data-testid="clear-history-button">
        {t("channel_admin.clear")}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t("channel_admin.clear_title", { name: channel.name })}
          description={t("channel_admin.clear_confirm")}
          confirmText={t("channel_admin.clear")}
          danger
          busy={isLoading}
          icon={<AlertIcon size={20} />}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
