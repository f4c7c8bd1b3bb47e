import { DEFAULT_SYSTEM_COMMON, type SystemCommon } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { claims, contactRow, userRow } from "../test/rows.js";
import { EVERYONE, whoMay } from "../test/verdicts.js";
import { contactPolicy, userPolicy, type DirectParties, type DirectVerdict } from "./users.js";

/** docs/API.md "Users": self-delete of the last admin, user search, who may write to whom. */

describe("userPolicy.canDeleteSelf: anyone but the last human admin", () => {
  it.each([
    ["a member, no admin besides", userRow(), 0, true],
    ["a member", userRow(), 1, true],
    ["a bot", userRow({ is_bot: 1 }), 0, true],
    ["a guest", userRow({ create_by: "guest", email: null }), 0, true],
    ["the founder, the only admin", userRow({ uid: 1, is_admin: 1 }), 0, false],
    ["the founder, one other admin", userRow({ uid: 1, is_admin: 1 }), 1, true],
    ["an admin, two other admins", userRow({ is_admin: 1 }), 2, true],
    ["a bot admin, no human admin besides", userRow({ is_admin: 1, is_bot: 1 }), 0, false],
  ] as const)("%s (%i other admins) → %s", (_, user, others, expected) => {
    expect(userPolicy.canDeleteSelf(user, others)).toBe(expected);
  });
});

describe("userPolicy.canSearch: members while search_user_enable is on; admins always", () => {
  const settings = { "search on": { ...DEFAULT_SYSTEM_COMMON, search_user_enable: true }, "search off": { ...DEFAULT_SYSTEM_COMMON, search_user_enable: false } };
  const ACTORS = { admin: claims(1, { is_admin: true }), member: claims(3), bot: claims(5), guest: claims(7, { is_guest: true }) };
  // The route refuses guests first (guards.member).
  it.each(whoMay(ACTORS, { "search on": EVERYONE, "search off": "admin" }))("$actor, $state → $expected", ({ actor, state, expected }) => {
    expect(userPolicy.canSearch(ACTORS[actor], settings[state])).toBe(expected);
  });
});

describe("userPolicy.isSearchable: never a guest", () => {
  it.each([
    ["a member", userRow(), true],
    ["an admin", userRow({ uid: 1, is_admin: 1 }), true],
    ["a bot", userRow({ is_bot: 1 }), true],
    ["a frozen member", userRow({ status: "frozen" }), true],
    ["a guest", userRow({ create_by: "guest", email: null }), false],
  ] as const)("%s → %s", (_, user, expected) => {
    expect(userPolicy.isSearchable(user)).toBe(expected);
  });
});

type Settings = Pick<SystemCommon, "dm_enable" | "contact_verification_enable">;
const SETTINGS = {
  open: { dm_enable: true, contact_verification_enable: false },
  "dm off": { dm_enable: false, contact_verification_enable: false },
  verification: { dm_enable: true, contact_verification_enable: true },
  "dm off + verification": { dm_enable: false, contact_verification_enable: true },
} satisfies Record<string, Settings>;
const STATES = Object.keys(SETTINGS) as (keyof typeof SETTINGS)[];

const member = { uid: 3, is_admin: false };
const peer = { uid: 4, is_admin: 0 };
const adminPeer = { uid: 1, is_admin: 1 };
const added = (uid: number, target: number) => contactRow({ uid, target_uid: target, status: "added" });
const blocked = (uid: number, target: number) => contactRow({ uid, target_uid: target, status: "blocked" });
const cleared = (uid: number, target: number) => contactRow({ uid, target_uid: target, status: "" });

/** The pairs of docs/API.md "Who may write to whom directly", sender → peer. */
const PARTIES = {
  "a note to oneself": { actor: member, peer: { uid: 3, is_admin: 0 }, peerView: undefined, actorView: undefined },
  "a note to oneself, self-blocked": { actor: member, peer: { uid: 3, is_admin: 0 }, peerView: blocked(3, 3), actorView: blocked(3, 3) },
  "member → member, no contact rows": { actor: member, peer, peerView: undefined, actorView: undefined },
  "member → member who added them back only": { actor: member, peer, peerView: added(4, 3), actorView: undefined },
  "member → member they added": { actor: member, peer, peerView: undefined, actorView: added(3, 4) },
  "member → member they removed (status \"\")": { actor: member, peer, peerView: cleared(4, 3), actorView: cleared(3, 4) },
  "member → member they blocked": { actor: member, peer, peerView: undefined, actorView: blocked(3, 4) },
  "member → member who blocked them": { actor: member, peer, peerView: blocked(4, 3), actorView: added(3, 4) },
  "member → admin": { actor: member, peer: adminPeer, peerView: undefined, actorView: undefined },
  "member → admin who blocked them": { actor: member, peer: adminPeer, peerView: blocked(1, 3), actorView: undefined },
  "admin → member": { actor: { uid: 1, is_admin: true }, peer, peerView: undefined, actorView: undefined },
  "admin → member who blocked them": { actor: { uid: 1, is_admin: true }, peer, peerView: blocked(4, 1), actorView: undefined },
  "bot → member, not added": { actor: { uid: 5, is_admin: false }, peer, peerView: undefined, actorView: undefined },
  "bot → member it added": { actor: { uid: 5, is_admin: false }, peer, peerView: undefined, actorView: added(5, 4) },
} satisfies Record<string, DirectParties>;

/**
 * Per pair, the verdict under each of `SETTINGS` (in order), and whether the sender's own row
 * is read under "verification" (it is read under no other settings).
 */
const EXPECTED: Record<keyof typeof PARTIES, [verdicts: DirectVerdict[], readsActorRow: boolean]> = {
  "a note to oneself": [["ok", "ok", "ok", "ok"], false],
  "a note to oneself, self-blocked": [["ok", "ok", "ok", "ok"], false],
  "member → member, no contact rows": [["ok", "dm_disabled", "not_contact", "dm_disabled"], true],
  "member → member who added them back only": [["ok", "dm_disabled", "not_contact", "dm_disabled"], true],
  "member → member they added": [["ok", "dm_disabled", "ok", "dm_disabled"], true],
  "member → member they removed (status \"\")": [["ok", "dm_disabled", "not_contact", "dm_disabled"], true],
  "member → member they blocked": [["ok", "dm_disabled", "not_contact", "dm_disabled"], true],
  "member → member who blocked them": [["blocked", "blocked", "blocked", "blocked"], true],
  "member → admin": [["ok", "ok", "ok", "ok"], false],
  "member → admin who blocked them": [["blocked", "blocked", "blocked", "blocked"], false],
  "admin → member": [["ok", "ok", "ok", "ok"], false],
  "admin → member who blocked them": [["blocked", "blocked", "blocked", "blocked"], false],
  "bot → member, not added": [["ok", "dm_disabled", "not_contact", "dm_disabled"], true],
  "bot → member it added": [["ok", "dm_disabled", "ok", "dm_disabled"], true],
};
const pairs = Object.keys(PARTIES) as (keyof typeof PARTIES)[];

describe("contactPolicy.directVerdict: self always; a block always refuses; admins always open; then dm_enable, then verification", () => {
  it.each(pairs.flatMap((actor) => STATES.map((state, i) => ({ actor, state, expected: EXPECTED[actor][0][i] }))))("$actor, $state → $expected", ({ actor, state, expected }) => {
    expect(contactPolicy.directVerdict(SETTINGS[state], PARTIES[actor])).toBe(expected);
  });
});

describe("contactPolicy.needsActorView: the sender's own row is read only when verification decides", () => {
  it.each(pairs.flatMap((actor) => STATES.map((state) => ({ actor, state, expected: state === "verification" && EXPECTED[actor][1] }))))(
    "$actor, $state → $expected",
    ({ actor, state, expected }) => {
      const { actor: sender, peer: recipient } = PARTIES[actor];
      expect(contactPolicy.needsActorView(SETTINGS[state], sender, recipient)).toBe(expected);
    },
  );

  // Whenever the row is skipped, the verdict must not depend on it.
  it.each(STATES.flatMap((state) => Object.keys(PARTIES).map((who) => ({ state, who: who as keyof typeof PARTIES }))))(
    "$who, $state: skipping the sender's row when not needed gives the same verdict",
    ({ state, who }) => {
      const parties = PARTIES[who];
      const needed = contactPolicy.needsActorView(SETTINGS[state], parties.actor, parties.peer);
      const withoutRow = contactPolicy.directVerdict(SETTINGS[state], { ...parties, actorView: undefined });
      expect({ needed, verdict: needed ? "(read)" : withoutRow }).toEqual({ needed, verdict: needed ? "(read)" : contactPolicy.directVerdict(SETTINGS[state], parties) });
    },
  );
});

describe("contactPolicy.canAdd: add_friend_enable", () => {
  it.each([
    [true, true],
    [false, false],
  ])("add_friend_enable %s → %s", (enabled, expected) => {
    expect(contactPolicy.canAdd({ ...DEFAULT_SYSTEM_COMMON, add_friend_enable: enabled })).toBe(expected);
  });
});
