import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { ContentType } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { selectConversationIds } from "../../app/selectors";
import { useSendChannelMsgMutation } from "../../app/services/channel";
import { nextLocalId } from "../../app/services/sendFlow";
import { useDeleteMessageMutation, useEditMessageMutation, useLikeMessageMutation, useReplyMessageMutation } from "../../app/services/message";
import { useSendMsgMutation } from "../../app/services/user";
import { convKey, type ConvKind, type StoredMessage } from "../../app/slices/messages";
import { updateRememberedChat } from "../../app/slices/ui";
import Composer, { type ComposerMode } from "../../components/Composer";
import Button from "../../components/ui/Button";
import { STAGE, useStaged } from "../../hooks/useStaged";
import DeleteMessagesDialog from "../../components/MessageList/toolbar/LazyDeleteMessagesDialog";
import type { MessageActions } from "../../components/MessageList/actions";
import MenuButton from "../../components/MenuButton";
import MessageList from "../../components/MessageList";
import useConversationTools from "../../components/MessageList/toolbar/useConversationTools";
import useBodyWindow from "./useBodyWindow";
import useHistory from "./useHistory";
import useConversationRead from "./useConversationRead";

interface Props {
  kind: ConvKind;
  id: number;
  header: ReactNode;
  /** A slim bar under the header (a channel's announcement). */
  banner?: ReactNode;
  placeholder: string;
  intro?: ReactNode;
  disabledReason?: string;
  /** Shown instead of the composer: this user may not write here (a DM's contact prompts). */
  composerOverride?: ReactNode;
  /** Shown above the composer (a DM's "You blocked …"). */
  composerNotice?: ReactNode;
}

/** Guests read; sending asks them to sign in. */
function GuestSignIn() {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  return (
    <div className="shrink-0 px-4 pb-4 sm:px-5">
      <div className="flex items-center justify-between gap-3 rounded-xl border border-dashed border-zinc-300 bg-zinc-50 px-4 py-3 dark:border-zinc-700 dark:bg-zinc-800/40" data-testid="guest-sign-in">
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{t("channel.guest_sign_in")}</p>
        <Button size="sm" onClick={() => navigate("/login")}>
          {t("guest.sign_in", { ns: "common" })}
        </Button>
      </div>
    </div>
  );
}

/**
 * A conversation (channel or DM): header, message list, composer. The header shows at once; the
 * rest, with the data it follows, mounts in a render of its own (see useStaged).
 */
export default function ChatView(props: Props) {
  const { kind, id, header, placeholder } = props;
  const dispatch = useAppDispatch();
  const shown = useStaged(STAGE.conversation);

  // Remember this chat.
  useEffect(() => {
    dispatch(updateRememberedChat(kind === "channel" ? `/chat/channel/${id}` : `/chat/dm/${id}`));
  }, [dispatch, kind, id]);

  return (
    <section className="relative flex h-full min-h-0 flex-col" aria-label={placeholder} data-chat-area>
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 px-4 sm:px-5 dark:border-zinc-800">
        <MenuButton />
        {header}
      </header>
      {props.banner}
      {shown ? <Conversation {...props} /> : <div className="min-h-0 flex-1" />}
    </section>
  );
}

/** The message list and the composer of a conversation, with their tools and dialogs. */
function Conversation({ kind, id, placeholder, intro, disabledReason, composerOverride, composerNotice }: Props) {
  const { t } = useTranslation("chat");
  const key = convKey(kind, id);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const guest = useAppSelector((s) => s.authData.guest);
  const ids = useAppSelector((s) => selectConversationIds(s, kind, id));
  const byId = useAppSelector((s) => s.messages.byId);
  const reactions = useAppSelector((s) => s.messages.reactions);
  const users = useAppSelector((s) => s.users.byId);
  const { loading, hasMore, loadOlder, fetchPage } = useHistory(kind, id);
  const onRangeChange = useBodyWindow(kind, id, fetchPage);
  const [sendChannelMsg] = useSendChannelMsgMutation();
  const [sendMsg] = useSendMsgMutation();
  const [replyMessage] = useReplyMessageMutation();
  const [editMessage] = useEditMessageMutation();
  const [likeMessage] = useLikeMessageMutation();
  const [deleteMessage, { isLoading: deleting }] = useDeleteMessageMutation();
  const isAdmin = useAppSelector((s) => !!s.authData.user?.is_admin);
  const [replyTo, setReplyTo] = useState<StoredMessage | null>(null);
  const [editing, setEditing] = useState<StoredMessage | null>(null);
  const [toDelete, setToDelete] = useState<StoredMessage | null>(null);
  const [prevKey, setPrevKey] = useState(key);
  if (prevKey !== key) {
    setPrevKey(key);
    setReplyTo(null);
    setEditing(null);
    setToDelete(null);
  }

  // Read marker: what is seen on screen is read; the "New messages" line from the marker at open.
  const { unreadStart, onSeen } = useConversationRead(kind, id, ids, byId, loading, hasMore);

  const onSend = (content: string, { markdown, mentions }: { markdown: boolean; mentions: number[] }) => {
    if (editing) {
      if (content !== editing.content) void editMessage({ mid: editing.mid, content, type: editing.content_type });
      setEditing(null);
      return;
    }
    const args = { id, content, type: markdown ? ("markdown" as const) : ("text" as const), properties: { mentions, local_id: nextLocalId() } };
    if (replyTo) {
      void replyMessage({ ...args, kind, reply_mid: replyTo.mid });
      setReplyTo(null);
    } else if (kind === "channel") void sendChannelMsg(args);
    else void sendMsg(args);
  };


  const react = useCallback((mid: number, action: string) => void likeMessage({ mid, action }), [likeMessage]);
  // Pin, save, forward, copy, multi-select: their actions, the selection bar and their dialogs.
  const tools = useConversationTools(kind, id, !guest);
  const actions = useMemo<MessageActions | undefined>(
    () =>
      guest
        ? undefined
        : {
            me,
            isAdmin,
            react,
            reply: (m) => {
              setEditing(null);
              setReplyTo(m);
            },
            edit: (m) => {
              setReplyTo(null);
              setEditing(m);
            },
            remove: setToDelete,
            ...tools.actions,
          },
    [guest, me, isAdmin, react, tools.actions],
  );

  const excerptOf = (m: StoredMessage) => (m.content_type === ContentType.text || m.content_type === ContentType.markdown ? m.content : t("message.attachment"));
  const mode: ComposerMode | null = editing
    ? { kind: "edit", mid: editing.mid, title: t("composer.editing"), excerpt: "", initialText: editing.content, markdown: editing.content_type === ContentType.markdown }
    : replyTo
      ? {
          kind: "reply",
          mid: replyTo.mid,
          title: t("composer.replying_to", { name: users[replyTo.from_uid]?.name ?? t("message.unknown_user", { uid: replyTo.from_uid }) }),
          excerpt: excerptOf(replyTo),
        }
      : null;

  const confirmDelete = async () => {
    if (!toDelete) return;
    await deleteMessage({ mid: toDelete.mid, kind, id });
    setToDelete(null);
    if (editing?.mid === toDelete.mid) setEditing(null);
    if (replyTo?.mid === toDelete.mid) setReplyTo(null);
  };

  return (
    <>
      <MessageList
        contextKey={key}
        ids={ids}
        byId={byId}
        users={users}
        reactions={reactions}
        me={me}
        hasMore={hasMore}
        loading={loading}
        onLoadMore={loadOlder}
        intro={intro}
        label={t("message.list")}
        actions={actions}
        unreadStart={unreadStart}
        onSeen={onSeen}
        onRangeChange={onRangeChange}
      />
      {guest ? (
        <GuestSignIn />
      ) : (
        <>
          {tools.bar}
          {/* Hidden, not unmounted, while selecting: the draft stays. */}
          <div className={tools.bar ? "hidden" : "contents"}>
            {composerOverride ?? (
              <>
                {composerNotice}
                <Composer
                  contextKey={key}
                  kind={kind}
                  id={id}
                  placeholder={placeholder}
                  onSend={onSend}
                  disabled={!!disabledReason}
                  disabledReason={disabledReason}
                  mode={mode}
                  onCancelMode={() => {
                    setReplyTo(null);
                    setEditing(null);
                  }}
                />
              </>
            )}
          </div>
        </>
      )}
      {tools.overlay}
      {toDelete && (
        <DeleteMessagesDialog busy={deleting} onConfirm={() => void confirmDelete()} onCancel={() => setToDelete(null)} />
      )}
    </>
  );
}
