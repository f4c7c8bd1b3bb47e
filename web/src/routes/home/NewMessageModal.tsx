import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import SearchingStatus from "../../components/aside/SearchingStatus";
import { usePeoplePicker } from "../../components/aside/usePeopleSearch";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Badge from "../../components/ui/Badge";
import BotBadge from "../../components/ui/BotBadge";
import { SearchInput } from "../../components/ui/SearchField";
import Modal from "../../components/ui/Modal";

/** "New message": pick a person to message. */
export default function NewMessageModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(["chat", "member"]);
  const navigate = useNavigate();
  const me = useAppSelector((s) => s.authData.user?.uid);
  const users = useAppSelector((s) => s.users);
  const [filter, setFilter] = useState("");
  const { people, searching } = usePeoplePicker(filter, (u) => u.uid !== me);

  const open = (uid: number) => {
    onClose();
    navigate(`/chat/dm/${uid}`);
  };

  return (
    <Modal title={t("new_message.title")} description={t("new_message.desc")} onClose={onClose} width="max-w-md">
      <SearchInput label={t("new_message.search")} value={filter} onChange={(e) => setFilter(e.target.value)} data-autofocus />
      <ul className="scroll-thin mt-3 max-h-72 overflow-y-auto" aria-label={t("new_message.people")}>
        {people.length === 0 && !searching && <li className="px-2 py-6 text-center text-sm text-zinc-500">{t("new_message.empty")}</li>}
        {people.map((u) => (
          <li key={u.uid}>
            <button
              type="button"
              onClick={() => open(u.uid)}
              className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left outline-none hover:bg-zinc-100 focus-visible:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
            >
              <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={32} online={!!u.online} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{u.name}</span>
                {u.email && <span className="block truncate text-xs text-zinc-500">{u.email}</span>}
              </span>
              {!users.byId[u.uid] && <Badge>{t("people_search.found")}</Badge>}
              {u.is_admin && <Badge tone="primary">{t("admin", { ns: "member" })}</Badge>}
              {u.is_bot && <BotBadge />}
            </button>
          </li>
        ))}
      </ul>
      <SearchingStatus searching={searching} />
    </Modal>
  );
}
