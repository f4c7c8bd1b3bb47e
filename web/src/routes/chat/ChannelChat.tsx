import { useMemo, useState } from "react";
import { useParams } from "react-router";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useGetChannelQuery } from "../../app/services/channel";
import { HashIcon, LockIcon, UsersIcon } from "../../components/Icons";
import Loading from "../../components/Loading";
import ChannelAvatar from "../../components/aside/ChannelAvatar";
import { AsideButton, ConversationAside, HeaderSearch, useChatAside } from "../../components/aside/controls";
import { PinIcon } from "../../components/aside/icons";
import { channelMemberIds, membersHidden } from "../../components/aside/members";
import { selectIsMuted } from "../../app/selectors";
import AnnouncementSlot from "./AnnouncementSlot";
import NotFoundInLayout from "./NotFoundInLayout";
import ChatView from "./ChatView";
import CallButtons from "../../calls/CallButtons";
import { ChatWithAside, ConversationHeader, ConversationIntro, useHeaderQuery } from "./ConversationHeader";

export default function ChannelChat() {
  const { t } = useTranslation("chat");
  const gid = Number(useParams().channel_id);
  const stored = useAppSelector((s) => s.channels.byId[gid]);
  const me = useAppSelector((s) => s.authData.user);
  const guest = useAppSelector((s) => s.authData.guest);
  const users = useAppSelector((s) => s.users);
  const extSetting = useAppSelector((s) => s.server.common?.ext_setting);
  const muted = useAppSelector((s) => selectIsMuted(s, "channel", gid));
  const { aside, setAside, toggle } = useChatAside("channel", gid);
  const [query, setQuery] = useHeaderQuery(gid);
  // A channel the stream had announced and then took away (deleted, made private without us,
  // kicked) is gone: not brought back by an answer fetched before the stream announced it.
  const [announced, setAnnounced] = useState<number | null>(null);
  if (stored && announced !== gid) setAnnounced(gid);
  const removed = !stored && announced === gid;
  // Just created or not yet announced by the stream: ask the server.
  const { data: fetched, isError } = useGetChannelQuery(gid, { skip: !!stored || removed || !Number.isInteger(gid) });
  const channel = stored ?? (removed ? undefined : fetched);
  const memberIds = useMemo(() => (channel ? channelMemberIds(channel, users) : []), [channel, users]);

  if (!Number.isInteger(gid) || gid <= 0 || removed || (!channel && isError)) return <NotFoundInLayout text={t("channel.not_found")} />;
  if (!channel) return <Loading fullscreen={false} />;

  const Icon = channel.is_public ? HashIcon : LockIcon;
  const restricted =
    channel.only_owner_can_send_msg && me && !me.is_admin && channel.owner !== me.uid ? t("channel_admin.send_restricted") : undefined;
  const showMembers = !membersHidden(extSetting, channel, me);
  const pins = channel.pinned_messages?.length ?? 0;
  // A panel that is not available any more (members hidden by the server setting) stays closed.
  const open = aside === "members" && !showMembers ? null : aside;

  return (
    <ChatWithAside aside={open && <ConversationAside kind="channel" id={gid} aside={open} onClose={() => setAside(null)} query={query} onQueryChange={setQuery} name={channel.name} />}>
      <ChatView
        kind="channel"
        id={gid}
        placeholder={t("composer.placeholder_channel", { name: channel.name })}
        disabledReason={restricted}
        banner={<AnnouncementSlot gid={gid} />}
        header={
          <ConversationHeader
            avatar={<ChannelAvatar channel={channel} size={32} className="max-sm:hidden" />}
            titleIcon={
              // The channel's tile says public or private already, unless it is a picture (or hidden on small screens).
              <Icon size={15} className={clsx("shrink-0 text-zinc-400", !channel.avatar_updated_at && "sm:hidden")} aria-label={channel.is_public ? t("channel.public") : t("channel.private")} />
            }
            title={channel.name}
            muted={muted}
            subtitle={
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" data-testid="channel-description">
                {channel.description || (channel.is_public ? t("channel.public") : t("channel.private"))}
              </p>
            }
            settings={guest ? undefined : { to: `/setting/channel/${gid}/overview`, label: t("header.settings"), testId: "channel-settings-link" }}
            tools={
              <>
                <CallButtons target={{ gid }} />
                {showMembers && (
                  <AsideButton label={t("header.members", { count: memberIds.length })} active={open === "members"} onClick={() => toggle("members")} badge={memberIds.length} testId="members-button">
                    <UsersIcon size={17} />
                  </AsideButton>
                )}
                <AsideButton label={t("header.pins", { count: pins })} active={open === "pins"} onClick={() => toggle("pins")} badge={pins || undefined} testId="pins-button">
                  <PinIcon size={17} />
                </AsideButton>
                <HeaderSearch
                  value={query}
                  onChange={setQuery}
                  onOpen={() => setAside("search")}
                  active={open === "search"}
                  placeholder={t("search.placeholder_channel", { name: channel.name })}
                />
              </>
            }
          />
        }
        intro={
          <ConversationIntro
            avatar={<ChannelAvatar channel={channel} size={48} className="rounded-xl" />}
            title={t("channel.intro_title", { name: channel.name })}
            description={channel.description || t("channel.intro_desc", { name: channel.name })}
          />
        }
      />
    </ChatWithAside>
  );
}
