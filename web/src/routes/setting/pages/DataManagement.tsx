/**
 * `/setting/data_management` (admins): clearing every message or every uploaded file, each
 * showing what it removes (`GET /admin/system/data_summary`) and behind the server's name typed
 * out; then the audit log. Open clients empty their conversations through the stream's
 * `message_cleared`; the counts are read again after each clearing.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { useClearAllMessagesMutation, useDeleteAllFilesMutation, useGetDataSummaryQuery } from "../../../app/services/adminData";
import { refusalText } from "../../../app/services/refusal";
import { ChatIcon, FileIcon, TrashIcon } from "../../../components/Icons";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import { formatFileSize } from "../../../utils/fileSize";
import AuditLog from "../AuditLog";
import ClearDataDialog from "./clearing/ClearDataDialog";
import { Section } from "./parts";

type Clearing = "messages" | "files";

/** One clearing action in the card: what is stored now, and its button. */
function ClearRow({ icon, title, count, action, disabled, onClick, testId }: { icon: ReactNode; title: string; count: string; action: string; disabled: boolean; onClick: () => void; testId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4" data-testid={testId}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">{icon}</span>
      <div className="min-w-40 flex-1">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid={`${testId}-count`}>
          {count}
        </p>
      </div>
      <Button variant="danger" size="sm" icon={<TrashIcon size={15} />} disabled={disabled} onClick={onClick} data-testid={`${testId}-open`}>
        {action}
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
  const messages = summary?.messages ?? 0;
  const files = summary?.files ?? 0;
  const countText = (what: Clearing) =>
    !known
      ? isLoading
        ? "…"
        : t("data_clear.load_failed")
      : what === "messages"
        ? t("data_clear.messages_count", { count: messages })
        : t("data_clear.files_count", { count: files, size: formatFileSize(summary.file_bytes) });

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
        <ClearRow
          icon={<ChatIcon size={17} />}
          title={t("data_clear.messages")}
          count={countText("messages")}
          action={t("data_clear.clear_messages")}
          disabled={!known || messages === 0}
          onClick={() => start("messages")}
          testId="clear-messages"
        />
        <ClearRow
          icon={<FileIcon size={17} />}
          title={t("data_clear.files")}
          count={countText("files")}
          action={t("data_clear.delete_files")}
          disabled={!known || files === 0}
          onClick={() => start("files")}
          testId="clear-files"
        />
      </Section>
      {done && (
        <div className="-mt-4" data-testid="data-clear-done">
          <Alert tone="success">{t(done === "messages" ? "data_clear.messages_cleared" : "data_clear.files_deleted")}</Alert>
        </div>
      )}
      {open === "messages" && (
        <ClearDataDialog
          title={t("data_clear.messages_title")}
          summary={t("data_clear.messages_will", { count: messages })}
          warning={t("data_clear.messages_warning")}
          action={t("data_clear.clear_messages")}
          confirmWord={serverName}
          onConfirm={() => run("messages")}
          onClose={() => setOpen(null)}
          testId="clear-messages-dialog"
        />
      )}
      {open === "files" && (
        <ClearDataDialog
          title={t("data_clear.files_title")}
          summary={t("data_clear.files_will", { count: files, size: formatFileSize(summary?.file_bytes ?? 0) })}
          warning={t("data_clear.files_warning")}
          action={t("data_clear.delete_files")}
          confirmWord={serverName}
          onConfirm={() => run("files")}
          onClose={() => setOpen(null)}
          testId="clear-files-dialog"
        />
      )}
      <AuditLog />
    </div>
  );
}
