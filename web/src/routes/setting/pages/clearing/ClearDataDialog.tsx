/**
 * The confirmation before a clearing action of Data Management: what will be deleted, and the
 * server's name typed out before the button is enabled. A refusal is shown in the server's
 * words and the dialog stays open with what was typed.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TrashIcon } from "../../../../components/Icons";
import Alert from "../../../../components/ui/Alert";
import Button from "../../../../components/ui/Button";
import Input from "../../../../components/ui/Input";
import Modal, { ModalIcon } from "../../../../components/ui/Modal";

export interface ClearDataDialogProps {
  title: string;
  /** What will be deleted, with the counts. */
  summary: ReactNode;
  /** What happens to the rest (the messages of deleted files, the open conversations). */
  warning: string;
  action: string;
  /** The word to type: the server's name. */
  confirmWord: string;
  /** Runs the clearing; answers the refusal's text, or null when done. */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
  testId: string;
}

export default function ClearDataDialog({ title, summary, warning, action, confirmWord, onConfirm, onClose, testId }: ClearDataDialogProps) {
  const { t } = useTranslation("setting");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === confirmWord;
  const formId = `${testId}-form`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    const refusal = await onConfirm();
    setBusy(false);
    if (refusal !== null) setError(refusal);
  };

  return (
    <Modal
      title={title}
      description={warning}
      width="max-w-md"
      onClose={onClose}
      icon={
        <ModalIcon tone="danger">
          <TrashIcon size={18} />
        </ModalIcon>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("action.cancel", { ns: "common" })}
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={!matches} loading={busy} data-testid={`${testId}-confirm`}>
            {action}
          </Button>
        </>
      }
    >
      <form id={formId} className="space-y-4" onSubmit={(e) => void submit(e)} data-testid={testId}>
        <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200" data-testid={`${testId}-summary`}>
          {summary}
        </div>
        {error && (
          <Alert tone="error" title={t("data_clear.failed")}>
            {error}
          </Alert>
        )}
        <Input
          label={t("data_clear.type_name", { name: confirmWord })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          data-testid={`${testId}-name`}
        />
      </form>
    </Modal>
  );
}
