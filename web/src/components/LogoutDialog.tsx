import { useTranslation } from "react-i18next";
import { LogoutIcon } from "./Icons";
import ConfirmDialog from "./ui/ConfirmDialog";
import type useLogout from "../hooks/useLogout";
import { ModalIcon } from "./ui/Modal";

/** The logout confirmation. */
export default function LogoutDialog({ logout }: { logout: ReturnType<typeof useLogout> }) {
  const { t } = useTranslation();
  if (!logout.asking) return null;
  return (
    <ConfirmDialog
      title={t("logout.title")}
      description={t("logout.desc")}
      confirmText={t("logout.action")}
      icon={<ModalIcon tone="danger"><LogoutIcon size={18} /></ModalIcon>}
      danger
      busy={logout.busy}
      onCancel={logout.cancel}
      onConfirm={() => void logout.confirm()}
    />
  );
}
