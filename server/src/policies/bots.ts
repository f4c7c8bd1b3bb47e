import type { UserRow } from "../repos/users.js";

/**
 * Bots and their API keys (docs/API.md "Bots"). Pure functions of the loaded rows; commands turn
 * a "no" into the status.
 */
export const botPolicy = {
  /** API keys are made for bot accounts only (a person signs in instead). */
  canHoldKeys(user: Pick<UserRow, "is_bot">): boolean {
    return user.is_bot === 1;
  },

  /**
   * A public bot (`is_public`, newer VoceChat servers) is there to be talked to: anyone may
   * write to it, and it may answer, whatever `dm_enable` and contact verification say (a block
   * still refuses).
   */
  isPublicBot(user: Partial<Pick<UserRow, "is_bot" | "is_public">>): boolean {
    return user.is_bot === 1 && user.is_public === 1;
  },
};
