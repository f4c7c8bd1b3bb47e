import type { SystemCommon } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { ContactRow } from "../repos/userSettings.js";
import type { UserRow } from "../repos/users.js";
import { botPolicy } from "./bots.js";

/**
 * Who may do what with accounts and contacts (docs/API.md "Users"). Pure functions
 * of the actor and the loaded rows; commands turn a "no" into the status.
 */
export const userPolicy = {
  /**
   * Deleting one's own account. Parley fix (docs/API.md "Users"): the last admin, typically the
   * founder (uid 1), cannot delete themself, or the server would be left without an admin.
   * `otherAdmins` counts the other human (non-bot) admins who are not frozen.
   */
  canDeleteSelf(user: UserRow, otherAdmins: number): boolean {
    return user.is_admin !== 1 || otherAdmins > 0;
  },

  /** `POST /user/search`: off for members when the server disables user search; admins always may. */
  canSearch(actor: TokenClaims, settings: SystemCommon): boolean {
    return settings.search_user_enable || actor.is_admin;
  },

  /** A user may not be found by search when it is a guest. */
  isSearchable(user: UserRow): boolean {
    return user.create_by !== "guest";
  },
};

/**
 * Who appears in whose user directory (`GET /user`, the stream's `users_snapshot` and
 * `users_log`, search; docs/API.md "Widget"): everyone but guests, except that a widget visitor
 * is listed only for admins, its host and the members it has a direct conversation with.
 */
export const directoryPolicy = {
  lists(viewer: Pick<TokenClaims, "uid" | "is_admin">, user: Pick<UserRow, "uid" | "create_by" | "widget_id">, talksWith: boolean): boolean {
    if (user.create_by === "guest") return false;
    if (user.create_by !== "widget") return true;
    return viewer.is_admin || user.uid === viewer.uid || user.widget_id === String(viewer.uid) || talksWith;
  },
};

/**
 * Why a direct message (send, reply or typing notice) to a peer is refused, or "ok":
 * - `blocked`: the peer blocked the sender;
 * - `dm_disabled`: the server turned direct messages off (`dm_enable: false`);
 * - `not_contact`: contact verification is on (`contact_verification_enable`) and the sender has
 *   not added the peer to their contacts.
 */
export type DirectVerdict = "ok" | "blocked" | "dm_disabled" | "not_contact";

export interface DirectParties {
  /** `public_bot`: the sender is a public bot (docs/API.md "Bots"). */
  actor: Pick<TokenClaims, "uid" | "is_admin"> & { public_bot?: boolean };
  peer: Pick<UserRow, "uid" | "is_admin"> & Partial<Pick<UserRow, "is_bot" | "is_public">>;
  /** The peer's contact row about the sender (a block). */
  peerView: ContactRow | undefined;
  /** The sender's contact row about the peer (verification); only read when it matters. */
  actorView?: ContactRow | undefined;
}

export const contactPolicy = {
  /**
   * A direct message to oneself is always fine. A block by the peer always refuses (the web
   * client shows "Send failed, blocked maybe" for the 403). Otherwise a conversation with an
   * admin on either side is always open: VoceChat puts admins in everyone's contacts, and members
   * must be able to reach them when DMs are off. Between others, `dm_enable: false` refuses, and
   * contact verification asks the *sender* to have added the peer — VoceChat's contacts are
   * one-sided, and its clients gate the DM composer on the viewer's own status (so the official
   * clients work unchanged: "Add to contacts", then write).
   */
  directVerdict(settings: Pick<SystemCommon, "dm_enable" | "contact_verification_enable">, { actor, peer, peerView, actorView }: DirectParties): DirectVerdict {
    if (actor.uid === peer.uid) return "ok";
    if (peerView?.status === "blocked") return "blocked";
    if (actor.is_admin || peer.is_admin === 1) return "ok";
    if (actor.public_bot || botPolicy.isPublicBot(peer)) return "ok";
    if (!settings.dm_enable) return "dm_disabled";
    if (settings.contact_verification_enable && actorView?.status !== "added") return "not_contact";
    return "ok";
  },

  /** Whether `directVerdict` needs the sender's own contact row (the caller can skip the read). */
  needsActorView(settings: Pick<SystemCommon, "dm_enable" | "contact_verification_enable">, actor: DirectParties["actor"], peer: DirectParties["peer"]): boolean {
    if (actor.public_bot || botPolicy.isPublicBot(peer)) return false;
    return settings.contact_verification_enable && settings.dm_enable && actor.uid !== peer.uid && !actor.is_admin && peer.is_admin !== 1;
  },

  /** Adding contacts can be switched off server-wide (`add_friend_enable`); blocking cannot. */
  canAdd(settings: SystemCommon): boolean {
    return settings.add_friend_enable;
  },
};
