import type { TokenClaims } from "../auth/tokens.js";
import type { GroupWithMembers } from "../repos/groups.js";
import { hasContent, type MessageRow } from "../repos/messages.js";
import { groupPolicy } from "./groups.js";

/**
 * Who may do what with an existing message (docs/API.md "Messages", "Archives"). `group` is the
 * message's channel, loaded by the caller; undefined for a DM. Verdicts other than "ok" become
 * 403s.
 */
export const messagePolicy = {
  /** A DM is readable by its two parties; a channel message as the channel's history is. */
  canRead(actor: TokenClaims, m: MessageRow, group: GroupWithMembers | undefined): boolean {
    if (group) return groupPolicy.canRead(actor, group);
    return m.dm_low === actor.uid || m.dm_high === actor.uid;
  },

  /** Only the sender edits, only normal and reply messages, and only while still in the conversation. */
  canEdit(actor: TokenClaims, m: MessageRow, group: GroupWithMembers | undefined): boolean {
    return hasContent(m) && m.from_uid === actor.uid && this.canRead(actor, m, group);
  },

  /** Anyone who can read a normal or reply message may react to it. */
  canLike(actor: TokenClaims, m: MessageRow, group: GroupWithMembers | undefined): boolean {
    return hasContent(m) && this.canRead(actor, m, group);
  },

  /** The sender or an admin deletes a normal or reply message. */
  canDelete(actor: TokenClaims, m: MessageRow): boolean {
    return hasContent(m) && (m.from_uid === actor.uid || actor.is_admin);
  },

  /**
   * Replying is sending into the conversation: a DM party, or someone who may post in the
   * channel (restricted channels: the owner and admins only).
   */
  canReply(actor: TokenClaims, m: MessageRow, group: GroupWithMembers | undefined): "ok" | "forbidden" | "restricted" {
    if (!hasContent(m)) return "forbidden";
    if (!group) return this.canRead(actor, m, group) ? "ok" : "forbidden";
    const verdict = groupPolicy.canSend(actor, group);
    return verdict === "ok" ? "ok" : verdict === "restricted" ? "restricted" : "forbidden";
  },

  /**
   * Archiving (forward, favorites) copies a message's content to whoever holds the archive, so it
   * needs exactly the right to read it. VoceChat lets admins archive any message,
   * which let an admin read any DM or private channel by forwarding it to themselves; Parley's
   * admins do not read conversations they are not in (docs/API.md "Archives").
   */
  canArchive(actor: TokenClaims, m: MessageRow, group: GroupWithMembers | undefined): boolean {
    return this.canRead(actor, m, group);
  },
};
