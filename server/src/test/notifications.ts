import type { Gid, Uid } from "@parley/protocol";
import type { PendingNotification } from "../notify/types.js";

/**
 * A notification as the queue hands it to a path (`notify/types.ts`): a DM from `from` unless
 * `gid` is given, text with a preview unless said otherwise.
 */
export function pending(uid: Uid, from: { uid: Uid; name: string }, overrides: Partial<PendingNotification> & { gid?: Gid; channelName?: string } = {}): PendingNotification {
  const { gid, channelName, ...rest } = overrides;
  return {
    uid,
    mid: 1,
    from_uid: from.uid,
    sender_name: from.name,
    target: gid === undefined ? { uid: from.uid } : { gid },
    conversation_name: gid === undefined ? from.name : (channelName ?? "general"),
    kind: "text",
    preview: "hello there",
    mentioned: false,
    created_at: Date.now(),
    url: gid === undefined ? `https://chat.example.com/#/chat/dm/${from.uid}` : `https://chat.example.com/#/chat/channel/${gid}`,
    ...rest,
  };
}
