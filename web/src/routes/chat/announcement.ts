/**
 * A channel's announcement as this client knows it, and whether this user dismissed it. The
 * channels slice holds it, from the server's answer or the stream's `group_announcement_changed`;
 * the server is asked while the slice does not know it (at first, and after a reconnection). A dismissal is remembered per user and channel
 * with the announcement's `updated_at`: a changed announcement shows again.
 */
import { useState } from "react";
import type { GroupAnnouncement } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import { useGetAnnouncementQuery } from "../../app/services/announcement";
import { getLocalNumber, setLocal } from "../../utils/storage";

/** `VOCECHAT_` keys go with the rest of the session's data at logout. */
const dismissedKey = (uid: number, gid: number) => `VOCECHAT_ANNOUNCEMENT_DISMISSED_${uid}_${gid}`;

/** The current announcement (`null`: none), or `undefined` while not known yet. */
export function useAnnouncement(gid: number, skip = false): GroupAnnouncement | null | undefined {
  const known = useAppSelector((s) => s.channels.announcements[gid]);
  const { isError } = useGetAnnouncementQuery(gid, { skip: skip || known !== undefined });
  return known === undefined && isError ? null : known;
}

/** The announcement to show in the conversation (none once dismissed), and how to dismiss it. */
export function useVisibleAnnouncement(gid: number, skip = false) {
  const uid = useAppSelector((s) => s.authData.user?.uid ?? 0);
  const announcement = useAnnouncement(gid, skip);
  const [dismissed, setDismissed] = useState<{ key: string; at: number } | null>(null);
  const key = dismissedKey(uid, gid);
  const dismissedAt = dismissed?.key === key ? dismissed.at : getLocalNumber(key);
  const visible = announcement && announcement.updated_at > dismissedAt ? announcement : null;
  const dismiss = () => {
    if (!announcement) return;
    setLocal(key, String(announcement.updated_at));
    setDismissed({ key, at: announcement.updated_at });
  };
  return { announcement: visible, dismiss };
}
