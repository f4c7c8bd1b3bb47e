import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import Button from "./Button";
import Modal from "./Modal";

interface Props {
  title: ReactNode;
  description?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  danger?: boolean;
  busy?: boolean;
  icon?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question (logout confirmation, role-change prompt). */
export default function ConfirmDialog({ title, description, confirmText, cancelText, danger, busy, icon, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      description={description}
      onClose={onCancel}
      width="max-w-md"
      icon={icon}
      cancelText={cancelText}
      actions={
        <Button data-autofocus variant={danger ? "danger" : "primary"} onClick={onConfirm} loading={busy}>
          {confirmText ?? t("action.confirm")}
        </Button>
      }
    />
  );
}
