import { DEFAULT_LOGIN_CONFIG, type LoginConfig } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import type { UserRow } from "../repos/users.js";
import { claims, userRow } from "../test/rows.js";
import { FOUNDER_UID, adminUserPolicy, signInPolicy, signUpPolicy } from "./identity.js";

/** docs/API.md "Identity": invitation-only sign-up, login links, freezing, founder protection. */

const everyone: LoginConfig = { ...DEFAULT_LOGIN_CONFIG, who_can_sign_up: "EveryOne" };
const invitationOnly: LoginConfig = { ...DEFAULT_LOGIN_CONFIG, who_can_sign_up: "InvitationOnly" };

describe("signUpPolicy.mayCreateAccount: always on an open server, only with an invitation otherwise", () => {
  it.each([
    ["EveryOne", everyone, false, true],
    ["EveryOne", everyone, true, true],
    ["InvitationOnly", invitationOnly, false, false],
    ["InvitationOnly", invitationOnly, true, true],
  ] as const)("%s, invited %s → %s", (_, config, invited, expected) => {
    expect(signUpPolicy.mayCreateAccount(config, invited)).toBe(expected);
  });
});

/** Each kind of user, whether a login link signs them in, and whether they count as frozen. */
const USERS: Record<string, [user: UserRow, acceptsLoginLink: boolean, isFrozen: boolean]> = {
  "a password member": [userRow(), true, false],
  "a magic-link member": [userRow({ create_by: "magiclink", password_hash: null }), true, false],
  "a third-party member": [userRow({ create_by: "thirdparty", email: null, password_hash: null }), true, false],
  "an admin": [userRow({ uid: 1, is_admin: 1 }), true, false],
  "a frozen member": [userRow({ status: "frozen" }), true, true],
  "a bot": [userRow({ is_bot: 1, email: "robot@bots.example" }), false, false],
  "a bot that is an admin": [userRow({ is_bot: 1, is_admin: 1 }), false, false],
  "a guest": [userRow({ create_by: "guest", email: null, password_hash: null, name: "User123456" }), false, false],
  "a frozen guest": [userRow({ create_by: "guest", email: null, status: "frozen" }), false, true],
  "a widget visitor with an address": [userRow({ create_by: "widget", widget_id: "2", password_hash: null }), false, false],
};

describe("signInPolicy.acceptsLoginLink: people, not bots, guests or widget visitors (freezing is a separate check)", () => {
  it.each(Object.entries(USERS).map(([who, [user, expected]]) => ({ who, user, expected })))("$who → $expected", ({ user, expected }) => {
    expect(signInPolicy.acceptsLoginLink(user)).toBe(expected);
  });
});

describe("signInPolicy.isFrozen: the status column says frozen", () => {
  it.each(Object.entries(USERS).map(([who, [user, , expected]]) => ({ who, user, expected })))("$who → $expected", ({ user, expected }) => {
    expect(signInPolicy.isFrozen(user)).toBe(expected);
  });

  it.each(["", "Frozen", "FROZEN", "frozen "])("status %j is not frozen", (status) => {
    expect(signInPolicy.isFrozen(userRow({ status }))).toBe(false);
  });
});

describe("adminUserPolicy: never oneself, never the founder", () => {
  it("the founder is uid 1", () => {
    expect(FOUNDER_UID).toBe(1);
  });

  const founder = claims(1, { is_admin: true });
  const admin = claims(2, { is_admin: true });
  const cases = [
    ["the founder on themself", founder, 1, false],
    ["the founder on another admin", founder, 2, true],
    ["the founder on a member", founder, 3, true],
    ["another admin on the founder", admin, 1, false],
    ["another admin on themself", admin, 2, false],
    ["another admin on a member", admin, 3, true],
    ["another admin on a bot", admin, 5, true],
  ] as const;

  it.each(cases)("canDelete: %s → %s", (_, actor, uid, expected) => {
    expect(adminUserPolicy.canDelete(actor, uid)).toBe(expected);
  });

  it.each(cases)("canRestrict (freeze, demote): %s → %s", (_, actor, uid, expected) => {
    expect(adminUserPolicy.canRestrict(actor, uid)).toBe(expected);
  });
});
