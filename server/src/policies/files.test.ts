import { describe, expect, it } from "vitest";
import { claims, matrixCases, privateGroup, publicGroup } from "../test/rows.js";
import { filesPolicy } from "./files.js";

/** docs/API.md "Files" and "Pictures"; the uids are those of the groups policy test. */

const ACTORS = {
  admin: claims(1, { is_admin: true }),
  adminMember: claims(8, { is_admin: true }),
  owner: claims(2),
  member: claims(3),
  nonMember: claims(4),
  bot: claims(5),
  botMember: claims(6),
  guest: claims(7, { is_guest: true }),
};
type Actor = keyof typeof ACTORS;

describe("filesPolicy.canUpload: everyone but guests", () => {
  it.each([
    ["admin", true],
    ["owner", true],
    ["member", true],
    ["bot", true],
    ["guest", false],
  ] as const)("%s → %s", (actor, expected) => {
    expect(filesPolicy.canUpload(ACTORS[actor])).toBe(expected);
  });

  it("a guest session that also claims admin still cannot upload", () => {
    expect(filesPolicy.canUpload(claims(7, { is_guest: true, is_admin: true }))).toBe(false);
  });
});

describe("filesPolicy.ownsUpload: an upload continues only for the user who prepared it", () => {
  it.each([
    ["the user who prepared it", ACTORS.member, true],
    ["the same user on another device", claims(3, { device: "phone" }), true],
    ["another member", ACTORS.nonMember, false],
    ["an admin", ACTORS.admin, false],
    ["a guest", ACTORS.guest, false],
  ] as const)("%s → %s", (_, actor, expected) => {
    expect(filesPolicy.ownsUpload(actor, { uid: 3 })).toBe(expected);
  });
});

describe("filesPolicy.canSetGroupAvatar: admins for a public channel; the owner or an admin for a private one", () => {
  const GROUPS = {
    public: publicGroup(),
    private: privateGroup(2, [2, 3, 6, 8]),
    "bot-owned private": privateGroup(6, [2, 3, 6, 8]),
    "public with a stale owner": publicGroup({ owner: 2 }),
  };
  const STATES = Object.keys(GROUPS) as (keyof typeof GROUPS)[];
  it.each(
    matrixCases(STATES, {
      admin: [true, true, true, true],
      adminMember: [true, true, true, true],
      owner: [false, true, false, false],
      member: [false, false, false, false],
      nonMember: [false, false, false, false],
      bot: [false, false, false, false],
      botMember: [false, false, true, false],
      guest: [false, false, false, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(filesPolicy.canSetGroupAvatar(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});
