import type { AuditLogEntry } from "@parley/protocol";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { call } from "../../test/api.js";
import { buildAdmin, buildCast, buildChannel, buildMember } from "../../test/factories.js";
import { expectMatrix } from "../../test/matrix.js";

/** The audit log: every admin action and security event is recorded, read-only, admins only. */
describe.each(dialects())("audit log (%s)", (dialect) => {
  const suite = useSuite(dialect, { config: { rateLimits: { login: { perIp: 3, perEmail: 2 } } }, seed: buildAdmin });

  const api = (who: Session | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, type?: string) =>
    suite.s.app.inject({ method, url: `/api${url}`, headers: { ...(who?.headers ?? {}), ...(type ? { "content-type": type } : {}) }, payload: payload as string | Buffer });
  const entries = async (query = ""): Promise<AuditLogEntry[]> => {
    const res = await api(suite.seed, "GET", `/admin/audit_log${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
  };

  it("records each admin action with its actor, target and what changed, newest first", async () => {
    const { s, seed: admin } = suite;
    const bob = await buildMember(s, admin, "Bob");
    await ok(api(admin, "POST", "/admin/user", { email: "dave@example.com", password: "dave-pass", name: "Dave" }));
    await ok(api(admin, "PUT", `/admin/user/${bob.uid}`, { is_admin: true }));
    await ok(api(admin, "PUT", `/admin/user/${bob.uid}`, { is_admin: false }));
    await ok(api(admin, "PUT", `/admin/user/${bob.uid}`, { status: "frozen" }));
    await ok(api(admin, "PUT", `/admin/user/${bob.uid}`, { status: "normal", password: "new-pass-1", name: "Robert" }));
    await ok(api(admin, "PUT", "/admin/system/common", { show_user_online_status: false }));
    await ok(api(admin, "PUT", "/admin/system/organization", { name: "Acme", description: "Chat" }));
    const login = (await api(admin, "GET", "/admin/login/config")).json();
    await ok(api(admin, "POST", "/admin/login/config", { ...login, guest: true }));
    await ok(api(admin, "POST", "/admin/smtp/config", { enabled: false, host: "127.0.0.1", port: 2525, from: "x@example.com", username: "mailer", password: "hunter2-secret" }));
    await ok(api(admin, "POST", "/admin/system/update_frontend_url", "https://chat.example.com", "text/plain"));
    await ok(api(admin, "POST", "/admin/system/third_party_secret"));
    const gid = await buildChannel(s, admin, { name: "ops", is_public: true });
    await ok(api(admin, "DELETE", `/group/${gid}/clear`));
    await ok(api(admin, "DELETE", `/group/${gid}`));
    await ok(api(admin, "DELETE", "/admin/system/message/clear"));
    await ok(api(admin, "DELETE", "/resource/file/delete"));
    await ok(api(admin, "DELETE", `/admin/user/${bob.uid}`));

    const log = await entries("?limit=200");
    expect(log.map((e) => e.action)).toEqual([
      "user.deleted",
      "files.cleared",
      "messages.cleared",
      "channel.deleted",
      "channel.cleared",
      "settings.third_party_secret",
      "settings.frontend_url",
      "settings.smtp",
      "settings.login_methods",
      "settings.organization",
      "settings.common",
      "user.updated",
      "user.password_reset",
      "user.unfrozen",
      "user.frozen",
      "user.role_changed",
      "user.role_changed",
      "user.created",
      "user.created",
      "admin.created",
    ]);
    expect(log.every((e) => e.actor_uid === admin.uid && e.ip === "127.0.0.1")).toBe(true);
    expect(log.slice(-3).map((e) => e.target_uid)).toEqual([bob.uid + 1, bob.uid, admin.uid]);
    const byAction = (a: string) => log.filter((e) => e.action === a);
    expect(byAction("user.role_changed").map((e) => [e.target_uid, e.detail])).toEqual([
      [bob.uid, { is_admin: false }],
      [bob.uid, { is_admin: true }],
    ]);
    expect(byAction("user.updated")[0].detail).toEqual({ changed: { name: "Robert" } });
    expect(byAction("user.deleted")[0]).toMatchObject({ target_uid: bob.uid, detail: { name: "Robert", email: "bob@example.com" } });
    expect(byAction("settings.common")[0].detail).toEqual({ changed: { show_user_online_status: false } });
    expect(byAction("channel.deleted")[0]).toMatchObject({ target_gid: gid, detail: { name: "ops", is_public: true } });
    expect(byAction("settings.smtp")[0].detail).toMatchObject({ password_changed: true, changed: { host: "127.0.0.1", username: "mailer" } });
    // Secrets never reach the log: not the SMTP password, the new passwords, nor the third-party secret.
    const secret = (await api(admin, "GET", "/admin/system/third_party_secret")).body;
    const all = JSON.stringify(log);
    for (const value of ["hunter2-secret", "new-pass-1", "dave-pass", secret]) expect(all).not.toContain(value);
  });

  it("records a self-deletion and the logo", async () => {
    const { s, seed: admin } = suite;
    const carol = await buildMember(s, admin, "Carol");
    await ok(api(carol, "DELETE", "/user/delete"));
    expect((await entries("?action=account"))[0]).toMatchObject({ action: "account.deleted", actor_uid: carol.uid, target_uid: carol.uid });
    const png = await sharp({ create: { width: 128, height: 128, channels: 3, background: "#3355aa" } }).png().toBuffer();
    await ok(api(admin, "POST", "/admin/system/organization/logo", png, "image/png"));
    expect((await entries("?action=settings.logo")).map((e) => e.actor_uid)).toEqual([admin.uid]);
    const bob = await buildMember(s, admin, "Bob");
    await ok(api(admin, "POST", `/admin/user/${bob.uid}/avatar`, png, "image/png"));
    expect((await entries("?action=user.avatar_changed")).map((e) => [e.actor_uid, e.target_uid])).toEqual([[admin.uid, bob.uid]]);
  });

  it("commits a change and its entry together: when the entry cannot be written, nothing changes", async () => {
    const { s, seed: admin } = suite;
    const read = async (url: string) => (await api(admin, "GET", url)).body;
    const urls = ["/admin/system/common", "/admin/system/organization", "/admin/login/config", "/admin/smtp/config", "/admin/system/frontend_url", "/admin/system/third_party_secret", "/admin/user"];
    const before = await Promise.all(urls.map(read));
    // Without its table no entry can be written: every audited change must fail whole.
    await s.ctx.db.schema.dropTable("audit_log").execute();
    const login = JSON.parse(before[2]) as Record<string, unknown>;
    const attempts = [
      () => api(admin, "PUT", "/admin/system/common", { show_user_online_status: false }),
      () => api(admin, "PUT", "/admin/system/organization", { name: "Acme", description: "Chat" }),
      () => api(admin, "POST", "/admin/login/config", { ...login, guest: !login.guest }),
      () => api(admin, "POST", "/admin/smtp/config", { enabled: false, host: "127.0.0.1", port: 2525, from: "x@example.com", username: "u", password: "p" }),
      () => api(admin, "POST", "/admin/system/update_frontend_url", "https://chat.example.com", "text/plain"),
      () => api(admin, "POST", "/admin/system/third_party_secret"),
      () => api(admin, "POST", "/admin/user", { email: "dave@example.com", password: "dave-pass", name: "Dave" }),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(500);
    expect(await Promise.all(urls.map(read))).toEqual(before);
  });

  it("records each sign-in limit reached once per window, not once per refused attempt", async () => {
    const { s, seed: admin } = suite;
    await buildMember(s, admin, "Bob");
    const attempt = () => api(null, "POST", "/token/login", { credential: { type: "password", email: "bob@example.com", password: "wrong" }, device: "web" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(3);
    // Two limits filled (the e-mail's after 2 attempts, the address's after 3): one entry each.
    await expect.poll(async () => (await entries("?action=auth")).length).toBe(2);
    const limited = await entries("?action=auth");
    const byIp = limited.find((e) => e.detail.by === "ip");
    const byEmail = limited.find((e) => e.detail.by === "email");
    expect(byEmail).toMatchObject({ action: "auth.rate_limited", actor_uid: null, ip: "127.0.0.1", detail: { limit: "login", by: "email", email: "bob@example.com" } });
    expect(byIp).toMatchObject({ action: "auth.rate_limited", actor_uid: null, ip: "127.0.0.1", detail: { limit: "login", by: "ip" } });
  });

  it("pages with before, filters by category or action, and writes nothing for a refused action", async () => {
    const { s, seed: admin } = suite;
    const bob = await buildMember(s, admin, "Bob");
    for (let i = 0; i < 5; i++) await ok(api(admin, "PUT", "/admin/system/common", { show_user_online_status: i % 2 === 0 }));
    await ok(api(admin, "PUT", `/admin/user/${bob.uid}`, { status: "frozen" }));
    const all = await entries();
    expect(all).toHaveLength(8); // with the admin's and Bob's creation
    const first = await entries("?limit=4");
    const rest = await entries(`?before=${first[3].id}`);
    expect([...first, ...rest]).toEqual(all);
    expect((await entries("?action=settings")).map((e) => e.action)).toEqual(Array(5).fill("settings.common"));
    expect((await entries("?action=user.frozen")).map((e) => e.target_uid)).toEqual([bob.uid]);
    expect(await entries("?action=user.role_changed")).toEqual([]);

    const before = (await entries()).length;
    // Refused: the founder cannot be frozen; an unknown user; a bad body.
    expect((await api(admin, "PUT", `/admin/user/${admin.uid}`, { status: "frozen" })).statusCode).toBe(403);
    expect((await api(admin, "DELETE", "/admin/user/999")).statusCode).toBe(404);
    expect((await api(admin, "PUT", "/admin/system/common", { show_user_online_status: "yes" })).statusCode).toBe(400);
    expect((await api(bob, "DELETE", "/admin/system/message/clear")).statusCode).toBe(403);
    expect((await entries()).length).toBe(before);
  });

  it("answers 400 for a bad query", async () => {
    const { seed: admin } = suite;
    for (const q of ["?limit=0", "?limit=99999999", "?limit=x", "?before=0", "?before=-1", "?action=USER", "?action=a.b.c", "?action=%25"]) {
      expect((await api(admin, "GET", `/admin/audit_log${q}`)).statusCode, q).toBe(400);
    }
  });
});

/** What needs a server without an admin: the first admin's creation, and a cast with its own admin. */
describe.each(dialects())("audit log, from a server without an admin (%s)", (dialect) => {
  const suite = useSuite(dialect);

  it("records the first admin's creation", async () => {
    const { s } = suite;
    const res = await call(s, "POST", "/admin/system/create_admin", null, { email: "ada@example.com", name: "Ada", password: "ada-pass-1" });
    expect(res.statusCode).toBe(200);
    const rows = await s.ctx.db.selectFrom("audit_log").selectAll().execute();
    expect(rows.map((r) => [r.action, r.actor_uid, r.target_uid])).toEqual([["admin.created", 1, 1]]);
  });

  it("lets admins read it and no one else; no route edits it", async () => {
    const { s } = suite;
    const cast = await buildCast(s);
    await expectMatrix(cast, (who) => call(s, "GET", "/admin/audit_log", who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      expect((await call(s, method, "/admin/audit_log", cast.admin)).statusCode, method).toBe(404);
    }
  });
});
