import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { useClearChannelHistoryMutation } from "../../app/services/channelAdmin";
import { useChangeChannelTypeMutation, useDeleteChannelMutation, useLeaveChannelMutation } from "../../app/services/conversation";
import { AlertIcon, HashIcon, LockIcon, TrashIcon } from "../../components/Icons";
import { ArrowLeftRightIcon, CrownIcon, DoorExitIcon, EraserIcon } from "../../components/aside/icons";
import MembersPanel from "../../components/aside/MembersPanel";
import { canManageChannel, membersHidden } from "../../components/aside/members";
import { AutoDeleteSelect, MuteSelect } from "../../components/aside/Prefs";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Button from "../../components/ui/Button";
import ConfirmDialog from "../../components/ui/ConfirmDialog";
import EmptyState from "../../components/ui/EmptyState";
import { ActionRow, DangerActionRow } from "./channel/ActionRow";
import AnnouncementCard from "./channel/AnnouncementCard";
import ChannelInfoCard from "./channel/ChannelInfoCard";
import InviteCard from "./channel/InviteCard";
import MakePrivateModal from "./channel/MakePrivateModal";
import SendRestrictionToggle from "./channel/SendRestrictionToggle";
import TransferOwnerModal from "./channel/TransferOwnerModal";
import { Section } from "./pages/parts";
import SettingsFrame from "./SettingsFrame";

type Dialog = "type" | "transfer" | "transfer-leave" | null;

/** `/setting/channel/{cid}/{nav?}`: a channel's settings — overview (edit, preferences, type, ownership, leave, delete), members, invite. */
export default function ChannelSetting() {
  const { t } = useTranslation("setting");
  const navigate = useNavigate();
  const { cid, nav = "overview" } = useParams();
  const gid = Number(cid);
  const channel = useAppSelector((s) => s.channels.byId[gid]);
  const me = useAppSelector((s) => s.authData.user);
  const users = useAppSelector((s) => s.users.byId);
  const extSetting = useAppSelector((s) => s.server.common?.ext_setting);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [changeType, { isLoading: changing }] = useChangeChannelTypeMutation();
  const [leave] = useLeaveChannelMutation();
  const [remove] = useDeleteChannelMutation();
  const [clearHistory] = useClearChannelHistoryMutation();

  const manager = !!channel && canManageChannel(channel, me);
  const isMember = !!channel && !!me && !channel.is_public && channel.members.includes(me.uid);
  const showMembers = !!channel && !membersHidden(extSetting, channel, me);
  const navs = ["overview", ...(showMembers ? ["members"] : []), ...(channel && !channel.is_public && (manager || isMember) ? ["invite"] : [])];
  if (!navs.includes(nav) && channel) return <Navigate to={`/setting/channel/${cid}/overview`} replace />;
  const owner = channel?.owner ? users[channel.owner] : undefined;
  const isOwner = !!channel && channel.owner === me?.uid;

  const gone = () => navigate("/chat", { replace: true });
  // Private → public; the other way picks the members to keep (MakePrivateModal).
  const onMakePublic = async () => {
    const res = await changeType({ gid, is_public: true });
    if (!("error" in res)) setDialog(null);
  };
  // Each answers whether it was done: leaving and deleting then leave the settings.
  const onLeave = async () => {
    const done = !("error" in (await leave(gid)));
    if (done) gone();
    return done;
  };
  const onDelete = async () => {
    const done = !("error" in (await remove(gid)));
    if (done) gone();
    return done;
  };
  const onClearHistory = async () => !("error" in (await clearHistory(gid)));

  let content: ReactNode;
  if (!channel) {
    content = <EmptyState className="h-full" icon={<HashIcon size={28} />} title={t("channel.missing")} />;
  } else if (nav === "members") {
    content = (
      <div className="mx-auto flex h-full max-w-2xl flex-col p-6">
        <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <MembersPanel gid={gid} />
        </div>
      </div>
    );
  } else if (nav === "invite") {
    content = (
      <div className="mx-auto max-w-2xl p-6">
        <InviteCard gid={gid} />
      </div>
    );
  } else {
    const Icon = channel.is_public ? HashIcon : LockIcon;
    content = (
      <div className="mx-auto max-w-2xl space-y-8 p-6" data-testid="channel-settings">
        <Section title={t("channel_edit.info")} plain>
          <ChannelInfoCard key={gid} channel={channel} editable={manager} />
          {!manager && <p className="mt-2 px-1 text-xs text-zinc-500 dark:text-zinc-400">{t("channel_edit.read_only")}</p>}
        </Section>

        <Section title={t("announcement.title")} description={manager ? t("announcement.hint") : undefined} plain>
          <AnnouncementCard key={gid} gid={gid} editable={manager} />
        </Section>

        <Section title={t("channel_edit.prefs")} description={t("channel_edit.prefs_hint")}>
          <MuteSelect kind="channel" id={gid} />
          <AutoDeleteSelect kind="channel" id={gid} />
        </Section>

        <Section title={t("channel_edit.access")}>
          <SendRestrictionToggle channel={channel} editable={manager} />
          <ActionRow
            icon={<Icon size={20} />}
            title={channel.is_public ? t("channel.public") : t("channel.private")}
            description={channel.is_public ? t("channel_edit.public_desc") : t("channel_edit.private_desc")}
            action={
              manager && (
                <Button variant="secondary" size="sm" icon={<ArrowLeftRightIcon size={14} />} onClick={() => setDialog("type")}>
                  {channel.is_public ? t("channel_edit.make_private") : t("channel_edit.make_public")}
                </Button>
              )
            }
          />
          {!channel.is_public && (
            <ActionRow
              icon={<CrownIcon size={20} />}
              title={t("channel.owner")}
              description={owner ? t("channel_edit.owner_desc", { name: owner.name }) : t("channel_edit.no_owner")}
              action={
                <span className="flex items-center gap-3">
                  {owner && <Avatar name={owner.name} seed={owner.uid} src={avatarUrl(owner.uid, owner.avatar_updated_at)} size={28} />}
                  {manager && (
                    <Button variant="secondary" size="sm" onClick={() => setDialog("transfer")} data-testid="transfer-button">
                      {t("channel_edit.transfer")}
                    </Button>
                  )}
                </span>
              }
            />
          )}
        </Section>

        {(isMember || manager) && (
          <Section title={t("channel_edit.danger")} danger>
            {isMember && (
              <DangerActionRow
                icon={<DoorExitIcon size={20} />}
                title={t("channel_edit.leave")}
                description={isOwner ? t("channel_edit.leave_owner_desc") : t("channel_edit.leave_desc")}
                question={{ title: t("channel_edit.leave_title", { name: channel.name }), description: t("channel_edit.leave_confirm"), icon: <DoorExitIcon size={20} /> }}
                onConfirm={onLeave}
                // The owner hands the channel over first (TransferOwnerModal), then leaves.
                onClick={isOwner ? () => setDialog("transfer-leave") : undefined}
                testId="leave-button"
              />
            )}
            {manager && (
              <>
                <DangerActionRow
                  icon={<EraserIcon size={20} />}
                  title={t("channel_admin.clear")}
                  description={t("channel_admin.clear_desc")}
                  question={{ title: t("channel_admin.clear_title", { name: channel.name }), description: t("channel_admin.clear_confirm"), icon: <AlertIcon size={20} /> }}
                  onConfirm={onClearHistory}
                  testId="clear-history-button"
                />
                <DangerActionRow
                  icon={<TrashIcon size={20} />}
                  title={t("channel_edit.delete")}
                  description={t("channel_edit.delete_desc")}
                  question={{ title: t("channel_edit.delete_title", { name: channel.name }), description: t("channel_edit.delete_confirm"), icon: <AlertIcon size={20} /> }}
                  onConfirm={onDelete}
                  strong
                  testId="delete-channel-button"
                />
              </>
            )}
          </Section>
        )}
      </div>
    );
  }

  return (
    <SettingsFrame
      title={channel ? `#${channel.name}` : t("channel.title")}
      active={nav}
      groups={[
        {
          title: t("channel.title"),
          items: navs.map((key) => ({ key, label: t(`channel.${key}`), to: `/setting/channel/${cid}/${key}` })),
        },
      ]}
    >
      {content}
      {channel && dialog === "type" && channel.is_public && <MakePrivateModal channel={channel} onClose={() => setDialog(null)} />}
      {channel && dialog === "type" && !channel.is_public && (
        <ConfirmDialog
          title={t("channel_edit.make_public_title")}
          description={t("channel_edit.make_public_confirm")}
          confirmText={t("channel_edit.make_public")}
          busy={changing}
          icon={<ArrowLeftRightIcon size={20} />}
          onConfirm={() => void onMakePublic()}
          onCancel={() => setDialog(null)}
        />
      )}
      {channel && (dialog === "transfer" || dialog === "transfer-leave") && (
        <TransferOwnerModal channel={channel} thenLeave={dialog === "transfer-leave"} onClose={() => setDialog(null)} onLeft={gone} />
      )}
    </SettingsFrame>
  );
}
