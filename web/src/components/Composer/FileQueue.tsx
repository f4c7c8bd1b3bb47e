import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { CloseIcon, FileIcon, RefreshIcon } from "../Icons";
import { formatFileSize } from "../../utils/fileSize";
import { retryFile } from "./sendFiles";
import { uploads, type UploadItem } from "./uploads";

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot > name.length - 7 ? name.slice(dot + 1).toUpperCase() : "";
}

function NameField({ item, editable, onRename }: { item: UploadItem; editable: boolean; onRename: (name: string) => void }) {
  const { t } = useTranslation("chat");
  const [editing, setEditing] = useState<string | null>(null);

  if (editing !== null) {
    const commit = () => {
      onRename(editing);
      setEditing(null);
    };
    const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === "Enter") {
        e.preventDefault();
        commit();
      } else if (e.key === "Escape") {
        // Esc here cancels the rename, not the reply or edit the composer is in.
        e.preventDefault();
        e.stopPropagation();
        setEditing(null);
      }
    };
    return (
      <input
        autoFocus
        value={editing}
        onChange={(e) => setEditing(e.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          // Select the base name, as file managers do, so typing keeps the extension.
          const dot = e.target.value.lastIndexOf(".");
          e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
        }}
        aria-label={t("composer.files.rename_label")}
        className="w-full min-w-0 rounded border border-primary-400 bg-white px-1 py-px text-[13px] font-medium text-zinc-900 outline-none focus:ring-2 focus:ring-primary-500/30 dark:border-primary-500 dark:bg-zinc-900 dark:text-zinc-100"
        data-testid="upload-rename"
      />
    );
  }
  if (!editable) {
    return (
      <span className="block truncate text-[13px] font-medium text-zinc-900 dark:text-zinc-100" title={item.name}>
        {item.name}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setEditing(item.name)}
      title={t("composer.files.rename")}
      aria-label={t("composer.files.rename_named", { name: item.name })}
      className="block max-w-full truncate rounded text-left text-[13px] font-medium text-zinc-900 hover:text-primary-700 hover:underline focus-visible:ring-2 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:text-zinc-100 dark:hover:text-primary-300"
      data-testid="upload-name"
    >
      {item.name}
    </button>
  );
}

function FileCard({ ctx, item, index }: { ctx: string; item: UploadItem; index: number }) {
  const { t } = useTranslation("chat");
  const busy = item.status === "uploading" || item.status === "sending" || item.status === "waiting";
  const percent = item.file.size ? Math.round((item.loaded / item.file.size) * 100) : item.status === "sending" ? 100 : 0;
  const ext = extensionOf(item.name);
  const status =
    item.status === "error"
      ? item.error
      : item.status === "waiting"
        ? t("composer.files.waiting")
        : item.status === "uploading"
          ? t("composer.files.uploading", { percent })
          : item.status === "sending"
            ? t("composer.files.sending")
            : null;

  return (
    <li
      className={clsx(
        "relative flex w-64 max-w-full items-center gap-2.5 overflow-hidden rounded-lg border bg-white py-2 pr-8 pl-2 dark:bg-zinc-800/70",
        item.status === "error" ? "border-red-300 dark:border-red-800" : "border-zinc-200 dark:border-zinc-700",
      )}
      data-testid="upload-item"
      data-status={item.status}
    >
      <span className="relative flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-zinc-100 text-zinc-500 dark:bg-zinc-700 dark:text-zinc-300">
        {item.previewUrl ? (
          <img src={item.previewUrl} alt="" className="size-full object-cover" data-testid="upload-thumb" />
        ) : (
          <>
            <FileIcon size={20} />
            {ext && (
              <span className="absolute bottom-0.5 rounded-sm bg-primary-600 px-0.5 text-[8px] leading-3 font-bold text-white dark:bg-primary-500">{ext}</span>
            )}
          </>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <NameField item={item} editable={item.status === "draft" || item.status === "error"} onRename={(name) => uploads.updateNameAt(ctx, index, name)} />
        <span className="flex min-w-0 items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="shrink-0 tabular-nums">{formatFileSize(item.file.size)}</span>
          {status && (
            <>
              <span aria-hidden="true">·</span>
              <span
                className={clsx("truncate", item.status === "error" && "font-medium text-red-600 dark:text-red-400")}
                title={item.status === "error" ? status : undefined}
                data-testid="upload-status"
                role={item.status === "error" ? "alert" : undefined}
              >
                {status}
              </span>
            </>
          )}
        </span>
        {/* Its own line: the reason keeps the card's width, the action stays obvious. */}
        {item.status === "error" && item.retryable && (
          <button
            type="button"
            onClick={() => retryFile(ctx, item.id)}
            aria-label={t("composer.files.retry_named", { name: item.name })}
            className="-ml-1 mt-0.5 inline-flex items-center gap-1 rounded px-1 text-xs font-semibold text-primary-700 hover:bg-primary-50 hover:text-primary-800 focus-visible:ring-2 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:text-primary-300 dark:hover:bg-primary-950 dark:hover:text-primary-200"
            data-testid="upload-retry"
          >
            <RefreshIcon size={12} />
            {t("composer.files.retry")}
          </button>
        )}
      </span>
      <button
        type="button"
        onClick={() => uploads.removeAt(ctx, index)}
        aria-label={t("composer.files.remove", { name: item.name })}
        title={busy ? t("composer.files.cancel") : t("composer.files.remove_short")}
        className="absolute top-1.5 right-1.5 inline-flex size-6 items-center justify-center rounded-md text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 focus-visible:ring-2 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
      >
        <CloseIcon size={14} />
      </button>
      {busy && (
        <span
          role="progressbar"
          aria-label={t("composer.files.progress", { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="absolute inset-x-0 bottom-0 h-1 bg-zinc-100 dark:bg-zinc-700"
          data-testid="upload-progress"
        >
          <span className="block h-full bg-primary-500 transition-[width] duration-200 ease-out" style={{ width: `${percent}%` }} />
        </span>
      )}
    </li>
  );
}

/** The files queued in the composer: thumbnail, name (click to rename), size, progress, remove. */
export default function FileQueue({ ctx, items }: { ctx: string; items: UploadItem[] }) {
  const { t } = useTranslation("chat");
  if (!items.length) return null;
  return (
    <ul aria-label={t("composer.files.list")} className="flex flex-wrap gap-2 pb-2" data-testid="upload-list">
      {items.map((item, i) => (
        <FileCard key={item.id} ctx={ctx} item={item} index={i} />
      ))}
    </ul>
  );
}
