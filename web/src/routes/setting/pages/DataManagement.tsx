/**
 * `/setting/data_management` (admins): clearing every message or every uploaded file, each
 * showing what it removes (`GET /admin/system/data_summary`) and behind the server's name typed
 * out; then the audit log. Open clients empty their conversations through the stream's
 * `message_cleared`; the counts are read again after each clearing.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { useClearAllMessagesMutation, useDeleteAllFilesMutation, useGetDataSummaryQuery } from "../../../app/services/adminData";
import { refusalText } from "../../../app/services/refusal";
import { ChatIcon, FileIcon, TrashIcon } from "../../../components/Icons";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import { formatFileSize } from "../../../utils/fileSize";
import AuditLog from "../AuditLog";
import { Section } from "./parts";
import TypedConfirmDialog from "./TypedConfirmDialog";

type Clearing = "messages" | "files";

/** Each clearing's icon and words (setting.json `data_clear`). */
const CLEARINGS = {
  messages: { Icon: ChatIcon, title: "data_clear.messages", action: "data_clear.clear_messages", confirmTitle: "data_clear.messages_title", warning: "data_clear.messages_warning", done: "data_clear.messages_cleared" },
  files: { Icon: FileIcon, title: "data_clear.files", action: "data_clear.delete_files", confirmTitle: "data_clear.files_title", warning: "data_clear.files_warning", done: "data_clear.files_deleted" },
} as const;

/** One clearing action in the card: what is stored now, and its button. */
function ClearRow({ what, count, disabled, onClick }: { what: Clearing; count: string; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation("setting");
  const { Icon, title, action } = CLEARINGS[what];
  const testId = `clear-${what}`;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4" data-testid={testId}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <Icon size={17} />
      </span>
      <div className="min-w-40 flex-1">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(title)}</p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid={`${testId}-count`}>
          {count}
        </p>
      </div>
      <Button variant="danger" size="sm" icon={<TrashIcon size={15} />} disabled={disabled} onClick={onClick} data-testid={`${testId}-open`}>
        {t(action)}
      </Button>
    </div>
  );
}

export default function DataManagement() {
  const { t } = useTranslation("setting");
  const serverName = useAppSelector((s) => s.server.name.trim()) || "Parley";
  const { data: summary, isLoading, isError, refetch } = useGetDataSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const [clearMessages] = useClearAllMessagesMutation();
  const [deleteFiles] = useDeleteAllFilesMutation();
  const [open, setOpen] = useState<Clearing | null>(null);
  const [done, setDone] = useState<Clearing | null>(null);

  const known = !!summary && !isError;
  const stored = { messages: summary?.messages ?? 0, files: summary?.files ?? 0 };
  const size = formatFileSize(summary?.file_bytes ?? 0);
  const countText = (what: Clearing) =>
    !known
      ? isLoading
        ? "…"
        : t("data_clear.load_failed")
      : what === "messages"
        ? t("data_clear.messages_count", { count: stored.messages })
        : t("data_clear.files_count", { count: stored.files, size });
  const willText = (what: Clearing) => (what === "messages" ? t("data_clear.messages_will", { count: stored.messages }) : t("data_clear.files_will", { count: stored.files, size }));

  const run = async (what: Clearing): Promise<string | null> => {
    const res = what === "messages" ? await clearMessages() : await deleteFiles();
    if ("error" in res) return refusalText(res.error) ?? t("overview_edit.failed_unknown");
    setOpen(null);
    setDone(what);
    void refetch();
    return null;
  };
  const start = (what: Clearing) => {
    setDone(null);
    setOpen(what);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-8 p-6">
      <Section title={t("data_clear.title")} description={t("data_clear.desc")} testId="data-clear">
        {(["messages", "files"] as const).map((what) => (
          <ClearRow key={what} what={what} count={countText(what)} disabled={!known || stored[what] === 0} onClick={() => start(what)} />
        ))}
      </Section>
      {done && (
        <div className="-mt-4" data-testid="data-clear-done">
          <Alert tone="success">{t(CLEARINGS[done].done)}</Alert>
        </div>
      )}
      {open && (
        <TypedConfirmDialog
          key={open}
          title={t(CLEARINGS[open].confirmTitle)}
          warning={t(CLEARINGS[open].warning)}
          summary={willText(open)}
          label={t("data_clear.type_name", { name: serverName })}
          confirmWord={serverName}
          action={t(CLEARINGS[open].action)}
          errorTitle={t("data_clear.failed")}
          onConfirm={() => run(open)}
          onClose={() => setOpen(null)}
          testId={`clear-${open}-dialog`}
        />
      )}
      <AuditLog />
    </div>
  );
}
