import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useCreateInviteLinkQuery } from "../../app/services/server";
import { RefreshIcon, Spinner, UserPlusIcon } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import CopyField from "../../components/ui/CopyField";
import Modal, { ModalIcon } from "../../components/ui/Modal";

/** Invite people to the server: a shareable link from `GET /api/group/create_reg_magic_link`. */
export default function InviteModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("welcome");
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const { data: link, isFetching, isError, refetch } = useCreateInviteLinkQuery();
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
      {isFetching ? (
        <div className="flex h-20 items-center justify-center">
          <Spinner size={22} className="text-primary-500" />
        </div>
      ) : isError || !link ? (
        <Alert tone="warning" title={t("onboarding.invites.error_title")}>
          {t("onboarding.invites.error_desc")}
        </Alert>
      ) : (
        <CopyField value={link.trim()} label={t("invite.link_label")} />
      )}
    </Modal>
  );
}
