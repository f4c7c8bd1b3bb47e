import { describe, expect, it } from "vitest";
import type { TokenClaims } from "../auth/tokens.js";
import type { GroupWithMembers } from "../repos/groups.js";
import { privateGroup, publicGroup } from "../test/rows.js";
import { CHANNEL_ACTORS as ACTORS, CHANNEL_MEMBERS, EVERYONE, NOBODY, whoGets, whoMay } from "../test/verdicts.js";
import { groupPolicy, type InviteSettings } from "./groups.js";

/**
 * The channel rules of docs/API.md ("Groups", "Who may call each route": the `secret` channel,
 * owned by `owner`, with `member` in it and `admin`, `non-member`, `bot`, `guest` outside).
 * Each table names, per state, who gets a verdict (test/verdicts.ts).
 */

const GROUPS = {
  public: publicGroup(),
  restrictedPublic: publicGroup({ only_owner_can_send_msg: 1 }),
  private: privateGroup(2, CHANNEL_MEMBERS),
  restrictedPrivate: privateGroup(2, CHANNEL_MEMBERS, { only_owner_can_send_msg: 1 }),
} satisfies Record<string, GroupWithMembers>;

const NOT_GUESTS = "admin adminMember owner member nonMember bot botMember";
const PRIVATE_MEMBERS = "adminMember owner member botMember";

/** The yes/no rules of one actor on one channel, and who may on a public and on a private channel. */
const ON_A_CHANNEL: [title: string, rule: (actor: TokenClaims, group: GroupWithMembers) => boolean, who: { public: string; private: string }][] = [
  ["canView: who sees a channel at all (else it answers as an unknown gid)", (a, g) => groupPolicy.canView(a, g), { public: EVERYONE, private: `admin ${PRIVATE_MEMBERS}` }],
  ["canRead: a channel's history (admins do not read private channels they are not in)", (a, g) => groupPolicy.canRead(a, g), { public: EVERYONE, private: PRIVATE_MEMBERS }],
  ["isMember: everyone is in a public channel, the listed members in a private one", (a, g) => groupPolicy.isMember(a.uid, g), { public: EVERYONE, private: PRIVATE_MEMBERS }],
  ["canManage: admins on a public channel; the owner or an admin on a private one", (a, g) => groupPolicy.canManage(a, g), { public: "admin adminMember", private: "admin adminMember owner" }],
  // A guest is "true" here: mayInvite refuses guests before this rule is asked.
  ["canInviteInto: invite links into a private channel need a member or an admin", (a, g) => groupPolicy.canInviteInto(a, g), { public: EVERYONE, private: `admin ${PRIVATE_MEMBERS}` }],
];

describe.each(ON_A_CHANNEL)("groupPolicy.%s", (_, rule, who) => {
  it.each(whoMay(ACTORS, who))("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(rule(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canManage: who owns the channel, not who once did", () => {
  it.each([
    ["a bot that owns a private channel manages it", ACTORS.botMember, privateGroup(6, CHANNEL_MEMBERS), true],
    ["the former owner of a private channel handed over to a bot does not", ACTORS.owner, privateGroup(6, CHANNEL_MEMBERS), false],
    ["a stale owner column on a public channel grants nothing", ACTORS.owner, publicGroup({ owner: 2 }), false],
    ["a guest named as owner still manages nothing", ACTORS.guest, privateGroup(7, [7]), false],
  ] as const)("%s", (_, actor, group, expected) => {
    expect(groupPolicy.canManage(actor, group)).toBe(expected);
  });
});

describe("groupPolicy.canSend: members post; on a restricted channel only the owner and admins", () => {
  it.each(
    whoGets(ACTORS, {
      public: { ok: NOT_GUESTS, not_member: "guest" },
      // A public channel has no owner: uid 2 is just a member there.
      restrictedPublic: { ok: "admin adminMember", restricted: "owner member nonMember bot botMember", not_member: "guest" },
      private: { ok: PRIVATE_MEMBERS, not_member: "admin nonMember bot guest" },
      restrictedPrivate: { ok: "adminMember owner", restricted: "member botMember", not_member: "admin nonMember bot guest" },
    }),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canSend(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canLeave: only a plain member of a private channel", () => {
  const who = { public: { public: EVERYONE }, private: { ok: "adminMember member botMember", owner: "owner", not_member: "admin nonMember bot guest" } };
  it.each(whoGets(ACTORS, who))("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.canLeave(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});

describe("groupPolicy.canCreate: guests never; public channels admin-only under only_admin_can_create_group", () => {
  const args = { public: [true, false], "public, admin-only": [true, true], private: [false, false], "private, admin-only": [false, true] } as const;
  const who = { public: NOT_GUESTS, "public, admin-only": "admin adminMember", private: NOT_GUESTS, "private, admin-only": NOT_GUESTS };
  it.each(whoMay(ACTORS, who))("$actor creating a $state channel → $expected", ({ actor, state, expected }) => {
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
  const admins = "admin adminMember";
  const who = { open: NOT_GUESTS, "who_can_invite_users off": admins, "admin_only_can_invite on": admins, "both restrictive": admins };
  it.each(whoMay(ACTORS, who))("$actor, $state → $expected", ({ actor, state, expected }) => {
    expect(groupPolicy.mayInvite(ACTORS[actor], SETTINGS[state])).toBe(expected);
  });
});

describe("groupPolicy.canAddMembers: members and admins of a private channel; admins only with admin_only_can_invite", () => {
  const args = { public: [GROUPS.public, false], "public, admin-only": [GROUPS.public, true], private: [GROUPS.private, false], "private, admin-only": [GROUPS.private, true] } as const;
  const who = { public: NOBODY, "public, admin-only": NOBODY, private: `admin ${PRIVATE_MEMBERS}`, "private, admin-only": "admin adminMember" };
  it.each(whoMay(ACTORS, who))("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    const [group, adminOnly] = args[state];
    expect(groupPolicy.canAddMembers(ACTORS[actor], group, adminOnly)).toBe(expected);
  });
});

describe("groupPolicy.canSeeMembers: only_admin_can_see_channel_members hides a private list from all but admins and the owner", () => {
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
  const who = { "public, hidden": EVERYONE, "private, shown": EVERYONE, "private, hidden": "admin adminMember owner" };
  it.each(whoMay(VIEWERS, who))("$actor, $state → $expected", ({ actor, state, expected }) => {
    const [group, hide] = args[state];
    expect(groupPolicy.canSeeMembers(VIEWERS[actor], group, hide)).toBe(expected);
  });

  it("an anonymous viewer never matches a private channel without an owner", () => {
    expect(groupPolicy.canSeeMembers({ uid: null, is_admin: false }, privateGroup(2, [2], { owner: null }), true)).toBe(false);
  });
});
