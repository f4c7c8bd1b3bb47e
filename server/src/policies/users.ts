import type { SystemCommon } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { ContactRow } from "../repos/userSettings.js";
import type { UserRow } from "../repos/users.js";

/**
 * Who may do what with accounts and contacts (contract §3.2, §11; spec §4, §6). Pure functions
 * of the actor and the loaded rows; commands turn a "no" into the status.
 */
export const userPolicy = {
  /**
   * Deleting one's own account. Parley fix (contract §13): the last admin, typically the
   * founder (uid 1), cannot delete themself, or the server would be left without an admin.
   * `otherAdmins` counts the other human (non-bot) admins.
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

export const contactPolicy = {
  /**
   * A direct message (or typing notice) to a peer is refused when the peer has blocked the
   * sender; `peerView` is the peer's contact row about the sender. The web client shows
   * "Send failed, blocked maybe" for the 403.
   */
  canReachDirectly(peerView: ContactRow | undefined): boolean {
    return peerView?.status !== "blocked";
  },

  /** Adding contacts can be switched off server-wide (`add_friend_enable`); blocking cannot. */
  canAdd(settings: SystemCommon): boolean {
    return settings.add_friend_enable;
  },
};
