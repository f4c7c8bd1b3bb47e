/** The files screen's filters (name, type, sender, conversation, date) and the grid/list switch. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { ChevronDownIcon, CloseIcon } from "../../components/Icons";
import { DATE_RANGES, FILE_TYPES, hasFilters, type FileFilters, type FileType } from "./entries";
import { GridIcon, ListIcon } from "./icons";
import type { FileListView } from "./useFileView";
import SearchField from "../../components/ui/SearchField";

export interface Option {
  value: string;
  label: string;
}

function Select({ label, value, options, onChange, allLabel }: { label: string; value: string; options: Option[]; onChange: (v: string) => void; allLabel: string }) {
  const active = value !== "";
  return (
    <label className="relative inline-flex min-w-0">
      <span className="sr-only">{label}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={clsx(
          "h-8 max-w-52 min-w-0 cursor-pointer appearance-none truncate rounded-lg border py-0 pr-7 pl-2.5 text-xs font-medium transition outline-none focus-visible:ring-3 focus-visible:ring-primary-500/30",
          active
            ? "border-primary-300 bg-primary-50 text-primary-800 dark:border-primary-700 dark:bg-primary-950/60 dark:text-primary-100"
            : "border-zinc-200 bg-white text-zinc-700 hover:border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-zinc-600",
        )}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={14} className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-zinc-400" />
    </label>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="inline-flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
      {label}
      <input
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-8 rounded-lg border border-zinc-200 bg-white px-2 text-xs text-zinc-700 outline-none focus-visible:ring-3 focus-visible:ring-primary-500/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:[color-scheme:dark]"
      />
    </label>
  );
}

function ViewButton({ active, label, onClick, children }: { active: boolean; label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={clsx(
        "inline-flex size-7 items-center justify-center rounded-md transition outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
        active ? "bg-white text-zinc-900 shadow-xs dark:bg-zinc-700 dark:text-white" : "text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white",
      )}
    >
      {children}
    </button>
  );
}

interface Props {
  filters: FileFilters;
  onChange: (next: FileFilters) => void;
  counts: Record<FileType, number>;
  senders: Option[];
  conversations: Option[];
  view: FileListView;
  onView: (view: FileListView) => void;
}

export default function FileToolbar({ filters, onChange, counts, senders, conversations, view, onView }: Props) {
  const { t } = useTranslation("file");
  const set = (patch: Partial<FileFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="space-y-2.5 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <SearchField
          label={t("search")}
          boxClassName="block w-full sm:w-60"
          value={filters.query}
          onChange={(e) => set({ query: e.target.value })}
          placeholder={t("search")}
          className="h-8 w-full rounded-lg border border-zinc-200 bg-white pr-2 pl-8 text-sm text-zinc-900 outline-none placeholder:text-zinc-400 focus:border-primary-500 focus:ring-3 focus:ring-primary-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
        <div className="flex flex-wrap gap-1.5" role="toolbar" aria-label={t("filter")}>
          {FILE_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={filters.type === type}
              onClick={() => set({ type })}
              className={clsx(
                "inline-flex h-7 items-center gap-1.5 rounded-full px-3 text-xs font-medium transition outline-none focus-visible:ring-3 focus-visible:ring-primary-500/30",
                filters.type === type
                  ? "bg-primary-600 text-white dark:bg-primary-500"
                  : "bg-zinc-100 text-zinc-600 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700",
              )}
            >
              {t(`type.${type}`)}
              <span className={clsx("tabular-nums", filters.type === type ? "text-white/80" : "text-zinc-400 dark:text-zinc-500")}>{counts[type]}</span>
            </button>
          ))}
        </div>
        <div className="ml-auto flex gap-0.5 rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800" role="group" aria-label={t("view.label")}>
          <ViewButton active={view === "grid"} label={t("view.grid")} onClick={() => onView("grid")}>
            <GridIcon size={15} />
          </ViewButton>
          <ViewButton active={view === "item"} label={t("view.list")} onClick={() => onView("item")}>
            <ListIcon size={15} />
          </ViewButton>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select label={t("sender")} allLabel={t("all_senders")} value={filters.sender === null ? "" : String(filters.sender)} options={senders} onChange={(v) => set({ sender: v ? Number(v) : null })} />
        <Select label={t("conversation")} allLabel={t("all_conversations")} value={filters.conv ?? ""} options={conversations} onChange={(v) => set({ conv: v || null })} />
        <Select
          label={t("date")}
          allLabel={t("date_range.any")}
          value={filters.date === "any" ? "" : filters.date}
          options={DATE_RANGES.filter((d) => d !== "any").map((d) => ({ value: d, label: t(`date_range.${d}`) }))}
          onChange={(v) => set({ date: (v || "any") as FileFilters["date"] })}
        />
        {filters.date === "custom" && (
          <>
            <DateInput label={t("from")} value={filters.from} onChange={(from) => set({ from })} />
            <DateInput label={t("to")} value={filters.to} onChange={(to) => set({ to })} />
          </>
        )}
        {hasFilters(filters) && (
          <button
            type="button"
            onClick={() => onChange({ ...filters, type: "all", sender: null, conv: null, date: "any", from: "", to: "", query: "" })}
            className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-xs font-medium text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
          >
            <CloseIcon size={13} />
            {t("clear")}
          </button>
        )}
      </div>
    </div>
  );
}
