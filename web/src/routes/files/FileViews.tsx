/** The files as a grid of cards or as a list of rows, each with download and open-in-chat. */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import clsx from "clsx";
import { ArrowRightIcon, DownloadIcon } from "../../components/Icons";
import FileTypeIcon from "../../components/MessageList/content/FileTypeIcon";
import { formatFileSize, usesThumbnail } from "../../components/MessageList/content/format";
import { fileUrl } from "../../components/MessageList/content/urls";
import Timestamp from "../../components/ui/Timestamp";
import { shortDate } from "../../utils/dates";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import type { FileEntry } from "./entries";

export interface EntryLabels {
  /** The sender's name (remark first) and avatar time. */
  sender: (uid: number) => { name: string; avatarUpdatedAt: number };
  /** `#channel`, `@person` or "Direct message". */
  conversation: (entry: FileEntry) => string;
}

interface ViewProps {
  entries: FileEntry[];
  labels: EntryLabels;
}

const chatPath = (e: FileEntry) => (e.conv ? `/chat/${e.conv.kind}/${e.conv.id}` : null);

function Preview({ entry, size }: { entry: FileEntry; size: number }) {
  const [broken, setBroken] = useState(false);
  if (entry.kind === "image" && !entry.expired && !broken) {
    return (
      <img
        src={fileUrl(entry.path, { thumbnail: usesThumbnail(entry.contentType) })}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        className="size-full object-cover"
      />
    );
  }
  return (
    <span className="flex size-full items-center justify-center">
      <FileTypeIcon kind={entry.kind} name={entry.name} size={size} />
    </span>
  );
}

function Actions({ entry, compact }: { entry: FileEntry; compact?: boolean }) {
  const { t } = useTranslation("file");
  const navigate = useNavigate();
  const to = chatPath(entry);
  const btn = clsx("icon-btn", compact ? "size-7" : "size-8");
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      {to && (
        <button type="button" className={btn} onClick={() => navigate(to)} aria-label={t("open_in_chat", { name: entry.name })} title={t("open_chat")}>
          <ArrowRightIcon size={15} />
        </button>
      )}
      {entry.expired ? (
        <span className={clsx(btn, "cursor-not-allowed opacity-40")} aria-disabled="true" title={t("expired")}>
          <DownloadIcon size={15} />
        </span>
      ) : (
        <a className={btn} href={fileUrl(entry.path, { download: true })} download={entry.name} aria-label={t("download_name", { name: entry.name })} title={t("download")}>
          <DownloadIcon size={15} />
        </a>
      )}
    </div>
  );
}

function Meta({ entry }: { entry: FileEntry }) {
  const { t, i18n } = useTranslation("file");
  const size = formatFileSize(entry.size);
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
      {entry.expired && <span className="rounded bg-amber-100 px-1.5 py-px font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300">{t("expired")}</span>}
      {size && <span className="tabular-nums" data-testid="file-size">{size}</span>}
      {size && <span aria-hidden="true">·</span>}
      <Timestamp ts={entry.createdAt} className="truncate">
        {shortDate(entry.createdAt, i18n.language)}
      </Timestamp>
    </span>
  );
}

/** One file of the grid or the list (`data-type` for the tests' filters). */
function FileItem({ entry, className, children }: { entry: FileEntry; className: string; children: ReactNode }) {
  return (
    <li className={className} data-testid="file-item" data-type={entry.type}>
      {children}
    </li>
  );
}

/** The small round picture of who sent a file. */
function SenderAvatar({ entry, sender }: { entry: FileEntry; sender: ReturnType<EntryLabels["sender"]> }) {
  return <Avatar name={sender.name} seed={entry.fromUid} src={avatarUrl(entry.fromUid, sender.avatarUpdatedAt)} size={20} rounded="full" />;
}

export function FileGrid({ entries, labels }: ViewProps) {
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(13.5rem,1fr))] gap-4" data-testid="file-grid">
      {entries.map((e) => {
        const sender = labels.sender(e.fromUid);
        return (
          <FileItem
            key={e.mid}
            entry={e}
            className="group flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs transition-shadow hover:border-zinc-300 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700"
          >
            <a
              href={e.expired ? undefined : fileUrl(e.path)}
              target="_blank"
              rel="noopener noreferrer"
              className={clsx("relative block aspect-[4/3] overflow-hidden bg-zinc-100 dark:bg-zinc-800/70", e.expired && "opacity-60")}
              tabIndex={-1}
              aria-hidden="true"
            >
              <Preview entry={e} size={68} />
            </a>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 px-3 pt-2.5 pb-2">
              <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100" title={e.name} data-testid="file-name">
                {e.name}
              </p>
              <Meta entry={e} />
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{labels.conversation(e)}</p>
            </div>
            <div className="flex min-w-0 items-center gap-2 border-t border-zinc-100 py-1.5 pr-1.5 pl-3 dark:border-zinc-800">
              <SenderAvatar entry={e} sender={sender} />
              <span className="min-w-0 flex-1 truncate text-xs font-medium text-zinc-700 dark:text-zinc-300">{sender.name}</span>
              <Actions entry={e} compact />
            </div>
          </FileItem>
        );
      })}
    </ul>
  );
}

export function FileList({ entries, labels }: ViewProps) {
  const { t, i18n } = useTranslation("file");
  return (
    <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="hidden grid-cols-[minmax(0,1fr)_11rem_11rem_8.5rem_4.5rem] gap-4 border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase lg:grid dark:border-zinc-800 dark:bg-zinc-800/40 dark:text-zinc-400">
        <span>{t("col.name")}</span>
        <span>{t("sender")}</span>
        <span>{t("conversation")}</span>
        <span>{t("col.date")}</span>
        <span className="sr-only">{t("col.actions")}</span>
      </div>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="file-list">
        {entries.map((e) => {
          const sender = labels.sender(e.fromUid);
          const size = formatFileSize(e.size);
          return (
            <FileItem
              key={e.mid}
              entry={e}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-4 px-4 py-2.5 hover:bg-zinc-50 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_8.5rem_4.5rem] dark:hover:bg-zinc-800/40"
            >
              <div className="flex min-w-0 items-center gap-3">
                <span className={clsx("size-10 shrink-0 overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800", e.expired && "opacity-60")}>
                  <Preview entry={e} size={30} />
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" title={e.name} data-testid="file-name">
                    {e.name}
                  </span>
                  <span className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                    {e.expired && <span className="rounded bg-amber-100 px-1.5 py-px font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-300">{t("expired")}</span>}
                    {size && <span className="tabular-nums" data-testid="file-size">{size}</span>}
                    <span className="truncate uppercase">{e.name.includes(".") ? e.name.split(".").pop() : t(`type.${e.type}`)}</span>
                    <span className="truncate lg:hidden">· {sender.name}</span>
                  </span>
                </span>
              </div>
              <span className="hidden min-w-0 items-center gap-2 text-sm text-zinc-700 lg:flex dark:text-zinc-300">
                <SenderAvatar entry={e} sender={sender} />
                <span className="truncate">{sender.name}</span>
              </span>
              <span className="hidden truncate text-sm text-zinc-600 lg:block dark:text-zinc-400">{labels.conversation(e)}</span>
              <Timestamp ts={e.createdAt} className="hidden text-sm text-zinc-500 tabular-nums lg:block dark:text-zinc-400">
                {shortDate(e.createdAt, i18n.language)}
              </Timestamp>
              <Actions entry={e} />
            </FileItem>
          );
        })}
      </ul>
    </div>
  );
}
