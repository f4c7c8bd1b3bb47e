import { DEFAULT_SYSTEM_COMMON } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { contactRow, userRow } from "../test/rows.js";
import { botPolicy } from "./bots.js";
import { contactPolicy } from "./users.js";

/** docs/API.md "Bots": who holds API keys, which bots anyone may write to. */

const ACCOUNTS = {
  "a member": userRow(),
  "an admin": userRow({ is_admin: 1 }),
  "a bot": userRow({ is_bot: 1 }),
  "a public bot": userRow({ is_bot: 1, is_public: 1 }),
  "a member flagged public": userRow({ is_public: 1 }),
};
type Account = keyof typeof ACCOUNTS;

describe("botPolicy: keys for bots only; public means a public bot", () => {
  const EXPECTED: Record<Account, [holdsKeys: boolean, publicBot: boolean]> = {
    "a member": [false, false],
    "an admin": [false, false],
    "a bot": [true, false],
    "a public bot": [true, true],
    "a member flagged public": [false, false],
  };
  it.each(Object.keys(ACCOUNTS) as Account[])("%s", (name) => {
    const user = ACCOUNTS[name];
    expect([botPolicy.canHoldKeys(user), botPolicy.isPublicBot(user)]).toEqual(EXPECTED[name]);
  });
});

describe("contactPolicy with public bots: open both ways whatever dm_enable and verification say; a block still refuses", () => {
  const SETTINGS = {
    "dm off": { ...DEFAULT_SYSTEM_COMMON, dm_enable: false },
    verification: { ...DEFAULT_SYSTEM_COMMON, contact_verification_enable: true },
  };
  const member = { uid: 3, is_admin: false };
  const publicBot = ACCOUNTS["a public bot"];
  const bot = ACCOUNTS["a bot"];
  const blockedBy = contactRow({ uid: 2, target_uid: 9, status: "blocked" });
  it.each([
    ["member → public bot", { actor: member, peer: { ...publicBot, uid: 9 }, peerView: undefined }, "ok"],
    ["member → bot", { actor: member, peer: { ...bot, uid: 9 }, peerView: undefined }, "refused"],
    ["public bot → member", { actor: { uid: 9, is_admin: false, public_bot: true }, peer: userRow(), peerView: undefined }, "ok"],
    ["public bot → member who blocked it", { actor: { uid: 9, is_admin: false, public_bot: true }, peer: userRow(), peerView: blockedBy }, "blocked"],
    ["bot → member", { actor: { uid: 9, is_admin: false }, peer: userRow(), peerView: undefined }, "refused"],
  ] as const)("%s", (_, parties, expected) => {
    for (const [state, settings] of Object.entries(SETTINGS)) {
      const verdict = contactPolicy.directVerdict(settings, { ...parties, actorView: undefined });
      expect(verdict === "ok" || verdict === "blocked" ? verdict : "refused", state).toBe(expected);
      if (expected !== "refused") expect(contactPolicy.needsActorView(settings, parties.actor, parties.peer), state).toBe(false);
    }
  });
});
