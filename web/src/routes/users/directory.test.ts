/** The member directory as data: search, contact filters, grouping and order. */
import { describe, expect, it } from "vitest";
import { placeholderUser, type StoredUser } from "../../app/slices/users";
import { buildDirectory, filterCounts, matchesQuery } from "./directory";

const user = (uid: number, name: string, extra: Partial<StoredUser> = {}): StoredUser => ({
  ...placeholderUser(uid, { name, email: `${name.split(" ")[0].toLowerCase()}@example.com` }),
  ...extra,
});
const USERS = [user(1, "Zed Admin", { is_admin: true }), user(2, "bob"), user(3, "Alice"), user(4, "Helper", { is_bot: true, is_admin: true }), user(12, "Carl")];

describe("member directory", () => {
  it("groups admins (not bots), bots and members, sorted by the shown name", () => {
    const groups = buildDirectory({ users: USERS, contacts: {}, remarks: { 12: "Accountant" }, query: "", filter: "all" });
    expect(groups.map((g) => [g.role, g.users.map((u) => u.uid)])).toEqual([
      ["admin", [1]],
      ["bot", [4]],
      ["member", [12, 3, 2]],
    ]);
  });

  it("matches names, remarks, e-mails and #uid", () => {
    expect(matchesQuery(USERS[1], undefined, "BO")).toBe(true);
    expect(matchesQuery(USERS[4], "Accountant", "account")).toBe(true);
    expect(matchesQuery(USERS[2], undefined, "alice@")).toBe(true);
    expect(matchesQuery(USERS[4], undefined, "#12")).toBe(true);
    expect(matchesQuery(USERS[4], undefined, "13")).toBe(false);
  });

  it("filters and counts contacts and blocked users", () => {
    const contacts = { 2: "added", 3: "blocked", 12: "added" };
    expect(filterCounts(USERS, contacts)).toEqual({ all: 5, contacts: 2, blocked: 1 });
    const only = (filter: "contacts" | "blocked") => buildDirectory({ users: USERS, contacts, remarks: {}, query: "", filter }).flatMap((g) => g.users.map((u) => u.uid));
    expect(only("contacts")).toEqual([2, 12]);
    expect(only("blocked")).toEqual([3]);
  });
});
