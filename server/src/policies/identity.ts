import type { LoginConfig } from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { UserRow } from "../repos/users.js";

/** The founder: the first account, created by `create_admin` (docs/API.md "Conventions"). */
export const FOUNDER_UID = 1;

/**
 * Who may sign up, sign in and manage accounts (docs/API.md "Identity"). Pure
 * functions of the login config, the actor and the loaded rows; commands turn a "no" into the
 * status.
 */
export const signUpPolicy = {
  /**
   * A new account may be created: on an `EveryOne` server always, on an `InvitationOnly` one
   * only through an invitation (a sign-up invite link, or a login link an inviting member sent).
   */
  mayCreateAccount(config: LoginConfig, invited: boolean): boolean {
    return config.who_can_sign_up === "EveryOne" || invited;
  },
};

export const signInPolicy = {
  /**
   * Accounts that can sign in with a login link: people, not bots (API keys), guests or widget
   * visitors (they sign in to the widget only, docs/API.md "Widget").
   */
  acceptsLoginLink(user: UserRow): boolean {
    return user.is_bot !== 1 && user.create_by !== "guest" && user.create_by !== "widget";
  },

  isFrozen(user: UserRow): boolean {
    return user.status === "frozen";
  },
};

export const adminUserPolicy = {
  /** `DELETE /admin/user/{uid}`: never oneself, never the founder (docs/API.md "Identity"). */
  canDelete(actor: TokenClaims, uid: number): boolean {
    return uid !== actor.uid && uid !== FOUNDER_UID;
  },

  /**
   * Freezing or demoting an account (Parley addition): not oneself and not the founder, so
   * the server can never lock out its last way in.
   */
  canRestrict(actor: TokenClaims, uid: number): boolean {
    return uid !== actor.uid && uid !== FOUNDER_UID;
  },
};
