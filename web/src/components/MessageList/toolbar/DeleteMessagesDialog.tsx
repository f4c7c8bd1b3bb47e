import { useTranslation } from "react-i18next";
import { TrashIcon } from "../../Icons";
import ConfirmDialog from "../../ui/ConfirmDialog";

interface Props {
  /** Messages ticked in multi-select mode; none: the one message of a row's toolbar. */
  count?: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete for everyone?": one message from its toolbar, or the ticked ones from the selection bar. */
export default function DeleteMessagesDialog({ count, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation("chat");
  return (
    <ConfirmDialog
      title={count === undefined ? t("delete.title") : t("selection.delete_title", { count })}
      description={count === undefined ? t("delete.desc") : t("selection.delete_desc", { count })}
      confirmText={t("delete.confirm")}
      danger
      busy={busy}
      icon={<TrashIcon size={20} />}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
