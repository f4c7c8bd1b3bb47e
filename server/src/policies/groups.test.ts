import { describe, expect, it } from "vitest";
import type { GroupWithMembers } from "../repos/groups.js";
import { claims, matrixCases, privateGroup, publicGroup } from "../test/rows.js";
import { groupPolicy, type InviteSettings } from "./groups.js";

/**
 * The channel rules of docs/API.md ("Groups", "Who may call each route": the `secret` channel,
 * owned by `owner`, with `member` in it and `admin`, `non-member`, `bot`, `guest` outside).
 */

// uid 1 is the founding admin, not in the private channel; uid 8 an admin who is a member.
const ACTORS = {
  admin: claims(1, { is_admin: true }),
  adminMember: claims(8, { is_admin: true }),
  owner: claims(2),
  member: claims(3),
  nonMember: claims(4),
  // Bots hold ordinary sessions (no flag in the claims): a bot has exactly a user's rights.
  bot: claims(5),
  botMember: claims(6),
  guest: claims(7, { is_guest: true }),
};
type Actor = keyof typeof ACTORS;

const SECRET_MEMBERS = [2, 3, 6, 8];

const GROUPS = {
  public: publicGroup(),
  restrictedPublic: publicGroup({ only_owner_can_send_msg: 1 }),
  private: privateGroup(2, SECRET_MEMBERS),
  restrictedPrivate: privateGroup(2, SECRET_MEMBERS, { only_owner_can_send_msg: 1 }),
} satisfies Record<string, GroupWithMembers>;
type State = keyof typeof GROUPS;

const PUBLIC_PRIVATE = ["public", "private"] as const satisfies readonly State[];

describe("groupPolicy.canView: who sees a channel at all (else it answers as an unknown gid)", () => {
  it.each(
    matrixCases(PUBLIC_PRIVATE, {
      admin: [true, true],
      adminMember: [true, true],
      owner: [true, true],
      member: [true, true],
      nonMember: [true, false],
      bot: [true, false],
      botMember: [true, true],
      guest: [true, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canView(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canRead: a channel's history (admins do not read private channels they are not in)", () => {
  it.each(
    matrixCases(PUBLIC_PRIVATE, {
      admin: [true, false],
      adminMember: [true, true],
      owner: [true, true],
      member: [true, true],
      nonMember: [true, false],
      bot: [true, false],
      botMember: [true, true],
      guest: [true, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canRead(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.isMember: everyone is in a public channel, the listed members in a private one", () => {
  it.each(
    matrixCases(PUBLIC_PRIVATE, {
      admin: [true, false],
      adminMember: [true, true],
      owner: [true, true],
      member: [true, true],
      nonMember: [true, false],
      bot: [true, false],
      botMember: [true, true],
      guest: [true, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.isMember(ACTORS[actor].uid, GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canSend: members post; on a restricted channel only the owner and admins", () => {
  const STATES = ["public", "restrictedPublic", "private", "restrictedPrivate"] as const;
  it.each(
    matrixCases(STATES, {
      admin: ["ok", "ok", "not_member", "not_member"],
      adminMember: ["ok", "ok", "ok", "ok"],
      // A public channel has no owner: uid 2 is just a member there.
      owner: ["ok", "restricted", "ok", "ok"],
      member: ["ok", "restricted", "ok", "restricted"],
      nonMember: ["ok", "restricted", "not_member", "not_member"],
      bot: ["ok", "restricted", "not_member", "not_member"],
      botMember: ["ok", "restricted", "ok", "restricted"],
      guest: ["not_member", "not_member", "not_member", "not_member"],
    } satisfies Record<Actor, ("ok" | "not_member" | "restricted")[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canSend(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canManage: admins on a public channel; the owner or an admin on a private one", () => {
  it.each(
    matrixCases(PUBLIC_PRIVATE, {
      admin: [true, true],
      adminMember: [true, true],
      owner: [false, true],
      member: [false, false],
      nonMember: [false, false],
      bot: [false, false],
      botMember: [false, false],
      guest: [false, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canManage(ACTORS[actor], GROUPS[state])).toBe(expected);
  });

  it.each([
    ["a bot that owns a private channel manages it", ACTORS.botMember, privateGroup(6, SECRET_MEMBERS), true],
    ["the former owner of a private channel handed over to a bot does not", ACTORS.owner, privateGroup(6, SECRET_MEMBERS), false],
    ["a stale owner column on a public channel grants nothing", ACTORS.owner, publicGroup({ owner: 2 }), false],
    ["a guest named as owner still manages nothing", ACTORS.guest, privateGroup(7, [7]), false],
  ] as const)("%s", (_, actor, group, expected) => {
    expect(groupPolicy.canManage(actor, group)).toBe(expected);
  });
});

describe("groupPolicy.canLeave: only a plain member of a private channel", () => {
  it.each(
    matrixCases(PUBLIC_PRIVATE, {
      admin: ["public", "not_member"],
      adminMember: ["public", "ok"],
      owner: ["public", "owner"],
      member: ["public", "ok"],
      nonMember: ["public", "not_member"],
      bot: ["public", "not_member"],
      botMember: ["public", "ok"],
      guest: ["public", "not_member"],
    } satisfies Record<Actor, ("ok" | "public" | "not_member" | "owner")[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canLeave(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canCreate: guests never; public channels admin-only under only_admin_can_create_group", () => {
  const STATES = ["public", "public, admin-only", "private", "private, admin-only"] as const;
  const args = { public: [true, false], "public, admin-only": [true, true], private: [false, false], "private, admin-only": [false, true] } as const;
  it.each(
    matrixCases(STATES, {
      admin: [true, true, true, true],
      adminMember: [true, true, true, true],
      owner: [true, false, true, true],
      member: [true, false, true, true],
      nonMember: [true, false, true, true],
      bot: [true, false, true, true],
      botMember: [true, false, true, true],
      guest: [false, false, false, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor creating a $state channel → $expected", ({ actor, state, expected }) => {
    const [isPublic, onlyAdmin] = args[state];
    expect(groupPolicy.canCreate(ACTORS[actor], isPublic, onlyAdmin)).toBe(expected);
  });
});

describe("groupPolicy.mayInvite: any non-guest, unless the server switches restrict inviting to admins", () => {
  const SETTINGS = {
    open: { who_can_invite_users: true, admin_only_can_invite: false },
    "who_can_invite_users off": { who_can_invite_users: false, admin_only_can_invite: false },
    "admin_only_can_invite on": { who_can_invite_users: true, admin_only_can_invite: true },
    "both restrictive": { who_can_invite_users: false, admin_only_can_invite: true },
  } satisfies Record<string, InviteSettings>;
  const STATES = Object.keys(SETTINGS) as (keyof typeof SETTINGS)[];
  it.each(
    matrixCases(STATES, {
      admin: [true, true, true, true],
      adminMember: [true, true, true, true],
      owner: [true, false, false, false],
      member: [true, false, false, false],
      nonMember: [true, false, false, false],
      bot: [true, false, false, false],
      botMember: [true, false, false, false],
      guest: [false, false, false, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.mayInvite(ACTORS[actor], SETTINGS[state])).toBe(expected);
  });
});

describe("groupPolicy.canAddMembers: members and admins of a private channel; admins only with admin_only_can_invite", () => {
  const STATES = ["public", "public, admin-only", "private", "private, admin-only"] as const;
  const args = { public: [GROUPS.public, false], "public, admin-only": [GROUPS.public, true], private: [GROUPS.private, false], "private, admin-only": [GROUPS.private, true] } as const;
  it.each(
    matrixCases(STATES, {
      admin: [false, false, true, true],
      adminMember: [false, false, true, true],
      owner: [false, false, true, false],
      member: [false, false, true, false],
      nonMember: [false, false, false, false],
      bot: [false, false, false, false],
      botMember: [false, false, true, false],
      guest: [false, false, false, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    const [group, adminOnly] = args[state];
    expect(groupPolicy.canAddMembers(ACTORS[actor], group, adminOnly)).toBe(expected);
  });
});

describe("groupPolicy.canInviteInto: invite links into a private channel need a member or an admin", () => {
  it.each(
    matrixCases(PUBLIC_PRIVATE, {
      admin: [true, true],
      adminMember: [true, true],
      owner: [true, true],
      member: [true, true],
      nonMember: [true, false],
      bot: [true, false],
      botMember: [true, true],
      // mayInvite refuses guests before this rule is asked.
      guest: [true, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canInviteInto(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canSeeMembers: only_admin_can_see_channel_members hides a private list from all but admins and the owner", () => {
  const STATES = ["public, hidden", "private, shown", "private, hidden"] as const;
  const args = { "public, hidden": [GROUPS.public, true], "private, shown": [GROUPS.private, false], "private, hidden": [GROUPS.private, true] } as const;
  const VIEWERS = {
    anonymous: { uid: null, is_admin: false },
    admin: { uid: 1, is_admin: true },
    adminMember: { uid: 8, is_admin: true },
    owner: { uid: 2, is_admin: false },
    member: { uid: 3, is_admin: false },
    nonMember: { uid: 4, is_admin: false },
    botMember: { uid: 6, is_admin: false },
    guest: { uid: 7, is_admin: false },
  };
  it.each(
    matrixCases(STATES, {
      anonymous: [true, true, false],
      admin: [true, true, true],
      adminMember: [true, true, true],
      owner: [true, true, true],
      member: [true, true, false],
      nonMember: [true, true, false],
      botMember: [true, true, false],
      guest: [true, true, false],
    } satisfies Record<keyof typeof VIEWERS, boolean[]>),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    const [group, hide] = args[state];
    expect(groupPolicy.canSeeMembers(VIEWERS[actor], group, hide)).toBe(expected);
  });

  it("an anonymous viewer never matches a private channel without an owner", () => {
    expect(groupPolicy.canSeeMembers({ uid: null, is_admin: false }, privateGroup(2, [2], { owner: null }), true)).toBe(false);
  });
});
