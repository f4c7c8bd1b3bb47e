/**
 * One saved item: where it was saved from, when, its messages (rendered like forwarded ones, from
 * the favorite's own attachment copies) and the actions open-in-chat and remove.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Archive, FavoriteArchive, MessageTarget } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import { selectDisplayName } from "../../app/selectors";
import { useGetFavoriteDetailsQuery, useRemoveFavoriteMutation } from "../../app/services/favorite";
import type { StoredUser } from "../../app/slices/users";
import { ArrowRightIcon, AtIcon, HashIcon, LockIcon, TrashIcon } from "../../components/Icons";
import { Body, SenderLine, senderOf } from "../../components/MessageList/content/Archive";
import Timestamp from "../../components/ui/Timestamp";
import { dateTime, dateTimeWithYear } from "../../utils/dates";
import Avatar from "../../components/ui/Avatar";
import ConfirmDialog from "../../components/ui/ConfirmDialog";
import { toast } from "../../utils/toast";

const NO_USERS: Record<number, StoredUser> = {};

/**
 * `GET /favorite/attachment/{uid}/{id}/{attachment_id}` (docs/API.md "Favorites"; anonymous, by
 * URL).
 */
export function favoriteAttachmentUrl(uid: number, id: string, attachmentId: number, download = false): string {
  const url = `/api/favorite/attachment/${uid}/${encodeURIComponent(id)}/${attachmentId}`;
  return download ? `${url}?download=true` : url;
}

/** The conversation a saved message came from, as a label and a route. */
function useSource(target: MessageTarget | undefined) {
  const channel = useAppSelector((s) => (target && "gid" in target ? s.channels.byId[target.gid] : undefined));
  const name = useAppSelector((s) => (target && "uid" in target ? selectDisplayName(s, target.uid) : undefined));
  if (!target) return null;
  if ("gid" in target) {
    return { label: channel?.name ?? `#${target.gid}`, to: channel ? `/chat/channel/${target.gid}` : null, icon: channel && !channel.is_public ? LockIcon : HashIcon };
  }
  return { label: name ?? `#${target.uid}`, to: name ? `/chat/dm/${target.uid}` : null, icon: AtIcon };
}

function Skeleton() {
  return (
    <div className="space-y-3 px-4 py-4" aria-busy="true">
      <div className="flex items-center gap-2.5">
        <span className="size-8 animate-pulse rounded-lg bg-zinc-200 dark:bg-zinc-800" />
        <span className="h-3 w-32 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <span className="block h-3 w-3/4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

function Messages({ archive, attachmentUrl }: { archive: Archive; attachmentUrl: (id: number, download?: boolean) => string }) {
  const users = useAppSelector((s) => s.users?.byId) ?? NO_USERS;
  return (
    <ol className="divide-y divide-zinc-100 dark:divide-zinc-800/80">
      {archive.messages.map((msg, i) => {
        const sender = senderOf(archive, msg, attachmentUrl);
        return (
          <li key={`${msg.mid}-${i}`} className="flex gap-3 px-4 py-3" data-testid="favorite-message">
            <Avatar name={sender.name} seed={sender.name} src={sender.avatar} size={32} className="mt-0.5" />
            <div className="min-w-0 flex-1">
              <SenderLine name={sender.name} ts={msg.created_at} />
              <Body msg={msg} attachmentUrl={attachmentUrl} users={users} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export default function FavoriteCard({ favorite, hidden }: { favorite: FavoriteArchive; hidden?: boolean }) {
  const { t, i18n } = useTranslation("fav");
  const navigate = useNavigate();
  const uid = useAppSelector((s) => s.authData.user?.uid ?? 0);
  const { data, isError } = useGetFavoriteDetailsQuery(favorite.id);
  const [remove, { isLoading: removing }] = useRemoveFavoriteMutation();
  const [confirm, setConfirm] = useState(false);
  const source = useSource(data?.messages[0]?.source);
  const attachmentUrl = (id: number, download?: boolean) => favoriteAttachmentUrl(uid, favorite.id, id, download);
  const SourceIcon = source?.icon;

  const doRemove = async () => {
    const res = await remove(favorite.id);
    setConfirm(false);
    if (!("error" in res)) toast.success(t("tip.delete_success", { ns: "common" }));
  };

  return (
    // Hidden rather than unmounted when filtered out, so its details stay loaded for the filter.
    <article
      hidden={hidden}
      className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="favorite"
      aria-label={t("item_label", { time: dateTimeWithYear(favorite.created_at, i18n.language) })}
    >
      <header className="flex items-center gap-2 border-b border-zinc-100 bg-zinc-50/70 px-4 py-2 dark:border-zinc-800 dark:bg-zinc-800/40">
        <div className="flex min-w-0 flex-1 items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {source && SourceIcon && (
            <>
              <SourceIcon size={13} className="shrink-0" />
              <span className="truncate font-semibold text-zinc-700 dark:text-zinc-200" data-testid="favorite-source">
                {source.label}
              </span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <Timestamp ts={favorite.created_at} className="shrink-0">
            {t("saved_at", { time: dateTime(favorite.created_at, i18n.language) })}
          </Timestamp>
        </div>
        {source?.to && (
          <button
            type="button"
            onClick={() => navigate(source.to!)}
            className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-zinc-600 transition hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none dark:text-zinc-300 dark:hover:bg-zinc-700/60 dark:hover:text-white"
          >
            {t("open")}
            <ArrowRightIcon size={13} />
          </button>
        )}
        <button type="button" onClick={() => setConfirm(true)} className="icon-btn size-7 hover:text-red-600! dark:hover:text-red-400!" aria-label={t("remove")} title={t("remove")}>
          <TrashIcon size={15} />
        </button>
      </header>
      {data ? (
        <Messages archive={data} attachmentUrl={attachmentUrl} />
      ) : isError ? (
        <p className="px-4 py-4 text-sm text-zinc-500 italic">{t("unavailable")}</p>
      ) : (
        <Skeleton />
      )}
      {confirm && (
        <ConfirmDialog
          danger
          icon={<TrashIcon size={20} />}
          title={t("remove_title")}
          description={t("remove_desc")}
          confirmText={t("remove")}
          busy={removing}
          onCancel={() => setConfirm(false)}
          onConfirm={() => void doRemove()}
        />
      )}
    </article>
  );
}
