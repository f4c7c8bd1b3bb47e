/**
 * The confirmation of an action that cannot be undone (deleting one's account, clearing the
 * server's data): a word typed out (the account's or the server's name) before the button is
 * enabled. A refusal is shown in the server's words and the dialog stays open with what was typed.
 */
import { useState, type ReactNode } from "react";
import { TrashIcon } from "../../../components/Icons";
import FormModal from "../../../components/ui/FormModal";
import Input from "../../../components/ui/Input";
import { ModalIcon } from "../../../components/ui/Modal";

export interface TypedConfirmDialogProps {
  title: string;
  /** What happens, under the title. */
  warning: string;
  /** What will be deleted, in a red box above the field. */
  summary?: ReactNode;
  /** The field's label, naming the word to type. */
  label: string;
  confirmWord: string;
  action: string;
  /** The title of a refusal (none: the refusal alone). */
  errorTitle?: string;
  /** Runs the action; answers the refusal's text, or null when done. */
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
  /** `<testId>-form`, `<testId>-save` (the action), `<testId>-summary`, `<testId>-name` (the field). */
  testId: string;
}

export default function TypedConfirmDialog({ title, warning, summary, label, confirmWord, action, errorTitle, onConfirm, onClose, testId }: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === confirmWord;

  const submit = async () => {
    if (!matches || busy) return;
    setBusy(true);
    const refusal = await onConfirm();
    setBusy(false);
    if (refusal !== null) setError(refusal);
  };

  return (
    <FormModal
      title={title}
      description={warning}
      width="max-w-md"
      icon={
        <ModalIcon tone="danger">
          <TrashIcon size={18} />
        </ModalIcon>
      }
      error={error}
      errorTitle={errorTitle}
      submitLabel={action}
      submitVariant="danger"
      submitting={busy}
      submitDisabled={!matches}
      testId={testId}
      onSubmit={submit}
      onClose={onClose}
    >
      {summary && (
        <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200" data-testid={`${testId}-summary`}>
          {summary}
        </div>
      )}
      <Input label={label} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} data-autofocus data-testid={`${testId}-name`} />
    </FormModal>
  );
}
