import { describe, expect, it } from "vitest";
import type { LoginResponse, ServerEvent } from "@parley/protocol";
import { sweepGuests } from "../../commands/guests.js";
import { assertMatches } from "../../test/contract.js";
import { openEvents } from "../../test/sse.js";
import { dialects, sessionOf, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildChannel, buildMember, buildMessage } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { setLoginConfig } from "../../test/identity.js";

const asSession = (login: LoginResponse): Session => sessionOf(login, "guest_device");

/**
 * Routes a guest may call although they write: sign-in and sign-up (anonymous anyway), and the
 * contract's "T" routes (no G) that only keep the caller's own bookkeeping — read positions,
 * mutes, burn-after-reading, push tokens, leaving for good, archiving what they can read.
 */
const GUEST_MAY = new Set([
  "POST /api/token/login",
  "POST /api/token/renew",
  "POST /api/user/register",
  "POST /api/user/check_magic_token",
  "POST /api/user/send_reg_magic_link",
  "POST /api/user/send_login_magic_link",
  "POST /api/token/create_third_party_key",
  "DELETE /api/user/delete",
  "PUT /api/user/update_fcm_token",
  "POST /api/user/mute",
  "POST /api/user/burn-after-reading",
  "POST /api/user/read-index",
]);

describe.each(dialects())("guests (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildAdmin });

  const guestLogin = () => call(suite.s, "GET", "/token/login_guest");

  it("GET /token/login_guest: 403 while guest mode is off; a guest session on `guest_device` when on", async () => {
    const { s, seed: admin } = suite;
    const off = await guestLogin();
    expect(off.statusCode).toBe(403);
    expect(await s.ctx.repos.users.count()).toBe(1);

    await setLoginConfig(s, admin, { guest: true });
    const res = await guestLogin();
    expect(res.statusCode).toBe(200);
    assertMatches("LoginResponse", res.json());
    const body = res.json() as LoginResponse;
    expect(body.user).toMatchObject({ email: null, create_by: "guest", is_admin: false, is_bot: false });
    expect(body.user.name).toMatch(/^User\d{6}\d*$/);
    const claims = await s.ctx.tokens.verifyAccess(body.token);
    expect(claims).toEqual({ uid: body.user.uid, device: "guest_device", is_admin: false, is_guest: true });
    expect((await call(s, "GET", "/user/me", asSession(body))).json().create_by).toBe("guest");
    // Each call is a new guest.
    expect((await guestLogin()).json().user.uid).not.toBe(body.user.uid);
  });

  it("guests are left out of user lists, the directory snapshot, presence and the admin view", async () => {
    const { s, seed: admin } = suite;
    await s.listen();
    await setLoginConfig(s, admin, { guest: true });
    const bob = await buildMember(s, admin, "Bob");
    const guest = asSession((await guestLogin()).json());
    const adminStream = await openEvents(s.url, { "api-key": admin.token });
    await adminStream.waitFor((e) => e.type === "ready");
    const guestStream = await openEvents(s.url, { "api-key": guest.token });
    const snapshot = await guestStream.waitFor<Extract<ServerEvent, { type: "users_snapshot" }>>((e) => e.type === "users_snapshot");
    expect(snapshot.users.map((u) => u.uid)).toEqual([admin.uid, bob.uid]);
    const state = await guestStream.waitFor<Extract<ServerEvent, { type: "users_state" }>>((e) => e.type === "users_state");
    expect(state.users.map((u) => u.uid)).toEqual([admin.uid, bob.uid]);
    await guestStream.waitFor((e) => e.type === "ready");

    expect((await call(s, "GET", "/user", admin)).json().map((u: { uid: number }) => u.uid)).toEqual([admin.uid, bob.uid]);
    expect((await call(s, "GET", `/user/${guest.uid}`, admin)).statusCode).toBe(404);
    expect((await call(s, "GET", "/admin/user", admin)).json().map((u: { uid: number }) => u.uid)).toEqual([admin.uid, bob.uid]);
    expect((await call(s, "GET", `/admin/user/${guest.uid}`, admin)).statusCode).toBe(404);
    // The guest coming online and leaving announced nothing to the admin.
    guestStream.close();
    await guestStream.ended;
    await buildChannel(s, admin, { name: "fence", is_public: true });
    await adminStream.waitFor((e) => e.type === "joined_group");
    expect(adminStream.events.some((e) => e.type === "users_state_changed" || (e.type === "users_log" && e.logs.some((l) => l.uid === guest.uid)))).toBe(false);
    adminStream.close();
  });

  it("a guest reads public channels but no write route of the app accepts it", async () => {
    const { s, seed: admin } = suite;
    await setLoginConfig(s, admin, { guest: true });
    const bob = await buildMember(s, admin, "Bob");
    const guest = asSession((await guestLogin()).json());
    const gid = await buildChannel(s, admin, { name: "general", is_public: true });
    const mid = await buildMessage(s, bob, { gid: gid }, "hello guests");
    const history = await call(s, "GET", `/group/${gid}/history`, guest);
    expect(history.statusCode).toBe(200);
    expect(history.json().map((m: { mid: number }) => m.mid)).toEqual([mid]);

    const ids: Record<string, string> = { gid: String(gid), uid: String(bob.uid), mid: String(mid), id: "1", kid: "1", device: "guest_device", attachment_id: "0" };
    const fill = (url: string) => url.replace(/:([a-z_]+)/g, (_m, name: string) => ids[name] ?? "1").replace("*", String(mid));
    const writes = s.app.routeTable.filter((r) => r.url.startsWith("/api/") && !["GET", "HEAD", "OPTIONS"].includes(r.method));
    expect(writes.length).toBeGreaterThan(40);
    const accepted: string[] = [];
    // Each route gets a JSON, a text and a PNG body: every answer must be a refusal, and at least
    // one must come from the route itself (not only the content-type check, 415).
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    for (const route of writes) {
      if (GUEST_MAY.has(`${route.method} ${route.url}`)) continue;
      const statuses: number[] = [];
      for (const body of [
        { type: "application/json", payload: "{}" as string | Buffer },
        { type: "text/plain", payload: "hi" },
        { type: "image/png", payload: png },
      ]) {
        const res = await s.app.inject({
          method: route.method as "POST",
          url: fill(route.url),
          headers: { ...guest.headers, "content-type": body.type },
          payload: route.method === "DELETE" ? undefined : body.payload,
        });
        statuses.push(res.statusCode);
      }
      const refused = statuses.every((code) => [400, 401, 403, 404, 415].includes(code)) && statuses.some((code) => code !== 415);
      if (!refused) accepted.push(`${route.method} ${route.url} → ${statuses.join(", ")}`);
    }
    expect(accepted).toEqual([]);
    // Nothing was written on the guest's behalf.
    const byGuest = await s.ctx.db.selectFrom("messages").select("mid").where("from_uid", "=", guest.uid).execute();
    expect(byGuest).toEqual([]);
  });

  it("guests older than 7 days are swept with the cascade (their streams kicked); younger ones and members stay", async () => {
    const { s, seed: admin } = suite;
    await s.listen();
    await setLoginConfig(s, admin, { guest: true });
    const old = asSession((await guestLogin()).json());
    const young = asSession((await guestLogin()).json());
    const stream = await openEvents(s.url, { "api-key": old.token });
    await stream.waitFor((e) => e.type === "ready");
    await s.ctx.db.updateTable("users").set({ created_at: Date.now() - 8 * 86_400_000 }).where("uid", "in", [old.uid, admin.uid]).execute();

    expect(await sweepGuests(s.ctx)).toBe(1);
    expect(await stream.waitFor((e) => e.type === "kick")).toEqual({ type: "kick", reason: "delete_user" });
    expect(await s.ctx.repos.users.byId(old.uid)).toBeUndefined();
    expect(await s.ctx.repos.users.byId(young.uid)).toBeDefined();
    expect(await s.ctx.repos.users.byId(admin.uid)).toBeDefined();
    expect((await call(s, "POST", "/token/renew", null, { token: old.token, refresh_token: old.refresh_token })).statusCode).toBe(401);
    // Guests were never announced, so their deletion is not either.
    expect(await sweepGuests(s.ctx)).toBe(0);
  });

  it("the sweep runs on its own at the configured interval and stops with the server", async () => {
    const s = await suite.restart({ guestSweepMs: 50, guestMaxAgeMs: 60_000 });
    const admin = suite.seed;
    await setLoginConfig(s, admin, { guest: true });
    const guest = asSession((await guestLogin()).json());
    await s.ctx.db.updateTable("users").set({ created_at: Date.now() - 120_000 }).where("uid", "=", guest.uid).execute();
    const deadline = Date.now() + 5_000;
    while ((await s.ctx.repos.users.byId(guest.uid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await s.ctx.repos.users.byId(guest.uid)).toBeUndefined();
  });

  it("rate-limits guest creation per client address", async () => {
    const s = await suite.restart({ rateLimits: { guest: { perIp: 2 } } });
    const admin = suite.seed;
    await setLoginConfig(s, admin, { guest: true });
    expect((await guestLogin()).statusCode).toBe(200);
    expect((await guestLogin()).statusCode).toBe(200);
    expect((await guestLogin()).statusCode).toBe(429);
    expect((await s.app.inject({ method: "GET", url: "/api/token/login_guest", remoteAddress: "203.0.113.5" })).statusCode).toBe(200);
  });
});
