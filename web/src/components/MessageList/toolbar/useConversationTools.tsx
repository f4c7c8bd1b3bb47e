/**
 * The message actions beyond react/reply/edit/delete, for one conversation: pin, save, forward,
 * copy, and multi-select mode with its bar and bulk actions. The chat view spreads `actions`
 * into the message list's actions, shows `bar` instead of the composer, and renders `overlay`.
 */
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAppDispatch, useAppSelector, useAppStore } from "../../../app/hooks";
import { selectConversationIds } from "../../../app/selectors";
import { useAddFavoriteMutation } from "../../../app/services/favorite";
import { useDeleteMessagesMutation } from "../../../app/services/message";
import { usePinMessageMutation, useUnpinMessageMutation } from "../../../app/services/pin";
import { errorText } from "../../../app/services/errors";
import { convKey, type ConvKind, type StoredMessage } from "../../../app/slices/messages";
import { toast } from "../../../utils/toast";
import { loadSelectionBar } from "../../selection/load";
import { canPin as mayPin } from "../../selection/rules";
import { resetSelection, selectSelecting, startSelection } from "../../../app/slices/selection";
import { MENTION_SPLIT } from "../mentions";
import type { MessageActions } from "../actions";
import { fileUrl } from "../content/urls";
import DeleteMessagesDialog from "./LazyDeleteMessagesDialog";

// Not needed until used: the forward dialog, and the selection bar (fetched when a more menu opens).
const ForwardModal = lazy(() => import("../../forward/ForwardModal"));
const SelectionBar = lazy(loadSelectionBar);

type Extra = Omit<MessageActions, "me" | "isAdmin" | "react" | "reply" | "edit" | "remove">;

const statusOf = (result: unknown) => (result as { error?: { status?: unknown } }).error?.status;

export default function useConversationTools(kind: ConvKind, id: number, enabled: boolean) {
  const { t } = useTranslation("chat");
  const dispatch = useAppDispatch();
  const key = convKey(kind, id);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const isAdmin = useAppSelector((s) => !!s.authData.user?.is_admin);
  const channel = useAppSelector((s) => (kind === "channel" ? s.channels.byId[id] : undefined));
  const store = useAppStore();
  const conversation = useAppSelector((s) => selectConversationIds(s, kind, id));
  const selecting = useAppSelector((s) => enabled && selectSelecting(s, key));
  const [pinMessage] = usePinMessageMutation();
  const [unpinMessage] = useUnpinMessageMutation();
  const [addFavorite, { isLoading: saving }] = useAddFavoriteMutation();
  const [deleteMessages, { isLoading: deleting }] = useDeleteMessagesMutation();
  const [forwarding, setForwarding] = useState<number[] | null>(null);
  const [toDelete, setToDelete] = useState<number[] | null>(null);
  const canPin = kind === "channel" && mayPin(channel, { me, isAdmin });

  const leave = useCallback(() => dispatch(resetSelection(key)), [dispatch, key]);

  const save = useCallback(
    async (mids: number[]) => {
      const res = await addFavorite(mids);
      if ("error" in res) {
        // 429: the 100 saved items (docs/API.md "Favorites"); the other failures are toasted by the
        // base query.
        if (statusOf(res) === 429) toast.error(t("tip.save_limit"));
        return false;
      }
      toast.success(t("tip.saved", { count: mids.length }));
      return true;
    },
    [addFavorite, t],
  );

  const actions = useMemo<Extra>(
    () => ({
      selectionKey: key,
      gid: kind === "channel" ? id : undefined,
      canPin,
      pin: async (m: StoredMessage) => {
        const res = await pinMessage({ gid: id, mid: m.mid });
        if (statusOf(res) === 409) toast.error(t("tip.already_pinned"));
      },
      unpin: async (m: StoredMessage) => {
        const res = await unpinMessage({ gid: id, mid: m.mid });
        if (!("error" in res)) toast.success(t("tip.unpin_success"));
      },
      save: (mids: number[]) => void save(mids),
      forward: (mids: number[]) => setForwarding(mids),
      copyText: (m: StoredMessage) => void copyText(textOf(m.content, store.getState().users.byId), t("tip.copied", { ns: "common" }), t("tip.copy_failed")),
      // The image clipboard code (PNG conversion, its own toasts) loads on first use.
      copyImage: (m: StoredMessage) => void import("../content/copyImage").then(({ copyImage }) => copyImage(fileUrl(m.content))),
      select: (m: StoredMessage) => dispatch(startSelection({ context: key, mid: m.mid })),
    }),
    [key, kind, id, canPin, pinMessage, unpinMessage, save, dispatch, t, store],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    const res = await deleteMessages(toDelete);
    if ("error" in res) {
      // 404 is handled here (message deletes are not toasted by the base query); 403 is toasted by
      // the base query.
      if (statusOf(res) === 404) toast.error(errorText("notFound"));
    } else {
      toast.success(t("tip.delete_success", { ns: "common" }));
      leave();
    }
    setToDelete(null);
  };

  const bar: ReactNode = selecting ? (
    <Suspense fallback={<div className="h-[74px] shrink-0" />}>
      <SelectionBar
        context={key}
        conversation={conversation}
        me={me}
        isAdmin={isAdmin}
        busy={saving ? "save" : null}
        onForward={setForwarding}
        onSave={(mids) => void save(mids).then((ok) => ok && leave())}
        onDelete={setToDelete}
        onCancel={leave}
      />
    </Suspense>
  ) : null;

  const overlay = (
    <>
      {forwarding && (
        <Suspense fallback={null}>
          <ForwardModal mids={forwarding} onClose={() => setForwarding(null)} onDone={selecting ? leave : undefined} />
        </Suspense>
      )}
      {toDelete && (
        <DeleteMessagesDialog count={toDelete.length} busy={deleting} onConfirm={() => void confirmDelete()} onCancel={() => setToDelete(null)} />
      )}
    </>
  );

  return { actions: enabled ? actions : undefined, bar, overlay };
}

/** Message text as the reader sees it: ` @<uid> ` mentions become names. */
function textOf(content: string, users: Record<number, { name: string }>): string {
  return content.replace(MENTION_SPLIT, (part) => {
    const user = users[Number(part.slice(1))];
    return user ? `@${user.name}` : part;
  });
}

async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}
