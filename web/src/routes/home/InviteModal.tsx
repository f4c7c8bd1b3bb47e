import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useCreateInviteLinkQuery } from "../../app/services/server";
import { RefreshIcon, Spinner, UserPlusIcon } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import CopyField from "../../components/ui/CopyField";
import Modal, { ModalIcon } from "../../components/ui/Modal";
import InviteLinkOptions, { DEFAULT_INVITE, type InviteLinkParams } from "../setting/channel/InviteLinkOptions";

/**
 * Invite people to the server: a shareable link from `GET /api/group/create_reg_magic_link`,
 * made for the chosen expiry and number of uses (a change of either makes a new link).
 */
export default function InviteModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("welcome");
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const [options, setOptions] = useState<InviteLinkParams>(DEFAULT_INVITE);
  const { data: link, isFetching, isError, refetch } = useCreateInviteLinkQuery(options);
  return (
    <Modal
      title={t("invite.title", { name })}
      description={t("invite.desc")}
      onClose={onClose}
      icon={<ModalIcon><UserPlusIcon size={18} /></ModalIcon>}
      footer={
        <Button variant="secondary" icon={<RefreshIcon size={15} />} disabled={isFetching} onClick={() => void refetch()}>
          {t("invite.regenerate")}
        </Button>
      }
    >
      <div className="space-y-4" data-testid="invite-modal">
        <InviteLinkOptions value={options} onChange={setOptions} />
        {isFetching ? (
          <div className="flex h-[62px] items-center justify-center">
            <Spinner size={22} className="text-primary-500" />
          </div>
        ) : isError || !link ? (
          <Alert tone="warning" title={t("onboarding.invites.error_title")}>
            {t("onboarding.invites.error_desc")}
          </Alert>
        ) : (
          <CopyField value={link.trim()} label={t("invite.link_label")} />
        )}
      </div>
    </Modal>
  );
}
