import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { useRemoveChannelMembersMutation } from "../../app/services/conversation";
import { UserPlusIcon } from "../Icons";
import Avatar, { avatarUrl } from "../ui/Avatar";
import Badge from "../ui/Badge";
import BotBadge from "../ui/BotBadge";
import Button from "../ui/Button";
import ConfirmDialog from "../ui/ConfirmDialog";
import { CrownIcon, UserMinusIcon } from "./icons";
import { canManageChannel, channelMemberIds, groupMembers } from "./members";
import SearchField from "../ui/SearchField";

const AddMembersModal = lazy(() => import("./AddMembersModal"));

function MemberRow({ uid, owner, canRemove, onRemove }: { uid: number; owner: boolean; canRemove: boolean; onRemove: () => void }) {
  const { t } = useTranslation(["chat", "member"]);
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.users.byId[uid]);
  const me = useAppSelector((s) => s.authData.user?.uid);
  if (!user) return null;
  const self = uid === me;
  // The stream reports everyone's presence but one's own: being here means online.
  const online = self || !!user.online;
  return (
    <li className="group/member relative" data-testid="member" data-uid={uid}>
      <button
        type="button"
        disabled={self}
        onClick={() => navigate(`/chat/dm/${uid}`)}
        title={self ? undefined : t("send_message", { ns: "member" })}
        className="flex w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left outline-none enabled:hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-primary-500/40 dark:enabled:hover:bg-zinc-800"
      >
        <Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={32} online={online} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{user.name}</span>
            {user.is_bot && <BotBadge />}
            {self && <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">({t("you", { ns: "member" })})</span>}
          </span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{online ? t("online", { ns: "member" }) : t("offline", { ns: "member" })}</span>
        </span>
        {owner && (
          <Badge tone="warning" className="gap-1">
            <CrownIcon size={11} />
            {t("members.owner")}
          </Badge>
        )}
      </button>
      {canRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t("members.remove", { name: user.name })}
          title={t("members.remove", { name: user.name })}
          className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md bg-white text-zinc-400 opacity-0 shadow-xs ring-1 ring-zinc-200 transition group-hover/member:opacity-100 group-focus-within/member:opacity-100 hover:text-red-600 focus-visible:opacity-100 focus-visible:outline-none dark:bg-zinc-800 dark:ring-zinc-700 dark:hover:text-red-400"
        >
          <UserMinusIcon size={15} />
        </button>
      )}
    </li>
  );
}

/** A channel's members: admins, bots, members with counts; add and remove for managers. */
export default function MembersPanel({ gid }: { gid: number }) {
  const { t } = useTranslation(["chat", "member"]);
  const channel = useAppSelector((s) => s.channels.byId[gid]);
  const users = useAppSelector((s) => s.users);
  const me = useAppSelector((s) => s.authData.user);
  const guest = useAppSelector((s) => s.authData.guest);
  const [filter, setFilter] = useState("");
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [removeMembers, { isLoading: busy }] = useRemoveChannelMembersMutation();
  const all = useMemo(() => (channel ? channelMemberIds(channel, users) : []), [channel, users]);
  const groups = useMemo(() => groupMembers(all, users.byId, filter), [all, users.byId, filter]);
  if (!channel) return null;
  const manager = !guest && canManageChannel(channel, me);
  const editable = manager && !channel.is_public;
  const removingUser = removing !== null ? users.byId[removing] : undefined;

  const confirmRemove = async () => {
    if (removing === null) return;
    await removeMembers({ gid, uids: [removing] });
    setRemoving(null);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="members-panel">
      <div className="space-y-2 border-b border-zinc-100 p-3 dark:border-zinc-800">
        <SearchField label={t("search", { ns: "member" })} boxClassName="block" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t("search", { ns: "member" })} className="input h-8 py-1 pl-8 text-[13px]" />
        {editable && (
          <Button variant="secondary" size="sm" block icon={<UserPlusIcon size={15} />} onClick={() => setAdding(true)}>
            {t("members.add")}
          </Button>
        )}
        {channel.is_public && <p className="px-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t("members.public_note")}</p>}
      </div>
      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {groups.map(
          ({ role, uids }) =>
            uids.length > 0 && (
              <section key={role} aria-label={t(`group.${role}`, { ns: "member" })} data-role={role} className="mt-3">
                <h3 className="flex items-center gap-1.5 px-2 pb-1 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400">
                  {t(`group.${role}`, { ns: "member" })}
                  <span className="rounded-full bg-zinc-100 px-1.5 font-medium text-zinc-500 tabular-nums dark:bg-zinc-800 dark:text-zinc-400" data-testid="member-count">
                    {uids.length}
                  </span>
                </h3>
                <ul>
                  {uids.map((uid) => (
                    <MemberRow key={uid} uid={uid} owner={channel.owner === uid && !channel.is_public} canRemove={editable && uid !== me?.uid && uid !== channel.owner} onRemove={() => setRemoving(uid)} />
                  ))}
                </ul>
              </section>
            ),
        )}
        {groups.every((g) => !g.uids.length) && <p className="px-3 py-8 text-center text-sm text-zinc-500">{t("none", { ns: "member" })}</p>}
      </div>
      {adding && (
        <Suspense fallback={null}>
          <AddMembersModal gid={gid} onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {removingUser && (
        <ConfirmDialog
          title={t("members.remove_title")}
          description={t("members.remove_desc", { name: removingUser.name, channel: channel.name })}
          confirmText={t("members.remove_confirm")}
          danger
          busy={busy}
          icon={<UserMinusIcon size={20} />}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
