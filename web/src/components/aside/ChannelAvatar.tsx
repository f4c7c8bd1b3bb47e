import clsx from "clsx";
import type { Group } from "@parley/protocol";
import Avatar from "../ui/Avatar";
import { HashIcon, LockIcon } from "../Icons";

/** The channel icon is a group-avatar link built from gid and timestamp; empty when 0. */
export const channelAvatarUrl = (gid: number, updatedAt: number) => (updatedAt ? `/api/resource/group_avatar?gid=${gid}&t=${updatedAt}` : null);

/** A channel's picture, or its # / lock on a tinted tile when it has none. */
export default function ChannelAvatar({ channel, size = 36, className, tone = "default" }: { channel: Pick<Group, "gid" | "name" | "is_public" | "avatar_updated_at">; size?: number; className?: string; tone?: "default" | "active" }) {
  const src = channelAvatarUrl(channel.gid, channel.avatar_updated_at);
  if (src) return <Avatar name={channel.name} seed={`g${channel.gid}`} src={src} size={size} className={className} />;
  const Icon = channel.is_public ? HashIcon : LockIcon;
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className={clsx(
        "inline-flex shrink-0 items-center justify-center rounded-lg",
        tone === "active" ? "bg-white/20 text-white" : "bg-primary-50 text-primary-600 ring-1 ring-primary-100 ring-inset dark:bg-primary-950 dark:text-primary-300 dark:ring-primary-900",
        className,
      )}
    >
      <Icon size={Math.round(size * 0.5)} />
    </span>
  );
}
