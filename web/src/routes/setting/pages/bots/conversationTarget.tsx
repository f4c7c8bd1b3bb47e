/**
 * Who or what a bot talks to in the admin bot viewer: the other side of a DM (`{uid}`) or a
 * channel (`{gid}`), with its picture and name. A channel the admin's own list does not hold (a
 * private one they are not in) is asked for on its own (`getBotChannel`).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MessageTarget } from "@parley/protocol";
import { useAppSelector } from "../../../../app/hooks";
import { useGetBotChannelQuery } from "../../../../app/services/bots";
import type { StoredUser } from "../../../../app/slices/users";
import ChannelAvatar from "../../../../components/aside/ChannelAvatar";
import Avatar, { avatarUrl } from "../../../../components/ui/Avatar";

export const targetKey = (target: MessageTarget) => ("gid" in target ? `g${target.gid}` : `u${target.uid}`);

export interface TargetView {
  /** "#general", "@Ada" (docs/ARCHITECTURE.md "Client rules": screens). */
  title: string;
  /** The user of a DM (deleted: undefined). */
  user?: StoredUser;
  picture: (size: number) => ReactNode;
}

export function useTarget(target: MessageTarget): TargetView {
  const { t } = useTranslation("setting");
  const gid = "gid" in target ? target.gid : 0;
  const uid = "uid" in target ? target.uid : 0;
  const known = useAppSelector((s) => (gid ? s.channels.byId[gid] : undefined));
  // Asked for only once the stream has delivered the admin's channels (`ready`).
  const ready = useAppSelector((s) => s.ui.ready);
  const fetched = useGetBotChannelQuery(gid, { skip: !gid || !!known || !ready }).data;
  const user = useAppSelector((s) => (uid ? s.users.byId[uid] : undefined));
  if (gid) {
    const channel = known ?? fetched;
    const name = channel?.name ?? t("bots_page.conversations.unknown_channel", { gid });
    return {
      title: channel ? `#${name}` : name,
      picture: (size) => <ChannelAvatar channel={channel ?? { gid, name, is_public: true, avatar_updated_at: 0 }} size={size} />,
    };
  }
  const name = user?.name ?? t("bots_page.conversations.unknown_user", { uid });
  return {
    title: user ? `@${name}` : name,
    user,
    picture: (size) => <Avatar name={name} seed={uid} src={user ? avatarUrl(uid, user.avatar_updated_at) : null} size={size} />,
  };
}
