import type { AuditLogEntry } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import type { AuditRow } from "../repos/audit.js";
import { T0, auditRow } from "../test/rows.js";
import { presentAuditEntry } from "./audit.js";

/** docs/API.md "Audit log": `[{id, created_at, actor_uid, action, target_uid, target_gid, detail, ip}]`. */
describe("presentAuditEntry", () => {
  it.each<[string, AuditRow, AuditLogEntry]>([
    [
      "an admin created a user",
      auditRow({ id: 1, created_at: T0, actor_uid: 1, action: "user.created", target_uid: 2, target_gid: null, ip: "203.0.113.7" }),
      { id: 1, created_at: T0, actor_uid: 1, action: "user.created", target_uid: 2, target_gid: null, detail: { name: "Bob", email: "bob@example.com", is_admin: false, is_bot: false }, ip: "203.0.113.7" },
    ],
    [
      "a channel deleted",
      auditRow({ id: 2, actor_uid: 2, action: "channel.deleted", target_uid: null, target_gid: 20, detail: '{"name":"secret"}' }),
      { id: 2, created_at: T0, actor_uid: 2, action: "channel.deleted", target_uid: null, target_gid: 20, detail: { name: "secret" }, ip: "203.0.113.7" },
    ],
    [
      "a rate-limited sign-in: nobody signed in, no target",
      auditRow({ id: 3, actor_uid: null, action: "auth.rate_limited", target_uid: null, target_gid: null, detail: '{"limit":"login","by":"ip"}', ip: "198.51.100.2" }),
      { id: 3, created_at: T0, actor_uid: null, action: "auth.rate_limited", target_uid: null, target_gid: null, detail: { limit: "login", by: "ip" }, ip: "198.51.100.2" },
    ],
    [
      "from the command line: no address, empty detail",
      auditRow({ id: 4, actor_uid: null, action: "files.cleared", target_uid: null, target_gid: null, detail: "{}", ip: null }),
      { id: 4, created_at: T0, actor_uid: null, action: "files.cleared", target_uid: null, target_gid: null, detail: {}, ip: null },
    ],
  ])("%s", (_, row, expected) => {
    expect(presentAuditEntry(row)).toEqual(expected);
  });
});
