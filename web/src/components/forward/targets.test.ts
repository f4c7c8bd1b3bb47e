import { describe, expect, it } from "vitest";
import type { Group } from "@parley/protocol";
import type { StoredUser } from "../../app/slices/users";
import { GROUP } from "../../test/render";
import { buildTargets, filterTargets } from "./targets";

const group = (gid: number, name: string, extra: Partial<Group> = {}): Group => ({ ...GROUP, gid, name, ...extra });
const user = (uid: number, name: string, extra: Partial<StoredUser> = {}): StoredUser =>
  ({ uid, name, email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`, gender: 0, language: "en", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password", ...extra }) as StoredUser;

const channels = [group(2, "random"), group(1, "General"), group(3, "announcements", { only_owner_can_send_msg: true, is_public: false, owner: 9 })];
const users = [user(1, "Ada Admin"), user(3, "carol"), user(2, "Bob Builder"), user(4, "Guest 1", { create_by: "guest" })];

describe("forward targets", () => {
  it("lists channels then people, by name, without me or guests", () => {
    const targets = buildTargets(channels, users, { me: 1 });
    expect(targets.map((t) => t.key)).toEqual(["channel:3", "channel:1", "channel:2", "dm:2", "dm:3"]);
    expect(targets.find((t) => t.key === "dm:2")).toMatchObject({ kind: "dm", id: 2, name: "Bob Builder", detail: "bob.builder@example.com" });
  });

  it("disables a channel where only its owner may post, except for admins and the owner", () => {
    expect(buildTargets(channels, [], { me: 1 })[0].disabled).toBe("channel.only_owner");
    expect(buildTargets(channels, [], { me: 1, isAdmin: true })[0].disabled).toBeUndefined();
    expect(buildTargets(channels, [], { me: 9 })[0].disabled).toBeUndefined();
  });

  it("filters case-insensitively on names and e-mails, prefix matches first", () => {
    const targets = buildTargets([...channels, group(4, "team-b")], users, { me: 1 });
    expect(filterTargets(targets, "  ").length).toBe(targets.length);
    expect(filterTargets(targets, "B").map((t) => t.key)).toEqual(["channel:4", "dm:2"]);
    expect(filterTargets(targets, "an").map((t) => t.key)).toEqual(["channel:3", "channel:2"]);
    expect(filterTargets(targets, "carol@").map((t) => t.key)).toEqual(["dm:3"]);
    expect(filterTargets(targets, "nobody")).toEqual([]);
  });
});
