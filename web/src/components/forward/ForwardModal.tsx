/**
 * Forward messages (docs/API.md "Archives"): snapshot them into an archive (`POST
 * /resource/archive`), send the archive path as a `vocechat/archive` message to every picked
 * channel and person, then the optional note as a normal message. Loaded lazily, on first use.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ContentType } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import { useSendChannelMsgMutation } from "../../app/services/channel";
import { useCreateArchiveMutation, useSendArchiveMutation } from "../../app/services/favorite";
import { nextLocalId } from "../../app/services/sendFlow";
import { useSendMsgMutation } from "../../app/services/user";
import type { StoredMessage } from "../../app/slices/messages";
import { toast } from "../../utils/toast";
import { FileIcon } from "../Icons";
import { ForwardIcon } from "../ChatIcons";
import Button from "../ui/Button";
import Modal from "../ui/Modal";
import Textarea from "../ui/Textarea";
import { fileUrl } from "../MessageList/content/urls";
import { isImage } from "../selection/rules";
import TargetPicker from "./TargetPicker";
import { buildTargets, type ForwardTarget } from "./targets";

interface Props {
  mids: number[];
  onClose: () => void;
  /** After at least one conversation got the messages. */
  onDone?: () => void;
}

const PREVIEW = 3;

function Excerpt({ message }: { message: StoredMessage }) {
  const { t } = useTranslation("chat");
  const name = useAppSelector((s) => s.users.byId[message.from_uid]?.name) ?? t("message.unknown_user", { uid: message.from_uid });
  const isFile = message.content_type === ContentType.file;
  const fileName = typeof message.properties?.name === "string" ? message.properties.name : t("message.attachment");
  return (
    <li className="flex min-w-0 items-baseline gap-1.5 text-sm">
      <span className="shrink-0 font-semibold text-zinc-800 dark:text-zinc-100">{name}</span>
      {isFile ? (
        <span className="flex min-w-0 items-center gap-1.5 self-center text-zinc-600 dark:text-zinc-300">
          {isImage(message) ? (
            <img src={fileUrl(message.content, { thumbnail: true })} alt="" className="size-6 shrink-0 rounded object-cover" />
          ) : (
            <FileIcon size={13} className="shrink-0" />
          )}
          <span className="truncate">{fileName}</span>
        </span>
      ) : (
        <span className="truncate text-zinc-600 dark:text-zinc-300">{message.content}</span>
      )}
    </li>
  );
}

export default function ForwardModal({ mids, onClose, onDone }: Props) {
  const { t } = useTranslation("chat");
  const me = useAppSelector((s) => s.authData.user?.uid);
  const isAdmin = useAppSelector((s) => !!s.authData.user?.is_admin);
  const channelsById = useAppSelector((s) => s.channels.byId);
  const channelIds = useAppSelector((s) => s.channels.ids);
  const usersById = useAppSelector((s) => s.users.byId);
  const userIds = useAppSelector((s) => s.users.ids);
  const byId = useAppSelector((s) => s.messages.byId);
  const targets = useMemo(
    () =>
      buildTargets(
        channelIds.map((id) => channelsById[id]).filter((g) => !!g),
        userIds.map((id) => usersById[id]).filter((u) => !!u),
        { me, isAdmin },
      ),
    [channelIds, channelsById, userIds, usersById, me, isAdmin],
  );
  const messages = mids.map((mid) => byId[mid]).filter((m): m is StoredMessage => !!m);
  const [selected, setSelected] = useState<string[]>([]);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [createArchive] = useCreateArchiveMutation();
  const [sendArchive] = useSendArchiveMutation();
  const [sendChannelMsg] = useSendChannelMsgMutation();
  const [sendMsg] = useSendMsgMutation();

  const toggle = (key: string) => setSelected((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));

  const submit = async () => {
    const picked = selected.map((k) => targets.find((x) => x.key === k)).filter((x): x is ForwardTarget => !!x);
    if (!picked.length || busy) return;
    setBusy(true);
    try {
      // One archive for every target: it is a snapshot of the messages as they are now.
      const archived = await createArchive(mids);
      if ("error" in archived) return; // toasted by the base query
      const text = note.trim();
      const failed: string[] = [];
      await Promise.all(
        picked.map(async (target) => {
          const sent = await sendArchive({ kind: target.kind, id: target.id, path: archived.data });
          if ("error" in sent) {
            failed.push(target.name);
            return;
          }
          if (!text) return;
          const args = { id: target.id, content: text, properties: { mentions: [], local_id: nextLocalId() } };
          await (target.kind === "channel" ? sendChannelMsg(args) : sendMsg(args));
        }),
      );
      const done = picked.length - failed.length;
      if (failed.length) toast.error(t("forward.failed", { names: failed.join(", ") }));
      if (done > 0) {
        toast.success(t("forward.done", { count: done }));
        onDone?.();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t("forward.title", { count: mids.length })}
      icon={
        <span className="flex size-9 items-center justify-center rounded-xl bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
          <ForwardIcon size={18} />
        </span>
      }
      onClose={onClose}
      width="max-w-lg"
      actions={
        <Button onClick={() => void submit()} disabled={!selected.length} loading={busy} icon={<ForwardIcon size={16} />} data-testid="forward-send">
          {selected.length ? t("forward.send_count", { count: selected.length }) : t("forward.send")}
        </Button>
      }
    >
      <div className="flex flex-col gap-4" data-testid="forward-modal">
        <section aria-label={t("forward.preview")} className="rounded-xl border-l-[3px] border-primary-400 bg-zinc-50 px-3 py-2 dark:border-primary-500 dark:bg-zinc-800/60">
          <ul className="flex flex-col gap-0.5">
            {messages.slice(0, PREVIEW).map((m) => (
              <Excerpt key={m.mid} message={m} />
            ))}
          </ul>
          {messages.length > PREVIEW && <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t("forward.more", { count: messages.length - PREVIEW })}</p>}
        </section>
        <TargetPicker targets={targets} selected={selected} onToggle={toggle} />
        <Textarea
          label={
            <>
              {t("forward.note")} <span className="font-normal text-zinc-500 dark:text-zinc-400">{t("create.optional")}</span>
            </>
          }
          areaClassName="min-h-16 resize-none"
          rows={2}
          maxLength={10_000}
          placeholder={t("forward.note_placeholder")}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
      </div>
    </Modal>
  );
}
