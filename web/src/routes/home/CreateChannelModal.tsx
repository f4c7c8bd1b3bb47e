import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useCreateChannelMutation } from "../../app/services/channel";
import { matchesPerson } from "../../components/aside/members";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import { HashIcon, LockIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import Input from "../../components/ui/Input";
import { SearchInput } from "../../components/ui/SearchField";
import Toggle from "../../components/ui/Toggle";
import Modal from "../../components/ui/Modal";

/** New channel: name, description, public/private and, for private, the members. */
export default function CreateChannelModal({ onClose, defaultPrivate }: { onClose: () => void; defaultPrivate?: boolean }) {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  const me = useAppSelector((s) => s.authData.user);
  const users = useAppSelector((s) => s.users);
  const isAdmin = !!me?.is_admin;
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  // Public channels are offered to admins only, as in VoceChat's client (the server refuses
  // others only with `only_admin_can_create_group` on: docs/API.md "Groups").
  const [isPublic, setIsPublic] = useState(isAdmin && !defaultPrivate);
  const [members, setMembers] = useState<number[]>([]);
  const [filter, setFilter] = useState("");
  const [createChannel, { isLoading }] = useCreateChannelMutation();

  const candidates = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return users.ids
      .map((uid) => users.byId[uid])
      .filter((u) => u && u.uid !== me?.uid && !u.is_bot && matchesPerson(u, q));
  }, [users, filter, me?.uid]);

  const toggleMember = (uid: number) =>
    setMembers((m) => (m.includes(uid) ? m.filter((x) => x !== uid) : [...m, uid]));

  const onSubmit = async (e?: FormEvent) => {
    e?.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const res = await createChannel({
      name: trimmed,
      description: description.trim() || null,
      members: isPublic ? [] : members,
      is_public: isPublic,
    });
    if ("data" in res && res.data) {
      onClose();
      navigate(`/chat/channel/${res.data.gid}`);
    }
  };

  return (
    <Modal
      title={isPublic ? t("create.title") : t("create.title_private")}
      description={t("create.desc")}
      onClose={onClose}
      actions={
        <Button type="submit" form="create-channel-form" disabled={!name.trim()} loading={isLoading}>
          {t("create.submit")}
        </Button>
      }
    >
      <form id="create-channel-form" className="space-y-4" onSubmit={onSubmit}>
        <Input
          id="channel-name"
          name="channel-name"
          label={t("create.name")}
          leading={isPublic ? <HashIcon size={16} /> : <LockIcon size={16} />}
          placeholder={t("create.name_placeholder")}
          maxLength={64}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-autofocus
          required
        />
        <Input
          id="channel-desc"
          name="channel-description"
          label={
            <>
              {t("create.description")} <span className="font-normal text-zinc-500 dark:text-zinc-400">{t("create.optional")}</span>
            </>
          }
          placeholder={t("create.description_placeholder")}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <Toggle
          className="rounded-xl border border-zinc-200 p-3.5 dark:border-zinc-800"
          label={t("create.private")}
          description={isAdmin ? t("create.private_desc") : t("create.private_only")}
          checked={!isPublic}
          disabled={!isAdmin}
          onChange={(priv) => setIsPublic(!priv)}
        />
        {!isPublic && (
          <fieldset>
            <legend className="label">
              {t("create.members")} <span className="font-normal text-zinc-500 dark:text-zinc-400">({members.length})</span>
            </legend>
            <SearchInput label={t("create.search_members")} className="mb-2" value={filter} onChange={(e) => setFilter(e.target.value)} />
            <ul className="scroll-thin max-h-48 overflow-y-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
              {candidates.length === 0 && <li className="px-3 py-3 text-sm text-zinc-500">{t("create.no_members")}</li>}
              {candidates.map((u) => (
                <li key={u.uid}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                    <input
                      type="checkbox"
                      className="size-4 rounded accent-primary-600"
                      checked={members.includes(u.uid)}
                      onChange={() => toggleMember(u.uid)}
                    />
                    <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={26} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm text-zinc-900 dark:text-zinc-100">{u.name}</span>
                      {u.email && <span className="block truncate text-xs text-zinc-500">{u.email}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </form>
    </Modal>
  );
}
