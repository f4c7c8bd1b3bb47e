import { describe, expect, it } from "vitest";
import { TokenService } from "../../auth/tokens.js";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildChannel, buildGuest, buildMember, buildMessage, userInfo } from "../../test/factories.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

describe.each(dialects())("user routes (%s)", (dialect) => {
  const suite = useSuite(dialect);

  const get = (url: string, who?: Session) => suite.s.app.inject({ method: "GET", url, headers: who?.headers ?? {} });
  const send = (who: Session | null, uid: number | string, payload: string, headers: Record<string, string> = {}) =>
    suite.s.app.inject({
      method: "POST",
      url: `/api/user/${uid}/send`,
      headers: { "content-type": "text/plain", ...(who?.headers ?? {}), ...headers },
      payload,
    });

  describe("GET /api/user/me", () => {
    it("returns the caller as UserInfo", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const res = await get("/api/user/me", bob);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      assertMatches("UserInfo", res.json());
      expect(res.json()).toEqual({ ...userInfo(bob.uid, "Bob"), msg_smtp_notify_enable: false });
    });

    it("401 without, with an invalid, or with an expired token", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const none = await get("/api/user/me");
      expect(none.statusCode).toBe(401);
      expect(none.headers["content-type"]).toContain("text/plain");
      expect((await s.app.inject({ method: "GET", url: "/api/user/me", headers: { "x-api-key": "invalid" } })).statusCode).toBe(401);
      // A refresh token is not an access token.
      expect((await s.app.inject({ method: "GET", url: "/api/user/me", headers: { "x-api-key": admin.refresh_token } })).statusCode).toBe(401);
      const expired = await new TokenService(s.ctx.keys.server_key, -60, 600).issue({
        uid: admin.uid,
        device: admin.device,
        is_admin: true,
        is_guest: false,
      });
      expect((await s.app.inject({ method: "GET", url: "/api/user/me", headers: { "x-api-key": expired.token } })).statusCode).toBe(401);
    });
  });

  describe("GET /api/user and /api/user/{uid}", () => {
    it("requires a session (Parley does not serve the directory anonymously)", async () => {
      const { s } = suite;
      await buildAdmin(s);
      expect((await get("/api/user")).statusCode).toBe(401);
      expect((await get("/api/user/1")).statusCode).toBe(401);
    });

    it("lists every non-guest user uid-ascending with explicit null e-mails", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const guest = await buildGuest(s);
      // A user without an e-mail (e.g. an OAuth account): the field must be null, not omitted.
      const carol = await buildMember(s, admin, "Carol");
      await s.ctx.db.updateTable("users").set({ email: null }).where("uid", "=", carol.uid).execute();

      for (const who of [bob, guest]) {
        const res = await get("/api/user", who);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        const users = res.json() as { uid: number; email: string | null; name: string }[];
        for (const u of users) assertMatches("UserInfo", u);
        expect(users.map((u) => u.uid)).toEqual([admin.uid, bob.uid, carol.uid]);
        expect(users.map((u) => u.name)).toEqual(["Admin", "Bob", "Carol"]);
        expect(users[2]).toHaveProperty("email", null);
        expect(res.body).toContain('"email":null');
      }
    });

    it("GET /api/user/{uid}: the user, 404 unknown or guest, 400 non-numeric", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const guest = await buildGuest(s);
      const res = await get(`/api/user/${bob.uid}`, admin);
      expect(res.statusCode).toBe(200);
      assertMatches("UserInfo", res.json());
      expect(res.json()).toMatchObject({ uid: bob.uid, name: "Bob", email: "bob@example.com" });
      expect((await get("/api/user/999", admin)).statusCode).toBe(404);
      expect((await get(`/api/user/${guest.uid}`, admin)).statusCode).toBe(404);
      for (const bad of ["abc", "0", "-1", "1.5"]) {
        expect((await get(`/api/user/${bad}`, admin)).statusCode, bad).toBe(400);
      }
    });
  });

  describe("POST /api/user/{uid}/send", () => {
    it("stores text and markdown, answers the mid as a bare JSON number", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const plain = await send(admin, bob.uid, "hello bob");
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(plain.body).toMatch(/^\d+$/);
      const mid = plain.json() as number;
      expect(Number.isSafeInteger(mid) && mid > 0).toBe(true);

      const md = await send(admin, bob.uid, "# Title\n*bold*", { "content-type": "text/markdown" });
      expect(md.statusCode).toBe(200);
      const withCharset = await send(bob, admin.uid, "reply", { "content-type": "text/plain; charset=utf-8" });
      expect(withCharset.statusCode).toBe(200);

      const stored = await s.ctx.repos.messages.byId(md.json() as number);
      expect(stored).toMatchObject({ from_uid: admin.uid, target_uid: bob.uid, target_gid: null, content_type: "text/markdown" });
      expect(stored?.content).toBe("# Title\n*bold*");
      const history = (await get(`/api/user/${admin.uid}/history`, bob)).json() as { detail: { content_type: string; content: string } }[];
      expect(history.map((m) => [m.detail.content_type, m.detail.content])).toEqual([
        ["text/plain", "hello bob"],
        ["text/markdown", "# Title\n*bold*"],
        ["text/plain", "reply"],
      ]);
    });

    it("mids strictly increase across DMs and groups (one global sequence)", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const gid = await buildChannel(s, admin, { name: "general", is_public: true });
      const mids = [
        await buildMessage(s, admin, { uid: bob.uid }, "dm 1"),
        await buildMessage(s, bob, { gid: gid }, "group 1"),
        await buildMessage(s, bob, { uid: admin.uid }, "dm 2"),
        await buildMessage(s, admin, { gid: gid }, "group 2"),
        await buildMessage(s, admin, { uid: bob.uid }, "dm 3"),
      ];
      for (let i = 1; i < mids.length; i++) expect(mids[i]).toBeGreaterThan(mids[i - 1]);
      expect(new Set(mids).size).toBe(mids.length);
    });

    it("X-Properties: base64 JSON becomes properties; invalid base64 or JSON becomes null", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const props = { local_id: 1234, mentions: [bob.uid] };
      await send(admin, bob.uid, "with props", { "x-properties": b64(JSON.stringify(props)) });
      await send(admin, bob.uid, "bad base64", { "x-properties": "!!!not base64!!!" });
      await send(admin, bob.uid, "bad json", { "x-properties": b64("{not json") });
      await send(admin, bob.uid, "not an object", { "x-properties": b64("[1,2]") });
      await send(admin, bob.uid, "empty", { "x-properties": "" });
      const history = (await get(`/api/user/${bob.uid}/history`, admin)).json() as {
        detail: { content: string; properties: unknown };
      }[];
      expect(history.map((m) => [m.detail.content, m.detail.properties])).toEqual([
        ["with props", props],
        ["bad base64", null],
        ["bad json", null],
        ["not an object", null],
        ["empty", null],
      ]);
    });

    it("404 unknown target, 400 empty body or bad uid, 415 unsupported content type", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const guest = await buildGuest(s);
      const unknown = await send(admin, 999, "hi");
      expect(unknown.statusCode).toBe(404);
      expect((await send(admin, guest.uid, "hi")).statusCode).toBe(404);
      const empty = await send(admin, admin.uid, "");
      expect(empty.statusCode).toBe(400);
      expect((await send(admin, "abc", "hi")).statusCode).toBe(400);
      const png = await send(admin, admin.uid, "\x89PNG", { "content-type": "image/png" });
      expect(png.statusCode).toBe(415);
      expect(png.headers["content-type"]).toContain("text/plain");
      const json = await s.app.inject({
        method: "POST",
        url: `/api/user/${admin.uid}/send`,
        headers: admin.headers,
        payload: { text: "hi" },
      });
      expect(json.statusCode).toBe(415);
      const count = await s.ctx.db.selectFrom("messages").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it("401 anonymous, 403 for a guest", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const guest = await buildGuest(s);
      expect((await send(null, admin.uid, "hi")).statusCode).toBe(401);
      expect((await send(null, admin.uid, "hi", { "x-api-key": "garbage" })).statusCode).toBe(401);
      expect((await send(guest, admin.uid, "hi")).statusCode).toBe(403);
      // The guest's token itself is fine for routes open to guests.
      expect((await get("/api/user/me", guest)).json()).toMatchObject({ uid: guest.uid, create_by: "guest", email: null });
    });
  });

  describe("GET /api/user/{uid}/history", () => {
    it("returns only the DM between caller and uid, ascending, as ChatMessage", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const carol = await buildMember(s, admin, "Carol");
      const gid = await buildChannel(s, admin, { name: "general", is_public: true });
      const m1 = await buildMessage(s, admin, { uid: bob.uid }, "a→b", { local_id: 1 });
      await buildMessage(s, admin, { uid: carol.uid }, "a→c");
      await buildMessage(s, carol, { uid: bob.uid }, "c→b");
      await buildMessage(s, admin, { gid: gid }, "group");
      const m2 = await buildMessage(s, bob, { uid: admin.uid }, "b→a");

      const res = await get(`/api/user/${bob.uid}/history`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const msgs = res.json() as { mid: number; created_at: number }[];
      for (const m of msgs) assertMatches("ChatMessage", m);
      expect(msgs).toEqual([
        {
          mid: m1,
          from_uid: admin.uid,
          created_at: expect.any(Number),
          target: { uid: bob.uid },
          detail: { type: "normal", properties: { local_id: 1 }, content_type: "text/plain", content: "a→b", expires_in: null },
        },
        {
          mid: m2,
          from_uid: bob.uid,
          created_at: expect.any(Number),
          target: { uid: admin.uid },
          detail: { type: "normal", properties: null, content_type: "text/plain", content: "b→a", expires_in: null },
        },
      ]);
      expect(Math.abs(msgs[0].created_at - Date.now())).toBeLessThan(60_000);
      // Same conversation from the other side.
      expect(((await get(`/api/user/${admin.uid}/history`, bob)).json() as { mid: number }[]).map((m) => m.mid)).toEqual([m1, m2]);
      // Carol sees her own DMs only.
      expect(((await get(`/api/user/${bob.uid}/history`, carol)).json() as { detail: { content: string } }[]).map((m) => m.detail.content)).toEqual(["c→b"]);
      expect((await get(`/api/user/999/history`, carol)).json()).toEqual([]);
    });

    it("pages with an exclusive `before` and `limit`", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      const mids: number[] = [];
      for (let i = 0; i < 6; i++) mids.push(await buildMessage(s, i % 2 ? bob : admin, { uid: i % 2 ? admin.uid : bob.uid }, `m${i}`));
      const page = async (query: string) =>
        ((await get(`/api/user/${bob.uid}/history${query}`, admin)).json() as { mid: number }[]).map((m) => m.mid);
      expect(await page("")).toEqual(mids);
      expect(await page("?limit=2")).toEqual(mids.slice(4));
      expect(await page(`?before=${mids[4]}&limit=2`)).toEqual(mids.slice(2, 4));
      expect(await page(`?before=${mids[2]}&limit=2`)).toEqual(mids.slice(0, 2));
      expect(await page(`?before=${mids[0]}`)).toEqual([]);
      expect(await page(`?before=${mids[5] + 1000}`)).toEqual(mids);
      // Above the largest page (1,000): that page, not a 400 (docs/API.md "Conventions").
      expect(await page("?limit=5000")).toEqual(mids);
    });

    it("400 for a bad limit or before, 401 anonymous", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      for (const q of ["limit=0", "limit=abc", "limit=-1", "limit=1.5", "limit=99999999", "before=abc", "before=0"]) {
        const res = await get(`/api/user/1/history?${q}`, admin);
        expect(res.statusCode, q).toBe(400);
        expect(res.headers["content-type"]).toContain("text/plain");
      }
      expect((await get("/api/user/abc/history", admin)).statusCode).toBe(400);
      expect((await get("/api/user/1/history")).statusCode).toBe(401);
    });
  });
});
