/**
 * `/favs`: saved items (docs/API.md "Favorites"). Each favorite is an archive snapshot, loaded
 * through `GET /favorite/{id}` and shown newest first, filtered by what it holds.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { shallowEqual } from "react-redux";
import { useAppSelector } from "../../app/hooks";
import { favoriteApi, useGetFavoritesQuery } from "../../app/services/favorite";
import { BookmarkIcon, RefreshIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import CountToggle, { type CountToggleLook } from "../../components/ui/CountToggle";
import EmptyState from "../../components/ui/EmptyState";
import PageHeader from "../../components/ui/PageHeader";
import type { RootState } from "../../app/store";
import FavoriteCard from "./FavoriteCard";
import { FAV_KINDS, matchesKind, type FavKind } from "./kinds";

/** The kind filters: round chips. */
const CHIP: CountToggleLook = {
  base: "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium transition outline-none focus-visible:ring-3 focus-visible:ring-primary-500/30 disabled:cursor-default disabled:opacity-40",
  on: "bg-primary-600 text-white dark:bg-primary-500",
  off: "bg-zinc-100 text-zinc-600 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700",
  countOn: "text-white/80",
  countOff: "text-zinc-400",
};

export default function FavsPage() {
  const { t } = useTranslation("fav");
  const { data, isLoading, isError, refetch } = useGetFavoritesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [kind, setKind] = useState<FavKind>("all");
  const favorites = useMemo(() => [...(data ?? [])].sort((a, b) => b.created_at - a.created_at), [data]);
  // The loaded details of every favorite (each card loads its own), for the filter and counts.
  const details = useAppSelector((s: RootState) => favorites.map((f) => favoriteApi.endpoints.getFavoriteDetails.select(f.id)(s).data), shallowEqual);
  const counts = useMemo(() => Object.fromEntries(FAV_KINDS.map((k) => [k, details.filter((d) => matchesKind(d, k)).length])) as Record<FavKind, number>, [details]);
  const visible = favorites.map((_, i) => matchesKind(details[i], kind));
  const shown = visible.filter(Boolean).length;

  let body;
  if (isLoading) {
    body = (
      <div className="mx-auto w-full max-w-3xl space-y-3 p-4 sm:p-6" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-28 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
        ))}
      </div>
    );
  } else if (isError) {
    body = (
      <EmptyState className="flex-1" tone="warning" icon={<BookmarkIcon size={28} />} title={t("error_title")} description={t("error_desc")}>
        <Button variant="secondary" icon={<RefreshIcon size={16} />} onClick={() => void refetch()}>
          {t("retry")}
        </Button>
      </EmptyState>
    );
  } else if (!favorites.length) {
    body = <EmptyState className="flex-1" icon={<BookmarkIcon size={28} />} title={t("empty_title")} description={t("empty_desc")} />;
  } else {
    body = (
      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-3xl space-y-3 p-4 sm:p-6" data-testid="favorite-list">
          {favorites.map((f, i) => (
            <FavoriteCard key={f.id} favorite={f} hidden={!visible[i]} />
          ))}
          {shown === 0 && <p className="py-12 text-center text-sm text-zinc-500 dark:text-zinc-400">{t("none_of_kind")}</p>}
        </div>
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title={t("title")}
        subtitle={favorites.length ? t("count", { count: favorites.length }) : t("subtitle")}
        icon={<BookmarkIcon size={18} />}
      />
      {favorites.length > 0 && (
        <div className="flex flex-wrap gap-2 border-b border-zinc-200 px-4 py-2.5 sm:px-6 dark:border-zinc-800" role="toolbar" aria-label={t("filter")}>
          {FAV_KINDS.map((k) => (
            <CountToggle key={k} pressed={kind === k} count={counts[k]} look={CHIP} onClick={() => setKind(k)} disabled={k !== "all" && counts[k] === 0 && kind !== k}>
              {t(`kind.${k}`)}
            </CountToggle>
          ))}
        </div>
      )}
      {body}
    </div>
  );
}
