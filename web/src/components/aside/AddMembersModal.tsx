import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppSelector } from "../../app/hooks";
import { useAddChannelMembersMutation } from "../../app/services/conversation";
import { CheckIcon, SearchIcon, UserPlusIcon } from "../Icons";
import Avatar, { avatarUrl } from "../ui/Avatar";
import Button from "../ui/Button";
import Input from "../ui/Input";
import Modal from "../ui/Modal";

/** Add people to a private channel (`POST /group/{gid}/members/add`); the stream updates the member list. */
export default function AddMembersModal({ gid, onClose }: { gid: number; onClose: () => void }) {
  const { t } = useTranslation(["chat", "member"]);
  const channel = useAppSelector((s) => s.channels.byId[gid]);
  const users = useAppSelector((s) => s.users);
  const [filter, setFilter] = useState("");
  const [picked, setPicked] = useState<number[]>([]);
  const [add, { isLoading }] = useAddChannelMembersMutation();
  const candidates = useMemo(() => {
    const members = new Set(channel?.members ?? []);
    const q = filter.trim().toLowerCase();
    return users.ids
      .map((uid) => users.byId[uid])
      .filter((u) => u && !members.has(u.uid))
      .filter((u) => !q || u.name.toLowerCase().includes(q) || (u.email ?? "").toLowerCase().includes(q));
  }, [channel, users, filter]);
  const toggle = (uid: number) => setPicked((p) => (p.includes(uid) ? p.filter((x) => x !== uid) : [...p, uid]));

  const submit = async () => {
    if (!picked.length) return;
    const res = await add({ gid, uids: picked });
    if (!("error" in res)) onClose();
  };

  return (
    <Modal
      title={t("members.add_title", { name: channel?.name ?? "" })}
      description={t("members.add_desc")}
      onClose={onClose}
      width="max-w-md"
      icon={
        <span className="flex size-10 items-center justify-center rounded-full bg-primary-100 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
          <UserPlusIcon size={18} />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("composer.cancel")}
          </Button>
          <Button onClick={() => void submit()} disabled={!picked.length} loading={isLoading} data-testid="add-members-submit">
            {picked.length ? t("members.add_count", { count: picked.length }) : t("members.add")}
          </Button>
        </>
      }
    >
      <Input
        type="search"
        aria-label={t("search", { ns: "member" })}
        placeholder={t("search", { ns: "member" })}
        leading={<SearchIcon size={16} />}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        data-autofocus
      />
      <ul className="scroll-thin mt-3 max-h-72 space-y-px overflow-y-auto" aria-label={t("members.candidates")}>
        {candidates.length === 0 && <li className="px-2 py-6 text-center text-sm text-zinc-500">{filter ? t("none", { ns: "member" }) : t("members.everyone_in")}</li>}
        {candidates.map((u) => {
          const on = picked.includes(u.uid);
          return (
            <li key={u.uid}>
              <button
                type="button"
                role="checkbox"
                aria-checked={on}
                onClick={() => toggle(u.uid)}
                className={clsx(
                  "flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
                  on ? "bg-primary-50 dark:bg-primary-950/60" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
                )}
              >
                <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={32} online={!!u.online} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{u.name}</span>
                  {u.email && <span className="block truncate text-xs text-zinc-500">{u.email}</span>}
                </span>
                <span
                  aria-hidden="true"
                  className={clsx(
                    "flex size-5 items-center justify-center rounded-md border transition",
                    on ? "border-primary-600 bg-primary-600 text-white dark:border-primary-500 dark:bg-primary-500" : "border-zinc-300 dark:border-zinc-600",
                  )}
                >
                  {on && <CheckIcon size={13} />}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
