/** The rows of a channel's settings that pair what something is with what can be done to it. */
import { useState, type ReactNode } from "react";
import Button from "../../../components/ui/Button";
import ConfirmDialog from "../../../components/ui/ConfirmDialog";

/** A row: its icon, title and line of description, and the action on the right. */
export function ActionRow({ icon, title, description, action, danger }: { icon: ReactNode; title: string; description: string; action: ReactNode; danger?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4">
      <span className={danger ? "text-red-500 dark:text-red-400" : "text-zinc-400"}>{icon}</span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{description}</p>
      </div>
      {action}
    </div>
  );
}

/**
 * A row of the danger zone (leave, clear the history, delete): its button, named as the row,
 * asks `question` first; confirmed, `onConfirm` runs, and the dialog closes when it answers that
 * it was done (a refusal keeps it open: the failed call's toast says why). `onClick` replaces the
 * question (the owner leaving hands the channel over first).
 */
export function DangerActionRow({
  icon,
  title,
  description,
  question,
  onConfirm,
  onClick,
  strong,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  question: { title: string; description: string; icon: ReactNode };
  onConfirm: () => Promise<boolean>;
  onClick?: () => void;
  /** A filled red button (deleting), rather than a red-lettered one. */
  strong?: boolean;
  testId: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) setAsking(false);
  };
  return (
    <ActionRow
      danger
      icon={icon}
      title={title}
      description={description}
      action={
        <>
          <Button
            variant={strong ? "danger" : "secondary"}
            size="sm"
            className={strong ? undefined : "text-red-600! dark:text-red-400!"}
            onClick={onClick ?? (() => setAsking(true))}
            data-testid={testId}
          >
            {title}
          </Button>
          {asking && <ConfirmDialog title={question.title} description={question.description} confirmText={title} danger busy={busy} icon={question.icon} onConfirm={() => void confirm()} onCancel={() => setAsking(false)} />}
        </>
      }
    />
  );
}
