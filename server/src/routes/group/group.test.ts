import { describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildChannel, buildGuest, buildMember, buildMessage } from "../../test/factories.js";
import { groupCard } from "../../test/rows.js";

describe.each(dialects())("group routes (%s)", (dialect) => {
  const suite = useSuite(dialect);

  const get = (url: string, who?: Session | null) => suite.s.app.inject({ method: "GET", url, headers: who?.headers ?? {} });
  const create = (who: Session | null, payload: object) =>
    suite.s.app.inject({ method: "POST", url: "/api/group", headers: who?.headers ?? {}, payload });
  const send = (who: Session | null, gid: number | string, text: string) =>
    suite.s.app.inject({
      method: "POST",
      url: `/api/group/${gid}/send`,
      headers: { "content-type": "text/plain", ...(who?.headers ?? {}) },
      payload: text,
    });
  const gids = async (who: Session, query = "") => {
    const res = await get(`/api/group${query}`, who);
    expect(res.statusCode).toBe(200);
    return (res.json() as { gid: number }[]).map((g) => g.gid);
  };

  /** Admin, Bob and Carol: the usual cast (three logins). */
  async function cast() {
    const admin = await buildAdmin(suite.s);
    const bob = await buildMember(suite.s, admin, "Bob");
    const carol = await buildMember(suite.s, admin, "Carol");
    return { admin, bob, carol };
  }

  describe("POST /api/group", () => {
    it("creates a public channel: no owner, no members", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const before = Date.now();
      const res = await create(admin, { name: "general", description: "all hands", is_public: true });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(["created_at", "gid"]);
      expect(body.gid).toBe(1);
      expect(typeof body.created_at).toBe("number");
      expect(body.created_at).toBeGreaterThanOrEqual(before);
      const group = (await get(`/api/group/${body.gid}`)).json();
      assertMatches("Group", group);
      expect(group).toMatchObject({ gid: 1, owner: null, name: "general", description: "all hands", members: [], is_public: true });
    });

    it("creates a private channel owned by its creator, who is always a member", async () => {
      const { admin, bob, carol } = await cast();
      const gid = (await create(bob, { name: "secret", members: [carol.uid, carol.uid, admin.uid] })).json().gid;
      const group = (await get(`/api/group/${gid}`, bob)).json();
      assertMatches("Group", group);
      expect(group).toMatchObject({ owner: bob.uid, members: [admin.uid, bob.uid, carol.uid], is_public: false, description: null });
      // Without a member list: just the creator.
      const solo = (await create(carol, { name: "solo", is_public: false, members: null })).json().gid;
      expect((await get(`/api/group/${solo}`, carol)).json()).toMatchObject({ owner: carol.uid, members: [carol.uid] });
    });

    it("400 for a public channel with members, unknown or guest member uids, bad names", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const guest = await buildGuest(s);
      for (const payload of [
        { name: "pub", is_public: true, members: [admin.uid] },
        { name: "priv", members: [999] },
        { name: "priv", members: [guest.uid] },
        { name: "priv", members: ["x"] },
        { name: "" },
        { name: "   " },
        { name: "x".repeat(65) },
        { description: "no name" },
        { name: 42 },
      ]) {
        const res = await create(admin, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await create(admin, { name: "x".repeat(64) })).statusCode).toBe(200);
      const count = await s.ctx.db.selectFrom("groups").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it("401 anonymous, 403 for a guest", async () => {
      const { s } = suite;
      await buildAdmin(s);
      const guest = await buildGuest(s);
      expect((await create(null, { name: "x", is_public: true })).statusCode).toBe(401);
      expect((await create(guest, { name: "x", is_public: true })).statusCode).toBe(403);
      expect((await create(guest, { name: "x" })).statusCode).toBe(403);
    });

    it("only_admin_can_create_group: members may still create private channels", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const bob = await buildMember(s, admin, "Bob");
      expect((await create(bob, { name: "bob public", is_public: true })).statusCode).toBe(200);
      await s.ctx.repos.config.set("system_common", { only_admin_can_create_group: true });
      expect((await create(bob, { name: "bob public 2", is_public: true })).statusCode).toBe(403);
      expect((await create(bob, { name: "bob private" })).statusCode).toBe(200);
      expect((await create(admin, { name: "admin public", is_public: true })).statusCode).toBe(200);
    });
  });

  describe("GET /api/group", () => {
    it("lists public channels and the private ones containing the caller", async () => {
      const { s } = suite;
      const { admin, bob, carol } = await cast();
      const pub = await buildChannel(s, admin, { name: "general", is_public: true });
      const bobs = await buildChannel(s, bob, { name: "bob+carol", members: [carol.uid] });
      const admins = await buildChannel(s, admin, { name: "admin only" });
      const pub2 = await buildChannel(s, carol, { name: "random", is_public: true });

      const res = await get("/api/group", bob);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      for (const g of res.json() as unknown[]) assertMatches("Group", g);
      expect(await gids(bob)).toEqual([pub, bobs, pub2]);
      expect(await gids(carol)).toEqual([pub, bobs, pub2]);
      expect(await gids(admin)).toEqual([pub, admins, pub2]);
      expect(await gids(bob, "?public_only=true")).toEqual([pub, pub2]);
      expect(await gids(bob, "?public_only=false")).toEqual([pub, bobs, pub2]);
      const guest = await buildGuest(s);
      expect(await gids(guest)).toEqual([pub, pub2]);
      expect((await get("/api/group")).statusCode).toBe(401);
    });
  });

  describe("GET /api/group/{gid}", () => {
    it("public channels are readable anonymously; private ones only by members", async () => {
      const { s } = suite;
      const { admin, bob, carol } = await cast();
      const pub = await buildChannel(s, bob, { name: "general", is_public: true });
      const priv = await buildChannel(s, bob, { name: "private" });

      const anon = await get(`/api/group/${pub}`);
      expect(anon.statusCode).toBe(200);
      expect(anon.headers["content-type"]).toBe("application/json; charset=utf-8");
      assertMatches("Group", anon.json());
      expect(anon.json()).toEqual(groupCard({ gid: pub }));
      // An invalid token does not hide a public channel.
      expect((await s.app.inject({ method: "GET", url: `/api/group/${pub}`, headers: { "x-api-key": "junk" } })).statusCode).toBe(200);

      expect((await get(`/api/group/${priv}`)).statusCode).toBe(404);
      expect((await s.app.inject({ method: "GET", url: `/api/group/${priv}`, headers: { "x-api-key": "junk" } })).statusCode).toBe(404);
      expect((await get(`/api/group/${priv}`, carol)).statusCode).toBe(404);
      const member = await get(`/api/group/${priv}`, bob);
      expect(member.statusCode).toBe(200);
      assertMatches("Group", member.json());
      expect(member.json()).toMatchObject({ gid: priv, owner: bob.uid, members: [bob.uid], is_public: false });
      // Admins may read any channel.
      expect((await get(`/api/group/${priv}`, admin)).statusCode).toBe(200);
    });

    it("404 unknown, 400 bad id", async () => {
      expect((await get("/api/group/999")).statusCode).toBe(404);
      for (const bad of ["abc", "0", "-3", "1e3x"]) expect((await get(`/api/group/${bad}`)).statusCode, bad).toBe(400);
    });
  });

  describe("POST /api/group/{gid}/send", () => {
    it("any member may post to a public channel; private channels are members only", async () => {
      const { s } = suite;
      const { admin, bob, carol } = await cast();
      const pub = await buildChannel(s, admin, { name: "general", is_public: true });
      const priv = await buildChannel(s, bob, { name: "private" });

      const ok = await send(carol, pub, "hi all");
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(typeof ok.json()).toBe("number");
      expect(await s.ctx.repos.messages.byId(ok.json() as number)).toMatchObject({ target_gid: pub, target_uid: null, from_uid: carol.uid });

      expect((await send(bob, priv, "note to self")).statusCode).toBe(200);
      expect((await send(carol, priv, "let me in")).statusCode).toBe(404);
      // Admins are not implicit members for sending.
      expect((await send(admin, priv, "admin")).statusCode).toBe(403);
      expect((await send(bob, 999, "nowhere")).statusCode).toBe(404);
      expect((await send(bob, "abc", "bad")).statusCode).toBe(400);
      expect((await send(null, pub, "anon")).statusCode).toBe(401);
      const guest = await buildGuest(s);
      expect((await send(guest, pub, "guest")).statusCode).toBe(403);
      const empty = await send(bob, pub, "");
      expect(empty.statusCode).toBe(400);
      const rows = await s.ctx.db.selectFrom("messages").select("content").orderBy("mid").execute();
      expect(rows.map((r) => r.content)).toEqual(["hi all", "note to self"]);
    });

    it("only_owner_can_send_msg: 403 for plain members, 200 for the owner and admins", async () => {
      const { s } = suite;
      const { admin, bob, carol } = await cast();
      const priv = await buildChannel(s, bob, { name: "announcements", members: [admin.uid, carol.uid] });
      const pub = await buildChannel(s, admin, { name: "news", is_public: true });
      expect((await send(carol, priv, "before")).statusCode).toBe(200);
      await s.ctx.db.updateTable("groups").set({ only_owner_can_send_msg: 1 }).execute();

      const denied = await send(carol, priv, "after");
      expect(denied.statusCode).toBe(403);
      expect(denied.body).toBe("only Channel owner can send message!");
      expect((await send(bob, priv, "owner")).statusCode).toBe(200);
      expect((await send(admin, priv, "admin")).statusCode).toBe(200);
      // A public channel has no owner: only admins may post.
      expect((await send(bob, pub, "member")).statusCode).toBe(403);
      expect((await send(admin, pub, "admin")).statusCode).toBe(200);
      expect((await get(`/api/group/${priv}`, carol)).json()).toMatchObject({ only_owner_can_send_msg: true });
    });
  });

  describe("GET /api/group/{gid}/history", () => {
    it("public history is readable by any user; private by members; 404 unknown", async () => {
      const { s } = suite;
      const { admin, bob, carol } = await cast();
      const pub = await buildChannel(s, admin, { name: "general", is_public: true });
      const priv = await buildChannel(s, bob, { name: "private", members: [admin.uid] });
      const m1 = await buildMessage(s, bob, { gid: pub }, "public hello", { mentions: [carol.uid] });
      await buildMessage(s, bob, { gid: priv }, "private hello");
      await buildMessage(s, bob, { uid: carol.uid }, "a DM");

      const res = await get(`/api/group/${pub}/history`, carol);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const msgs = res.json() as unknown[];
      for (const m of msgs) assertMatches("ChatMessage", m);
      expect(msgs).toEqual([
        {
          mid: m1,
          from_uid: bob.uid,
          created_at: expect.any(Number),
          target: { gid: pub },
          detail: { type: "normal", properties: { mentions: [carol.uid] }, content_type: "text/plain", content: "public hello", expires_in: null },
        },
      ]);
      const guest = await buildGuest(s);
      expect((await get(`/api/group/${pub}/history`, guest)).json()).toHaveLength(1);

      expect((await get(`/api/group/${priv}/history`, carol)).statusCode).toBe(404);
      const members = await get(`/api/group/${priv}/history`, admin);
      expect(members.statusCode).toBe(200);
      expect((members.json() as { detail: { content: string } }[]).map((m) => m.detail.content)).toEqual(["private hello"]);

      // Admins see a private channel's card but not its conversation unless they are members.
      const closed = await buildChannel(s, bob, { name: "closed", members: [carol.uid] });
      expect((await get(`/api/group/${closed}`, admin)).statusCode).toBe(200);
      expect((await get(`/api/group/${closed}/history`, admin)).statusCode).toBe(403);
      expect((await get(`/api/group/${closed}/history`, carol)).statusCode).toBe(200);

      expect((await get("/api/group/999/history", bob)).statusCode).toBe(404);
      expect((await get(`/api/group/${pub}/history`)).statusCode).toBe(401);
    });

    it("pages with an exclusive `before` and `limit`; 400 for bad values", async () => {
      const { s } = suite;
      const admin = await buildAdmin(s);
      const gid = await buildChannel(s, admin, { name: "general", is_public: true });
      const other = await buildChannel(s, admin, { name: "other", is_public: true });
      const mids: number[] = [];
      for (let i = 0; i < 5; i++) {
        mids.push(await buildMessage(s, admin, { gid: gid }, `m${i}`));
        await buildMessage(s, admin, { gid: other }, `noise${i}`);
      }
      const page = async (query: string) =>
        ((await get(`/api/group/${gid}/history${query}`, admin)).json() as { mid: number }[]).map((m) => m.mid);
      expect(await page("")).toEqual(mids);
      expect(await page("?limit=3")).toEqual(mids.slice(2));
      expect(await page(`?limit=3&before=${mids[2]}`)).toEqual(mids.slice(0, 2));
      expect(await page(`?before=${mids[1]}`)).toEqual([mids[0]]);
      expect(await page(`?before=${mids[0]}`)).toEqual([]);
      for (const q of ["limit=0", "limit=abc", "before=xyz"]) {
        expect((await get(`/api/group/${gid}/history?${q}`, admin)).statusCode, q).toBe(400);
      }
      expect((await get("/api/group/abc/history", admin)).statusCode).toBe(400);
    });
  });
  describe("the channel routes of issue 3", () => {
    it("malformed ids, bodies and queries get a short 4xx and change nothing", async () => {
      const { s } = suite;
      const { admin, bob } = await cast();
      const gid = await buildChannel(s, bob, { name: "team", members: [admin.uid] });
      const routes: ["GET" | "POST" | "PUT" | "DELETE", string][] = [
        ["PUT", "/api/group/{gid}"],
        ["DELETE", "/api/group/{gid}"],
        ["POST", "/api/group/{gid}/change_type"],
        ["GET", "/api/group/{gid}/leave"],
        ["POST", "/api/group/{gid}/members/add"],
        ["POST", "/api/group/{gid}/members/remove"],
        ["POST", "/api/group/{gid}/pin"],
        ["POST", "/api/group/{gid}/unpin"],
        ["DELETE", "/api/group/{gid}/clear"],
        ["GET", "/api/group/{gid}/announcement"],
        ["POST", "/api/group/{gid}/announcement"],
        ["DELETE", "/api/group/{gid}/announcement"],
      ];
      const snapshot = async () =>
        JSON.stringify(await Promise.all([s.ctx.db.selectFrom("groups").selectAll().execute(), s.ctx.db.selectFrom("group_members").selectAll().execute()]));
      const before = await snapshot();
      const check = (res: { statusCode: number; body: string }, what: string) => {
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
        expect(res.body.length, what).toBeLessThan(300);
      };
      for (const [method, url] of routes) {
        for (const id of ["0", "-1", "abc", "1.5", "99999999999999999999", "1e3"]) {
          check(await s.app.inject({ method, url: url.replace("{gid}", id), headers: admin.headers }), `${method} ${url} ${id}`);
        }
        if (method === "POST" || method === "PUT") {
          for (const body of ["{", "null", "42", '"text"', '{"mid":{"$gt":1}}', '{"is_public":"no"}', '{"content":[]}']) {
            const res = await s.app.inject({
              method,
              url: url.replace("{gid}", String(gid)),
              headers: { ...admin.headers, "content-type": "application/json" },
              payload: body,
            });
            check(res, `${method} ${url} ${body}`);
          }
        }
      }
      for (const q of ["gid=abc", "expired_in=-1", "max_times=1e3", "expired_in=99999999", "gid=1&gid=2"]) {
        check(await get(`/api/group/create_reg_magic_link?${q}`, admin), q);
        check(await get(`/api/group/create_invite_private_magic_link?${q}`, admin), q);
      }
      for (const body of ["{", "{}", '{"magic_token":1}', '{"magic_token":""}', "[]"]) {
        check(await s.app.inject({ method: "POST", url: "/api/user/join_private", headers: { ...bob.headers, "content-type": "application/json" }, payload: body }), body);
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});
