import { useMemo } from "react";
import { useAppSelector } from "../../app/hooks";
import type { ConvKind } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";

/**
 * Who can be mentioned here: a private channel's members, every user for a public channel, the
 * peer in a DM — never oneself.
 */
export default function useMentionables(kind: ConvKind, id: number): StoredUser[] {
  const me = useAppSelector((s) => s.authData.user?.uid);
  const channel = useAppSelector((s) => (kind === "channel" ? s.channels.byId[id] : undefined));
  const ids = useAppSelector((s) => s.users.ids);
  const byId = useAppSelector((s) => s.users.byId);
  return useMemo(() => {
    const uids = kind === "dm" ? [id] : channel ? (channel.is_public ? ids : channel.members) : [];
    return uids.filter((uid) => uid !== me).flatMap((uid) => (byId[uid] ? [byId[uid]] : []));
  }, [kind, id, channel, ids, byId, me]);
}
