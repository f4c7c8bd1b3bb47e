import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../../app/hooks";
import { useLogoutMutation } from "../../app/services/auth";
import { updateRoleChanged } from "../../app/slices/auth.data";
import { ShieldIcon } from "../../components/Icons";
import ConfirmDialog from "../../components/ui/ConfirmDialog";
import { ModalIcon } from "../../components/ui/Modal";

/**
 * The role-change prompt (docs/ARCHITECTURE.md "Client rules"): 'Detected your role has changed,
 * would you re-login to take effect?' / 'Maybe later'.
 */
export default function RoleChangedPrompt() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [logout, { isLoading }] = useLogoutMutation();
  return (
    <ConfirmDialog
      title={t("role_changed.title")}
      description={t("tip.role_changed")}
      icon={<ModalIcon><ShieldIcon size={18} /></ModalIcon>}
      confirmText={t("action.relogin")}
      cancelText={t("action.maybe_later")}
      busy={isLoading}
      onConfirm={() => void logout()}
      onCancel={() => dispatch(updateRoleChanged(false))}
    />
  );
}
