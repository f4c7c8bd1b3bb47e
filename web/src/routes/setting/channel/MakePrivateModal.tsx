import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Group } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import { useChangeChannelTypeMutation } from "../../../app/services/conversation";
import { ArrowLeftRightIcon } from "../../../components/aside/icons";
import { matchesPerson } from "../../../components/aside/members";
import UserChecklist from "../../../components/aside/UserChecklist";
import Button from "../../../components/ui/Button";
import { SearchInput } from "../../../components/ui/SearchField";
import Modal, { ModalIcon } from "../../../components/ui/Modal";

/**
 * Make a public channel private (`POST /group/{gid}/change_type {is_public:false, members}`),
 * choosing who stays a member. Everyone is ticked to start with; whoever is unticked loses the
 * channel and its history. The caller always stays, as its owner (the server adds them).
 */
export default function MakePrivateModal({ channel, onClose }: { channel: Group; onClose: () => void }) {
  const { t } = useTranslation("setting");
  const users = useAppSelector((s) => s.users);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const others = useMemo(() => users.ids.map((uid) => users.byId[uid]).filter((u) => u && u.uid !== me), [users, me]);
  const [picked, setPicked] = useState<number[]>(() => others.map((u) => u.uid));
  const [filter, setFilter] = useState("");
  const [changeType, { isLoading }] = useChangeChannelTypeMutation();
  const q = filter.trim().toLowerCase();
  const shown = others.filter((u) => matchesPerson(u, q));
  const toggle = (uid: number) => setPicked((p) => (p.includes(uid) ? p.filter((x) => x !== uid) : [...p, uid]));
  const all = picked.length === others.length;

  const submit = async () => {
    const res = await changeType({ gid: channel.gid, is_public: false, members: picked });
    if (!("error" in res)) onClose();
  };

  return (
    <Modal
      title={t("channel_edit.make_private_title")}
      description={t("channel_edit.make_private_members_desc", { name: channel.name })}
      onClose={onClose}
      width="max-w-md"
      icon={<ModalIcon><ArrowLeftRightIcon size={18} /></ModalIcon>}
      actions={
        <Button onClick={() => void submit()} loading={isLoading} data-testid="make-private-submit">
          {t("channel_edit.make_private_count", { count: picked.length + 1 })}
        </Button>
      }
    >
      <div className="flex items-center gap-2">
        <SearchInput label={t("channel_edit.search_members")} className="flex-1" value={filter} onChange={(e) => setFilter(e.target.value)} data-autofocus />
        <Button variant="ghost" size="sm" onClick={() => setPicked(all ? [] : others.map((u) => u.uid))}>
          {all ? t("channel_edit.pick_none") : t("channel_edit.pick_all")}
        </Button>
      </div>
      <UserChecklist users={shown} picked={picked} onToggle={toggle} label={t("channel_edit.keep_members")} empty={t("channel_edit.no_match")} />
    </Modal>
  );
}
