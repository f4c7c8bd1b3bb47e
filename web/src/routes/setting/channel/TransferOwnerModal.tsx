import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import type { Group } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import { useLeaveChannelMutation, useUpdateChannelInfoMutation } from "../../../app/services/conversation";
import { CrownIcon } from "../../../components/aside/icons";
import Avatar, { avatarUrl } from "../../../components/ui/Avatar";
import Button from "../../../components/ui/Button";
import { SearchInput } from "../../../components/ui/SearchField";
import Modal, { ModalIcon } from "../../../components/ui/Modal";

/**
 * Hand a private channel to another member (`PUT /group/{gid} {owner}`). The owner must
 * transfer ownership before leaving, so "leave" opens this with `thenLeave` and leaves right after.
 */
export default function TransferOwnerModal({ channel, thenLeave, onClose, onLeft }: { channel: Group; thenLeave?: boolean; onClose: () => void; onLeft?: () => void }) {
  const { t } = useTranslation("setting");
  const users = useAppSelector((s) => s.users.byId);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const [filter, setFilter] = useState("");
  const [picked, setPicked] = useState<number | null>(null);
  const [update, { isLoading: saving }] = useUpdateChannelInfoMutation();
  const [leave, { isLoading: leaving }] = useLeaveChannelMutation();
  const candidates = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return channel.members
      .filter((uid) => uid !== channel.owner && uid !== me && users[uid] && !users[uid].is_bot)
      .map((uid) => users[uid])
      .filter((u) => !q || u.name.toLowerCase().includes(q));
  }, [channel, users, me, filter]);

  const submit = async () => {
    if (picked === null) return;
    const res = await update({ gid: channel.gid, owner: picked });
    if ("error" in res) return;
    if (thenLeave) {
      const left = await leave(channel.gid);
      if ("error" in left) return;
      onLeft?.();
    }
    onClose();
  };

  return (
    <Modal
      title={thenLeave ? t("channel_edit.transfer_leave_title") : t("channel_edit.transfer_title")}
      description={thenLeave ? t("channel_edit.transfer_leave_desc", { name: channel.name }) : t("channel_edit.transfer_desc", { name: channel.name })}
      onClose={onClose}
      width="max-w-md"
      icon={<ModalIcon tone="warning"><CrownIcon size={18} /></ModalIcon>}
      actions={
        <Button variant={thenLeave ? "danger" : "primary"} disabled={picked === null} loading={saving || leaving} onClick={() => void submit()} data-testid="transfer-submit">
          {thenLeave ? t("channel_edit.transfer_leave") : t("channel_edit.transfer")}
        </Button>
      }
    >
      <SearchInput label={t("channel_edit.search_members")} value={filter} onChange={(e) => setFilter(e.target.value)} data-autofocus />
      <ul role="radiogroup" aria-label={t("channel_edit.new_owner")} className="scroll-thin mt-3 max-h-64 space-y-px overflow-y-auto">
        {candidates.length === 0 && <li className="px-2 py-6 text-center text-sm text-zinc-500">{t("channel_edit.no_candidates")}</li>}
        {candidates.map((u) => (
          <li key={u.uid}>
            <button
              type="button"
              role="radio"
              aria-checked={picked === u.uid}
              onClick={() => setPicked(u.uid)}
              className={clsx(
                "flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
                picked === u.uid ? "bg-primary-50 ring-1 ring-primary-200 dark:bg-primary-950/60 dark:ring-primary-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
              )}
            >
              <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={32} online={!!u.online} />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{u.name}</span>
              <span className={clsx("size-4 rounded-full border-2", picked === u.uid ? "border-primary-600 bg-primary-600 ring-2 ring-white ring-inset dark:border-primary-400 dark:bg-primary-400 dark:ring-zinc-900" : "border-zinc-300 dark:border-zinc-600")} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
