import { useState } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { FileIcon, FolderIcon } from "../../components/Icons";
import EmptyState from "../../components/ui/EmptyState";
import PageHeader from "../../components/ui/PageHeader";

const FILTERS = ["all", "doc", "pdf", "image", "audio", "video"] as const;

/** `/files` on servers from 0.3.11 (spec §2): the files shared in your conversations, by type. */
export default function FilesPage() {
  const { t } = useTranslation("file");
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>("all");
  return (
    <div className="flex h-full flex-col">
      <PageHeader title={t("title")} subtitle={t("subtitle")} icon={<FolderIcon size={18} />} />
      <div className="flex flex-wrap gap-2 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800" role="toolbar" aria-label={t("filter")}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={clsx(
              "rounded-full px-3 py-1 text-xs font-medium transition outline-none focus-visible:ring-3 focus-visible:ring-primary-500/30",
              filter === f ? "bg-primary-600 text-white dark:bg-primary-500" : "bg-zinc-100 text-zinc-600 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700",
            )}
          >
            {t(`type.${f}`)}
          </button>
        ))}
      </div>
      <EmptyState className="flex-1" icon={<FileIcon size={28} />} title={t("empty_title")} description={t("empty_desc")} />
    </div>
  );
}
