import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import Modal from "./Modal";
import { Spinner } from "./Icons";

interface Props {
  title: ReactNode;
  description?: ReactNode;
  confirmText?: ReactNode;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialog({ title, description, confirmText, danger, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      description={description}
      onClose={onCancel}
      width="max-w-md"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t("action.cancel")}
          </button>
          <button
            type="button"
            data-autofocus
            className={danger ? "btn-danger" : "btn-primary"}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && <Spinner />}
            {confirmText ?? t("action.confirm")}
          </button>
        </>
      }
    >
      {null}
    </Modal>
  );
}
