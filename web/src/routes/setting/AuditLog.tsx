/**
 * The audit log on the Data Management page (admins): who did what and when, newest first,
 * filtered by category, paged with "Load more" (`GET /admin/audit_log`, docs/API.md). Read-only:
 * the server has no route that changes an entry.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { AUDIT_CATEGORIES, type AuditLogEntry } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import { useLazyGetAuditLogQuery } from "../../app/services/server";
import { ShieldIcon } from "../../components/Icons";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import { dateTimeWithYear } from "../../utils/dates";

export const AUDIT_PAGE = 50;

/** How a detail's field names and yes/no values read (the page passes translated words). */
export interface DetailWords {
  key: (name: string) => string;
  flag: (value: boolean) => string;
}

const RAW_WORDS: DetailWords = { key: (name) => name, flag: String };

/** The detail of an entry in a few words: the settings changed, or its non-empty fields. */
export function detailText(detail: Record<string, unknown>, words: DetailWords = RAW_WORDS): string {
  const parts: string[] = [];
  const field = (key: string, value: unknown) => `${words.key(key)}: ${typeof value === "boolean" ? words.flag(value) : short(value)}`;
  for (const [key, value] of Object.entries(detail)) {
    if (key === "changed" && value && typeof value === "object") {
      parts.push(...Object.entries(value as Record<string, unknown>).map(([k, v]) => field(k, v)));
    } else if (value !== null && value !== undefined && value !== "") {
      parts.push(field(key, value));
    }
  }
  return parts.join(" · ");
}

function short(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export default function AuditLog() {
  const { t, i18n } = useTranslation("setting");
  const users = useAppSelector((s) => s.users.byId);
  const channels = useAppSelector((s) => s.channels.byId);
  const [category, setCategory] = useState("");
  const [entries, setEntries] = useState<AuditLogEntry[]>([]);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [load, { isFetching }] = useLazyGetAuditLogQuery();

  const fetchPage = useCallback(
    async (before: number | undefined, replace: boolean) => {
      const res = await load({ before, limit: AUDIT_PAGE, action: category || undefined });
      if (!res.data) return setFailed(true);
      setFailed(false);
      const page = res.data;
      setEntries((list) => (replace ? page : [...list, ...page]));
      setMore(page.length === AUDIT_PAGE);
    },
    [load, category],
  );
  useEffect(() => {
    void fetchPage(undefined, true);
  }, [fetchPage]);

  const words: DetailWords = {
    key: (name) => t(`audit.detail.${name}`, { defaultValue: name.replaceAll("_", " ") }),
    flag: (value) => t(value ? "audit.yes" : "audit.no"),
  };
  const who = (uid: number | null) => (uid === null ? null : users[uid]);
  // Until the stream has delivered the user directory, nobody is known yet: a name shows as
  // "…" rather than as a deleted user's "user #n".
  const directoryLoaded = Object.keys(users).length > 0;
  const userName = (uid: number) => users[uid]?.name ?? (directoryLoaded ? t("audit.deleted_user", { uid }) : "…");

  return (
    <section className="space-y-3" data-testid="audit-log">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{t("audit.title")}</h2>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("audit.description")}</p>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
          <span>{t("audit.filter")}</span>
          <select
            className="rounded-lg border border-zinc-200 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            data-testid="audit-filter"
          >
            <option value="">{t("audit.category.all")}</option>
            {AUDIT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`audit.category.${c}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {failed ? (
        <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">{t("audit.failed")}</p>
      ) : entries.length === 0 && !isFetching ? (
        <div className="rounded-xl border border-zinc-200 dark:border-zinc-800">
          <EmptyState icon={<ShieldIcon size={28} />} title={t("audit.empty")} description={t("audit.empty_description")} />
        </div>
      ) : (
        <ol className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {entries.map((e) => {
            const actor = who(e.actor_uid);
            const detail = detailText(e.detail, words);
            return (
              <li key={e.id} className="flex gap-3 px-4 py-3" data-testid="audit-entry" data-action={e.action}>
                {actor ? (
                  <Avatar name={actor.name} seed={actor.uid} src={avatarUrl(actor.uid, actor.avatar_updated_at)} size={32} />
                ) : (
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
                    <ShieldIcon size={16} />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-zinc-900 dark:text-zinc-100">
                    <span className="font-medium">{e.actor_uid === null ? t("audit.nobody") : userName(e.actor_uid)}</span>{" "}
                    <span className={clsx(e.action.startsWith("auth.") && "text-amber-700 dark:text-amber-400")}>{t(`audit.action.${e.action}`, { defaultValue: e.action })}</span>
                    {e.target_uid !== null && e.target_uid !== e.actor_uid && <span className="font-medium"> {userName(e.target_uid)}</span>}
                    {e.target_gid !== null && <span className="font-medium"> #{channels[e.target_gid]?.name ?? String(e.detail.name ?? e.target_gid)}</span>}
                  </p>
                  {detail && <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400" title={detail}>{detail}</p>}
                </div>
                <div className="shrink-0 text-right text-xs text-zinc-500 dark:text-zinc-400">
                  <time dateTime={new Date(e.created_at).toISOString()}>{dateTimeWithYear(e.created_at, i18n.language)}</time>
                  {e.ip && <p className="font-mono text-[11px]">{e.ip}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {more && !failed && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void fetchPage(entries[entries.length - 1]?.id, false)} disabled={isFetching} data-testid="audit-more">
            {t("audit.load_more")}
          </Button>
        </div>
      )}
    </section>
  );
}
