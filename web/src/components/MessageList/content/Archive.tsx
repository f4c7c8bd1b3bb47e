/**
 * A forwarded bundle (`vocechat/archive`): a card "Forwarded N messages" that expands to show
 * each message with its sender, time and content, files and pictures included (served from the
 * archive's own copies, so they outlive the originals). Also used by the saved-items screen.
 */
import { useId, useState } from "react";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { ContentType, type Archive as ArchiveData, type ArchiveMessage } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import type { StoredUser } from "../../../app/slices/users";
import Avatar from "../../ui/Avatar";
import { ChevronDownIcon } from "../../Icons";
import { monthDayTime } from "../../../utils/dates";
import Timestamp from "../../ui/Timestamp";
import { useGetArchiveMessageQuery } from "./api";
import FileAttachment from "./FileAttachment";
import { fileFacts, fileKind, isPicture } from "./format";
import { archiveAttachmentUrl } from "./urls";
import { MarkdownText, PlainText } from "./Text";

/** Messages shown (as one-line excerpts) while the card is collapsed. */
const PREVIEW_COUNT = 2;

type AttachmentUrl = (attachmentId: number, download?: boolean) => string;

const NO_USERS: Record<number, StoredUser> = {};

function ForwardIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="m15 5 6 6-6 6" />
      <path d="M21 11H10a6 6 0 0 0-6 6v2" />
    </svg>
  );
}

/** Exported for the saved-items screen, which lists a favorite's messages under its own header. */
export function senderOf(archive: ArchiveData, msg: ArchiveMessage, attachmentUrl: AttachmentUrl) {
  const user = archive.users[msg.from_user];
  return {
    name: user?.name ?? "?",
    avatar: user && user.avatar !== null && user.avatar !== undefined ? attachmentUrl(user.avatar) : null,
  };
}

function Excerpt({ msg }: { msg: ArchiveMessage }) {
  const { t } = useTranslation("chat");
  if (msg.content_type === ContentType.file) {
    const file = fileFacts(msg.properties, t("content.file"));
    const label = isPicture(file.contentType, file.width, file.height) ? t("content.kind_short.image") : t(`content.kind.${fileKind(file.contentType, file.name)}`);
    return (
      <>
        <span className="text-zinc-400">[{label}]</span> {file.name}
      </>
    );
  }
  return <>{msg.content ?? ""}</>;
}

/** A bundled message's sender and when it was sent (forwarded and saved messages). */
export function SenderLine({ name, ts, testId }: { name: string; ts: number; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <div className="flex items-baseline gap-2">
      <span className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50" data-testid={testId}>
        {name}
      </span>
      <Timestamp ts={ts} className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
        {monthDayTime(ts, i18n.language)}
      </Timestamp>
    </div>
  );
}

export function Body({ msg, attachmentUrl, users }: { msg: ArchiveMessage; attachmentUrl: AttachmentUrl; users: Record<number, StoredUser> }) {
  const { t } = useTranslation("chat");
  switch (msg.content_type) {
    case ContentType.text:
      return <PlainText text={msg.content ?? ""} users={users} />;
    case ContentType.markdown:
      return <MarkdownText text={msg.content ?? ""} users={users} />;
    case ContentType.file: {
      const file = fileFacts(msg.properties, t("content.file"));
      // A file that had expired when the archive was made has no copy.
      if (msg.file_id === null || msg.file_id === undefined) return <p className="text-sm text-zinc-500 italic">{t("content.expired_named", { name: file.name })}</p>;
      const source = {
        url: attachmentUrl(msg.file_id),
        downloadUrl: attachmentUrl(msg.file_id, true),
        thumbnailUrl: msg.thumbnail_id !== null && msg.thumbnail_id !== undefined ? attachmentUrl(msg.thumbnail_id) : undefined,
      };
      return <FileAttachment file={file} source={source} />;
    }
    default:
      return <p className="text-sm text-zinc-500 italic">{t("message.unsupported")}</p>;
  }
}

export interface ArchiveViewProps {
  archive: ArchiveData;
  /** Where attachment n of this archive is served (archives and favorites use different routes). */
  attachmentUrl: AttachmentUrl;
  defaultExpanded?: boolean;
}

/** An archive already loaded; the saved-items screen passes its favorite and attachment URLs. */
export function ArchiveView({ archive, attachmentUrl, defaultExpanded = false }: ArchiveViewProps) {
  const { t } = useTranslation("chat");
  const [expanded, setExpanded] = useState(defaultExpanded);
  const users = useAppSelector((s) => s.users?.byId) ?? NO_USERS;
  const listId = useId();
  const count = archive.messages.length;
  const names = [...new Set(archive.messages.map((m) => archive.users[m.from_user]?.name).filter(Boolean))];
  const shown = expanded ? archive.messages : archive.messages.slice(0, PREVIEW_COUNT);
  return (
    <div className="mt-1 w-full max-w-xl overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-700/80 dark:bg-zinc-900" data-testid="archive">
      <button
        type="button"
        onClick={() => setExpanded(!expanded)}
        aria-expanded={expanded}
        aria-controls={listId}
        className="flex w-full items-center gap-2.5 border-b border-zinc-100 bg-zinc-50/80 px-3 py-2 text-left hover:bg-zinc-100 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none focus-visible:ring-inset dark:border-zinc-800 dark:bg-zinc-800/50 dark:hover:bg-zinc-800"
        data-testid="archive-toggle"
      >
        <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-700 dark:bg-primary-900/60 dark:text-primary-200">
          <ForwardIcon />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-zinc-900 dark:text-zinc-100" data-testid="archive-title">
            {t("content.forwarded", { count })}
          </span>
          {names.length > 0 && <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{t("content.forwarded_from", { names: names.join(", ") })}</span>}
        </span>
        <span className="shrink-0 text-xs font-medium text-zinc-500 dark:text-zinc-400">{expanded ? t("content.collapse") : t("content.expand")}</span>
        <ChevronDownIcon size={16} className={clsx("shrink-0 text-zinc-400 transition-transform", expanded && "rotate-180")} />
      </button>
      <ol id={listId} className={clsx("divide-zinc-100 dark:divide-zinc-800", expanded ? "divide-y" : "py-1")} aria-label={t("content.forwarded", { count })}>
        {shown.map((msg, i) => {
          const sender = senderOf(archive, msg, attachmentUrl);
          if (!expanded) {
            return (
              <li key={`${msg.mid}-${i}`} className="flex min-w-0 items-center gap-2 px-3 py-1 text-sm" data-testid="archive-excerpt">
                <Avatar name={sender.name} seed={sender.name} src={sender.avatar} size={18} rounded="full" />
                <span className="shrink-0 font-semibold text-zinc-800 dark:text-zinc-100">{sender.name}</span>
                <span className="truncate text-zinc-600 dark:text-zinc-300">
                  <Excerpt msg={msg} />
                </span>
              </li>
            );
          }
          return (
            <li key={`${msg.mid}-${i}`} className="flex gap-2.5 px-3 py-2.5" data-testid="archive-message">
              <Avatar name={sender.name} seed={sender.name} src={sender.avatar} size={28} className="mt-0.5" />
              <div className="min-w-0 flex-1">
                <SenderLine name={sender.name} ts={msg.created_at} testId="archive-sender" />
                <Body msg={msg} attachmentUrl={attachmentUrl} users={users} />
              </div>
            </li>
          );
        })}
        {!expanded && count > PREVIEW_COUNT && (
          <li className="px-3 pt-0.5 pb-1 text-xs text-zinc-500 dark:text-zinc-400">{t("content.more", { count: count - PREVIEW_COUNT })}</li>
        )}
      </ol>
    </div>
  );
}

/** A forwarded archive by its path (`GET /resource/archive?file_path=`). */
export default function Archive({ filePath, defaultExpanded }: { filePath: string; defaultExpanded?: boolean }) {
  const { t } = useTranslation("chat");
  const path = filePath.trim();
  const { data, isError } = useGetArchiveMessageQuery(path, { skip: !path });
  if (isError || !path) {
    return (
      <div className="mt-1 inline-flex items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400" data-testid="archive-unavailable">
        <ForwardIcon />
        {t("content.archive_unavailable")}
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mt-1 flex w-full max-w-xl items-center gap-2.5 rounded-xl border border-zinc-200 px-3 py-2 dark:border-zinc-700/80" aria-busy="true" data-testid="archive-loading">
        <span className="size-7 shrink-0 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-700" />
        <span className="h-3 w-40 animate-pulse rounded bg-zinc-200 dark:bg-zinc-700" />
        <span className="sr-only">{t("content.archive_loading")}</span>
      </div>
    );
  }
  return <ArchiveView archive={data} attachmentUrl={(id, download) => archiveAttachmentUrl(path, id, download)} defaultExpanded={defaultExpanded} />;
}
