import { useTranslation } from "react-i18next";
import type { Group } from "@parley/protocol";
import { useSetSendRestrictionMutation } from "../../../app/services/channelAdmin";
import Toggle from "../../../components/ui/Toggle";

/** "Only the owner and admins can send" (`only_owner_can_send_msg`); shown to everyone, switched by those who manage the channel. */
export default function SendRestrictionToggle({ channel, editable }: { channel: Group; editable: boolean }) {
  const { t } = useTranslation("setting");
  const [update, { isLoading }] = useSetSendRestrictionMutation();
  return (
    <div className="px-5 py-4" data-testid="send-restriction">
      <Toggle
        checked={!!channel.only_owner_can_send_msg}
        onChange={(on) => void update({ gid: channel.gid, only_owner_can_send_msg: on })}
        disabled={!editable || isLoading}
        label={channel.is_public ? t("channel_admin.only_admins") : t("channel_admin.only_owner")}
        description={channel.is_public ? t("channel_admin.only_admins_desc") : t("channel_admin.only_owner_desc")}
      />
    </div>
  );
}
