/** The body of both files screens: filters, counts, the grid or list, and the empty states. */
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { FileIcon, FolderIcon, RefreshIcon, SearchIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import PageHeader from "../../components/ui/PageHeader";
import { convKeyOf, EMPTY_FILTERS, filterFiles, typeCounts, type FileEntry, type FileFilters } from "./entries";
import FileToolbar, { type Option } from "./FileToolbar";
import { FileGrid, FileList, type EntryLabels } from "./FileViews";
import { useFileView } from "./useFileView";

interface Props {
  title: string;
  subtitle: string;
  entries: FileEntry[];
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** A line under the filters (where the list comes from). */
  note?: ReactNode;
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

export default function FilesScreen({ title, subtitle, entries, loading, error, onRetry, note }: Props) {
  const { t } = useTranslation("file");
  const [filters, setFilters] = useState<FileFilters>(EMPTY_FILTERS);
  const [view, setView] = useFileView();
  const users = useAppSelector((s) => s.users.byId);
  const remarks = useAppSelector((s) => s.footprint.remarks);
  const channels = useAppSelector((s) => s.channels.byId);

  const labels = useMemo<EntryLabels>(
    () => ({
      sender: (uid) => ({ name: remarks[uid] || users[uid]?.name || t("unknown_user", { uid }), avatarUpdatedAt: users[uid]?.avatar_updated_at ?? 0 }),
      conversation: (e) => {
        if (!e.conv) return t("direct_message");
        if (e.conv.kind === "channel") return `#${channels[e.conv.id]?.name ?? e.conv.id}`;
        return `@${remarks[e.conv.id] || users[e.conv.id]?.name || e.conv.id}`;
      },
    }),
    [users, remarks, channels, t],
  );
  // The choices are the senders and conversations that have files.
  const senders = useMemo(() => [...new Set(entries.map((e) => e.fromUid))].map((uid) => ({ value: String(uid), label: labels.sender(uid).name })).sort(byLabel), [entries, labels]);
  const conversations = useMemo(() => {
    const seen = new Map<string, Option>();
    for (const e of entries) if (e.conv && !seen.has(convKeyOf(e.conv))) seen.set(convKeyOf(e.conv), { value: convKeyOf(e.conv), label: labels.conversation(e) });
    return [...seen.values()].sort(byLabel);
  }, [entries, labels]);
  const shown = useMemo(() => filterFiles(entries, filters), [entries, filters]);
  const counts = useMemo(() => typeCounts(entries, filters), [entries, filters]);

  let body: ReactNode;
  if (loading) {
    body = (
      <div className="grid grid-cols-[repeat(auto-fill,minmax(13.5rem,1fr))] gap-4" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[4/3] animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
        ))}
      </div>
    );
  } else if (error) {
    body = (
      <EmptyState tone="warning" icon={<FolderIcon size={28} />} title={t("error_title")} description={t("error_desc")}>
        {onRetry && (
          <Button variant="secondary" icon={<RefreshIcon size={16} />} onClick={onRetry}>
            {t("retry")}
          </Button>
        )}
      </EmptyState>
    );
  } else if (!entries.length) {
    body = <EmptyState icon={<FileIcon size={28} />} title={t("empty_title")} description={t("empty_desc")} />;
  } else if (!shown.length) {
    body = (
      <EmptyState icon={<SearchIcon size={28} />} title={t("no_match_title")} description={t("no_match_desc")}>
        <Button variant="secondary" onClick={() => setFilters(EMPTY_FILTERS)}>
          {t("clear")}
        </Button>
      </EmptyState>
    );
  } else {
    body = view === "grid" ? <FileGrid entries={shown} labels={labels} /> : <FileList entries={shown} labels={labels} />;
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title={title}
        subtitle={entries.length ? t("count", { count: entries.length }) : subtitle}
        icon={<FolderIcon size={18} />}
      />
      <FileToolbar filters={filters} onChange={setFilters} counts={counts} senders={senders} conversations={conversations} view={view} onView={setView} />
      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto p-4 sm:p-5">
        {note && <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">{note}</p>}
        {entries.length > 0 && shown.length !== entries.length && !loading && (
          <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400" data-testid="file-count">
            {t("showing", { shown: shown.length, count: entries.length })}
          </p>
        )}
        {body}
      </div>
    </div>
  );
}
