import { describe, expect, it } from "vitest";
import { claims, privateGroup, publicGroup } from "../test/rows.js";
import { CHANNEL_ACTORS as ACTORS, CHANNEL_MEMBERS, whoMay } from "../test/verdicts.js";
import { filesPolicy } from "./files.js";

/** docs/API.md "Files" and "Pictures"; the actors are those of the groups policy test. */

describe("filesPolicy.canUpload: everyone but guests", () => {
  it.each(whoMay(ACTORS, { upload: "admin adminMember owner member nonMember bot botMember" }))("$actor → $expected", ({ actor, expected }) => {
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
    private: privateGroup(2, CHANNEL_MEMBERS),
    "bot-owned private": privateGroup(6, CHANNEL_MEMBERS),
    "public with a stale owner": publicGroup({ owner: 2 }),
  };
  const who = { public: "admin adminMember", private: "admin adminMember owner", "bot-owned private": "admin adminMember botMember", "public with a stale owner": "admin adminMember" };
  it.each(whoMay(ACTORS, who))("$actor, $state channel → $expected", ({ actor, state, expected }) => {
    expect(filesPolicy.canSetGroupAvatar(ACTORS[actor], GROUPS[state])).toBe(expected);
  });
});
