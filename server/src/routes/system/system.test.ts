import { describe, expect, it } from "vitest";
import { SERVER_VERSION } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { dialects } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { ADMIN, buildAdmin, buildMember, userInfo } from "../../test/factories.js";
import { expectBadBodies } from "../../test/api.js";

describe.each(dialects())("system routes (%s)", (dialect) => {
  const suite = useSuite(dialect);

  it("reports not initialized until the first admin exists", async () => {
    const { s } = suite;
    const before = await s.app.inject({ method: "GET", url: "/api/admin/system/initialized" });
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(before.body).toBe("false");
    await buildAdmin(s);
    const after = await s.app.inject({ method: "GET", url: "/api/admin/system/initialized" });
    expect(after.body).toBe("true");
  });

  it("create_admin returns the founder as UserInfo and refuses a second time", async () => {
    const { s } = suite;
    const res = await s.app.inject({
      method: "POST",
      url: "/api/admin/system/create_admin",
      payload: { email: "Founder@Example.com", name: "Founder", password: "founder-pass", gender: 0 },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    assertMatches("UserInfo", user);
    expect(user).toEqual(userInfo(1, "Founder", { is_admin: true }));
    const again = await s.app.inject({
      method: "POST",
      url: "/api/admin/system/create_admin",
      payload: { ...ADMIN, gender: 0 },
    });
    expect(again.statusCode).toBe(403);
    const count = await s.ctx.repos.users.count();
    expect(count).toBe(1);
  });

  it("create_admin rejects bad bodies with 400 and creates nothing", async () => {
    const { s } = suite;
    await expectBadBodies(s, "/api/admin/system/create_admin", [
      {},
      { email: "not-an-email", name: "A", password: "secret-1" },
      { email: "a@example.com", name: "", password: "secret-1" },
      { email: "a@example.com", name: "A", password: "123" },
      { email: "a@example.com", name: "x".repeat(33), password: "secret-1" },
    ]);
    expect(await s.ctx.repos.users.count()).toBe(0);
  });

  it("version is plain text", async () => {
    const { s } = suite;
    const res = await s.app.inject({ method: "GET", url: "/api/admin/system/version" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toBe(SERVER_VERSION);
  });

  it("organization is public and carries the server id", async () => {
    const { s } = suite;
    const res = await s.app.inject({ method: "GET", url: "/api/admin/system/organization" });
    expect(res.statusCode).toBe(200);
    const org = res.json();
    expect(org).toEqual({ name: "Parley", description: null, server_id: s.ctx.keys.server_id });
  });

  it("login config: public read with the contract defaults, admin-only write", async () => {
    const { s } = suite;
    const res = await s.app.inject({ method: "GET", url: "/api/admin/login/config" });
    expect(res.statusCode).toBe(200);
    assertMatches("LoginConfig", res.json());
    expect(res.json()).toMatchObject({ who_can_sign_up: "EveryOne", guest: false, password: true, magic_link: true, google: false });

    const admin = await buildAdmin(s);
    const member = await buildMember(s, admin, "Bob");
    const update = { ...res.json(), guest: true, who_can_sign_up: "InvitationOnly" };
    const anon = await s.app.inject({ method: "POST", url: "/api/admin/login/config", payload: update });
    expect(anon.statusCode).toBe(401);
    const denied = await s.app.inject({ method: "POST", url: "/api/admin/login/config", headers: member.headers, payload: update });
    expect(denied.statusCode).toBe(403);
    const bad = await s.app.inject({
      method: "POST",
      url: "/api/admin/login/config",
      headers: admin.headers,
      payload: { ...update, who_can_sign_up: "Anyone" },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await s.app.inject({ method: "POST", url: "/api/admin/login/config", headers: admin.headers, payload: update });
    expect(ok.statusCode).toBe(200);
    const read = await s.app.inject({ method: "GET", url: "/api/admin/login/config" });
    expect(read.json()).toMatchObject({ guest: true, who_can_sign_up: "InvitationOnly" });
  });
});
