import type { AdminUser, UserInfo, UserUpdateLog } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { assertMatches } from "../test/contract.js";
import { T0, userLogRow, userRow } from "../test/rows.js";
import { presentAdminUser, presentUserInfo, presentUserLog } from "./users.js";

describe("presentUserInfo: UserInfo (docs/API.md 'Object shapes'), explicit nulls, 0/1 as booleans", () => {
  it.each<[string, Parameters<typeof presentUserInfo>[0], UserInfo]>([
    [
      "a member",
      userRow({ uid: 2, email: "bob@example.com", name: "Bob", gender: 0, language: "en-US", avatar_updated_at: 0 }),
      { uid: 2, email: "bob@example.com", name: "Bob", gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password" },
    ],
    [
      "an admin with an avatar",
      userRow({ uid: 1, email: "admin@example.com", name: "Admin", gender: 1, language: "zh-CN", is_admin: 1, avatar_updated_at: T0 + 5 }),
      { uid: 1, email: "admin@example.com", name: "Admin", gender: 1, language: "zh-CN", is_admin: true, is_bot: false, avatar_updated_at: T0 + 5, create_by: "password" },
    ],
    [
      "a bot",
      userRow({ uid: 5, email: "robot@bots.example", name: "Robot", is_bot: 1 }),
      { uid: 5, email: "robot@bots.example", name: "Robot", gender: 0, language: "en-US", is_admin: false, is_bot: true, avatar_updated_at: 0, create_by: "password" },
    ],
    [
      "a guest (no e-mail)",
      userRow({ uid: 7, email: null, name: "User123456", create_by: "guest", password_hash: null }),
      { uid: 7, email: null, name: "User123456", gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "guest" },
    ],
    [
      "a third-party user",
      userRow({ uid: 9, email: null, name: "ext-user", create_by: "thirdparty" }),
      { uid: 9, email: null, name: "ext-user", gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "thirdparty" },
    ],
  ])("%s", (_, row, expected) => {
    const info = presentUserInfo(row);
    expect(info).toEqual(expected);
    // Nothing private or internal leaks: no password hash, status, webhook or timestamps.
    expect(Object.keys(info).sort()).toEqual(["avatar_updated_at", "create_by", "email", "gender", "is_admin", "is_bot", "language", "name", "uid"]);
    assertMatches("UserInfo", info);
  });
});

describe("presentAdminUser: the admin view User; password always \"\"", () => {
  const devices = [
    { device: "web:abc", device_token: null, is_online: false },
    { device: "phone", device_token: "fcm-token", is_online: true },
  ];

  it.each<[string, Parameters<typeof presentAdminUser>[0], Parameters<typeof presentAdminUser>[1], Partial<AdminUser>]>([
    ["a member with two devices, one online", userRow({ uid: 2, updated_at: T0 + 9, webhook_url: null }), devices, { in_online: true, updated_at: T0 + 9 }],
    ["offline: no device online", userRow(), [{ device: "web", device_token: null, is_online: false }], { in_online: false }],
    ["offline: no device at all", userRow(), [], { in_online: false, online_devices: [] }],
    ["a frozen user", userRow({ status: "frozen" }), [], { status: "frozen" }],
    ["an unknown stored status reads normal", userRow({ status: "" }), [], { status: "normal" }],
    ["an admin", userRow({ uid: 1, is_admin: 1 }), [], { uid: 1, is_admin: true }],
    [
      "a bot with a webhook",
      userRow({ uid: 5, is_bot: 1, webhook_url: "https://bots.example/hook" }),
      [],
      { uid: 5, is_bot: true, webhook_url: "https://bots.example/hook" },
    ],
    ["a public bot", userRow({ uid: 5, is_bot: 1, is_public: 1 }), [], { uid: 5, is_bot: true, is_public: true }],
  ])("%s", (_, row, devs, changed) => {
    // Bob as userRow() makes him, presented whole.
    const base: AdminUser = {
      uid: 2,
      email: "bob@example.com",
      password: "",
      name: "Bob",
      gender: 0,
      is_admin: false,
      language: "en-US",
      create_by: "password",
      in_online: false,
      online_devices: devs,
      created_at: T0,
      updated_at: T0,
      avatar_updated_at: 0,
      status: "normal",
      webhook_url: null,
      is_bot: false,
      is_public: false,
    };
    const user = presentAdminUser(row, devs);
    expect(user).toEqual({ ...base, ...changed });
    assertMatches("User", user);
  });

  it("never carries the password hash", () => {
    const user = presentAdminUser(userRow({ password_hash: "$argon2id$secret" }), []);
    expect(user.password).toBe("");
    expect(JSON.stringify(user)).not.toContain("argon2id");
  });
});

describe("presentUserLog: UserUpdateLog with explicit nulls; 0/1 as booleans, null kept null", () => {
  it.each<[string, Parameters<typeof presentUserLog>[0], UserUpdateLog]>([
    [
      "a create with every field",
      userLogRow({ log_id: 7, action: "create", uid: 2, email: "bob@example.com", name: "Bob", gender: 0, language: "en-US", is_admin: 0, is_bot: 0, avatar_updated_at: 0 }),
      { log_id: 7, action: "create", uid: 2, email: "bob@example.com", name: "Bob", gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0 },
    ],
    [
      "a promotion: only is_admin",
      userLogRow({ log_id: 8, action: "update", uid: 2, is_admin: 1 }),
      { log_id: 8, action: "update", uid: 2, email: null, name: null, gender: null, language: null, is_admin: true, is_bot: null, avatar_updated_at: null },
    ],
    [
      "a new avatar: only avatar_updated_at",
      userLogRow({ log_id: 9, action: "update", uid: 5, avatar_updated_at: T0 }),
      { log_id: 9, action: "update", uid: 5, email: null, name: null, gender: null, language: null, is_admin: null, is_bot: null, avatar_updated_at: T0 },
    ],
    [
      "a bot created",
      userLogRow({ log_id: 10, action: "create", uid: 5, name: "Robot", is_admin: 0, is_bot: 1 }),
      { log_id: 10, action: "create", uid: 5, email: null, name: "Robot", gender: null, language: null, is_admin: false, is_bot: true, avatar_updated_at: null },
    ],
    [
      "a delete",
      userLogRow({ log_id: 11, action: "delete", uid: 3 }),
      { log_id: 11, action: "delete", uid: 3, email: null, name: null, gender: null, language: null, is_admin: null, is_bot: null, avatar_updated_at: null },
    ],
  ])("%s", (_, row, expected) => {
    const log = presentUserLog(row);
    expect(log).toEqual(expected);
    // created_at is the log's own bookkeeping, not part of the wire shape.
    expect(log).not.toHaveProperty("created_at");
    assertMatches("UserUpdateLog", log);
  });
});
