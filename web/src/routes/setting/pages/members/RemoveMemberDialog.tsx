/** "Remove" of a member's menu, behind a confirmation; `DELETE /admin/user/{uid}`. */
import { useTranslation } from "react-i18next";
import { useDeleteAdminUserMutation } from "../../../../app/services/adminUsers";
import type { StoredUser } from "../../../../app/slices/users";
import { TrashIcon } from "../../../../components/Icons";
import ConfirmDialog from "../../../../components/ui/ConfirmDialog";
import { ModalIcon } from "../../../../components/ui/Modal";
import { toast } from "../../../../utils/toast";
import { accountRefusalText } from "../parts";

export default function RemoveMemberDialog({ user, onClose }: { user: StoredUser; onClose: () => void }) {
  const { t } = useTranslation("setting");
  const [remove, { isLoading }] = useDeleteAdminUserMutation();
  const confirm = async () => {
    const res = await remove(user.uid);
    if ("error" in res) toast.error(accountRefusalText(res.error, t));
    else toast.success(t("members_admin.removed", { name: user.name }));
    onClose();
  };
  return (
    <ConfirmDialog
      danger
      title={t("members_admin.remove_title", { name: user.name })}
      description={t("members_admin.remove_desc")}
      confirmText={t("members_admin.action.remove")}
      busy={isLoading}
      icon={
        <ModalIcon tone="danger">
          <TrashIcon size={18} />
        </ModalIcon>
      }
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
