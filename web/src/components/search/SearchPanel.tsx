import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import type { ChatMessage } from "@parley/protocol";
import { useAppSelector, useAppStore } from "../../app/hooks";
import { SEARCH_PAGE_SIZE, useLazySearchMessagesQuery } from "../../app/services/conversation";
import { toStoredMessage, type ConvKind } from "../../app/slices/messages";
import { recentDateTime } from "../../utils/dates";
import { toast } from "../../utils/toast";
import { SearchIcon, Spinner } from "../Icons";
import Avatar, { avatarUrl } from "../ui/Avatar";
import Button from "../ui/Button";
import EmptyState from "../ui/EmptyState";
import { revealMessage } from "./revealMessage";
import { messageText } from "./text";
import SearchField from "../ui/SearchField";

const DEBOUNCE_MS = 300;

/** The text with each case-insensitive occurrence of `keyword` marked. */
export function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  const k = keyword.trim();
  if (!k) return <>{text}</>;
  const parts = text.split(new RegExp(`(${k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})`, "gi"));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-amber-200/80 px-0.5 text-inherit dark:bg-amber-500/30 dark:text-amber-100">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** Around the first match, so it is visible in a clamped line. */
function excerpt(text: string, keyword: string, room = 60): string {
  const at = text.toLowerCase().indexOf(keyword.trim().toLowerCase());
  if (at <= room) return text;
  return `…${text.slice(at - room / 2)}`;
}

interface Props {
  kind: ConvKind;
  id: number;
  query: string;
  onQueryChange: (q: string) => void;
  /** After a result was shown in the conversation (narrow screens close the panel). */
  onShown?: () => void;
}

/** Search in one conversation (`GET /message/search`): newest first, the match highlighted; a result opens in context. */
export default function SearchPanel({ kind, id, query, onQueryChange, onShown }: Props) {
  const { t, i18n } = useTranslation("chat");
  const store = useAppStore();
  const users = useAppSelector((s) => s.users.byId);
  const [search, { isFetching }] = useLazySearchMessagesQuery();
  const [keyword, setKeyword] = useState(query.trim());
  const [results, setResults] = useState<{ keyword: string; items: ChatMessage[]; more: boolean } | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const scope = kind === "channel" ? { gid: id } : { uid: id };

  // Debounced: the panel searches as the user types.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(query.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    if (!keyword) return;
    let stale = false;
    void search({ keyword, ...scope }).then((res) => {
      if (stale) return;
      const items = Array.isArray(res.data) ? res.data : [];
      setResults({ keyword, items, more: items.length >= SEARCH_PAGE_SIZE });
    });
    return () => {
      stale = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyword, kind, id, search]);

  const loadMore = async () => {
    if (!results?.items.length) return;
    const before = results.items[results.items.length - 1].mid;
    const res = await search({ keyword: results.keyword, ...scope, before });
    const items = Array.isArray(res.data) ? res.data : [];
    setResults((r) => (r && r.keyword === keyword ? { ...r, items: [...r.items, ...items], more: items.length >= SEARCH_PAGE_SIZE } : r));
  };

  const open = async (mid: number) => {
    setOpening(mid);
    const shown = await revealMessage(store, kind, id, mid);
    setOpening(null);
    if (!shown) toast.error(t("search.unavailable"));
    else onShown?.();
  };

  const rows = useMemo(
    () =>
      (results?.items ?? []).map((m) => {
        const stored = toStoredMessage(m);
        return { mid: m.mid, from: m.from_uid, at: m.created_at, text: stored ? messageText(stored, t, (uid) => users[uid]?.name) : "" };
      }),
    [results, users, t],
  );
  const current = !!keyword && results?.keyword === keyword;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="search-panel">
      <div className={clsx("border-b border-zinc-100 p-3 dark:border-zinc-800", !current && "lg:hidden")}>
        {/* Wide screens type in the header's search box; narrow ones here. */}
        <SearchField
          label={t("search.label")}
          boxClassName="block lg:hidden"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          placeholder={t("search.placeholder")}
          className="input h-9 py-1 pl-8 text-sm"
          data-testid="search-panel-input"
          autoFocus={!query}
        />
        {current && (
          <p className="mt-2 px-0.5 text-xs lg:mt-0 text-zinc-500 dark:text-zinc-400" role="status">
            {results.items.length >= SEARCH_PAGE_SIZE && results.more
              ? t("search.count_more", { count: results.items.length })
              : t("search.count", { count: results.items.length })}
          </p>
        )}
      </div>
      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto">
        {!keyword ? (
          <EmptyState icon={<SearchIcon size={26} />} title={t("search.start_title")} description={t("search.start_desc")} />
        ) : !current ? (
          <div className="flex justify-center py-10 text-zinc-400">
            <Spinner size={20} label={t("search.searching")} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState icon={<SearchIcon size={26} />} title={t("search.empty_title")} description={t("search.empty_desc", { keyword })} />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t("search.results")}>
            {rows.map((r) => {
              const user = users[r.from];
              const name = user?.name ?? t("message.unknown_user", { uid: r.from });
              return (
                <li key={r.mid}>
                  <button
                    type="button"
                    onClick={() => void open(r.mid)}
                    disabled={opening !== null}
                    data-testid="search-result"
                    data-mid={r.mid}
                    className={clsx(
                      "flex w-full gap-2.5 px-4 py-3 text-left outline-none hover:bg-zinc-50 focus-visible:bg-zinc-50 disabled:cursor-wait dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60",
                      opening === r.mid && "bg-primary-50/60 dark:bg-primary-950/40",
                    )}
                  >
                    <Avatar name={name} seed={r.from} src={user ? avatarUrl(r.from, user.avatar_updated_at) : null} size={28} className="mt-0.5" />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className="truncate text-[13px] font-semibold text-zinc-900 dark:text-zinc-100">{name}</span>
                        <span className="shrink-0 text-[11px] text-zinc-400">{recentDateTime(r.at, i18n.language)}</span>
                        {opening === r.mid && <Spinner size={12} className="ml-auto text-primary-500" />}
                      </span>
                      <span className="mt-0.5 line-clamp-3 text-[13px] leading-snug break-words text-zinc-600 dark:text-zinc-300">
                        <Highlighted text={excerpt(r.text, keyword)} keyword={keyword} />
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {current && results.more && (
          <div className="flex justify-center p-3">
            <Button variant="ghost" size="sm" loading={isFetching} onClick={() => void loadMore()}>
              {t("search.more")}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
