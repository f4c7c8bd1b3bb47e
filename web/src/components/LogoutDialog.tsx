import { useTranslation } from "react-i18next";
import { LogoutIcon } from "./Icons";
import ConfirmDialog from "./ui/ConfirmDialog";
import type useLogout from "../hooks/useLogout";

/** The logout confirmation. */
export default function LogoutDialog({ logout }: { logout: ReturnType<typeof useLogout> }) {
  const { t } = useTranslation();
  if (!logout.asking) return null;
  return (
    <ConfirmDialog
      title={t("logout.title")}
      description={t("logout.desc")}
      confirmText={t("logout.action")}
      icon={
        <span className="flex size-10 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400">
          <LogoutIcon size={18} />
        </span>
      }
      danger
      busy={logout.busy}
      onCancel={logout.cancel}
      onConfirm={() => void logout.confirm()}
    />
  );
}
