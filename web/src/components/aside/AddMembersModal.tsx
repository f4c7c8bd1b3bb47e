import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useAddChannelMembersMutation } from "../../app/services/conversation";
import { UserPlusIcon } from "../Icons";
import Button from "../ui/Button";
import { SearchInput } from "../ui/SearchField";
import Modal, { ModalIcon } from "../ui/Modal";
import SearchingStatus from "./SearchingStatus";
import { usePeoplePicker } from "./usePeopleSearch";
import UserChecklist from "./UserChecklist";

/** Add people to a private channel (`POST /group/{gid}/members/add`); the stream updates the member list. */
export default function AddMembersModal({ gid, onClose }: { gid: number; onClose: () => void }) {
  const { t } = useTranslation(["chat", "member"]);
  const channel = useAppSelector((s) => s.channels.byId[gid]);
  const [filter, setFilter] = useState("");
  const [picked, setPicked] = useState<number[]>([]);
  const [add, { isLoading }] = useAddChannelMembersMutation();
  const { people: candidates, searching } = usePeoplePicker(filter, (u) => !channel?.members.includes(u.uid));
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
      icon={<ModalIcon><UserPlusIcon size={18} /></ModalIcon>}
      actions={
        <Button onClick={() => void submit()} disabled={!picked.length} loading={isLoading} data-testid="add-members-submit">
          {picked.length ? t("members.add_count", { count: picked.length }) : t("members.add")}
        </Button>
      }
    >
      <SearchInput label={t("search", { ns: "member" })} value={filter} onChange={(e) => setFilter(e.target.value)} data-autofocus />
      <UserChecklist
        users={candidates}
        picked={picked}
        onToggle={toggle}
        label={t("members.candidates")}
        empty={searching ? "" : filter ? t("none", { ns: "member" }) : t("members.everyone_in")}
      />
      <SearchingStatus searching={searching} />
    </Modal>
  );
}
