/**
 * A dialog that is one form: its fields, the error above them, and Cancel and the submit button
 * in the footer (the button submits the form through its id, so Enter in a field does too).
 */
import { useId, type FormEvent, type ReactNode } from "react";
import Alert from "./Alert";
import Button from "./Button";
import Modal from "./Modal";

interface Props {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  width?: string;
  /** The refusal or check that failed, shown above the fields (under `errorTitle`, if any). */
  error?: string | null;
  errorTitle?: ReactNode;
  submitLabel: ReactNode;
  submitting: boolean;
  submitDisabled?: boolean;
  submitVariant?: "primary" | "danger";
  /** `data-testid` of the form (`<testId>`) and of its submit button (`<testId>-save`). */
  testId?: string;
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

export default function FormModal({ title, description, icon, width, error, errorTitle, submitLabel, submitting, submitDisabled, submitVariant = "primary", testId, onSubmit, onClose, children }: Props) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <Modal
      title={title}
      description={description}
      icon={icon}
      width={width}
      onClose={onClose}
      actions={
        <Button type="submit" form={formId} variant={submitVariant} loading={submitting} disabled={submitDisabled} data-testid={testId && `${testId}-save`}>
          {submitLabel}
        </Button>
      }
    >
      <form id={formId} className="space-y-4" onSubmit={submit} data-testid={testId && `${testId}-form`}>
        {error && (
          <Alert tone="error" title={errorTitle}>
            {error}
          </Alert>
        )}
        {children}
      </form>
    </Modal>
  );
}
