import { describe, expect, it } from "vitest";
import { useSuite } from "../test/suite.js";
import { forgetAllowedOrigins } from "../widget/settings.js";
import { buildAdmin, buildChannel, buildMember } from "../test/factories.js";

/**
 * Bad input gets a clear 4xx and changes nothing: every route of the foundation is fed
 * malformed bodies, params and queries, as an admin (who passes every guard), and must answer
 * below 500 with a short text, never a stack trace, while the data stays as it was.
 */
const ROUTES: { method: "GET" | "POST"; url: string }[] = [
  { method: "POST", url: "/api/admin/system/create_admin" },
  { method: "POST", url: "/api/admin/login/config" },
  { method: "POST", url: "/api/token/login" },
  { method: "POST", url: "/api/token/renew" },
  { method: "POST", url: "/api/admin/user" },
  { method: "POST", url: "/api/group" },
  { method: "POST", url: "/api/group/{gid}/send" },
  { method: "POST", url: "/api/user/{uid}/send" },
  { method: "GET", url: "/api/group/{gid}/history" },
  { method: "GET", url: "/api/user/{uid}/history" },
  { method: "GET", url: "/api/group/{gid}" },
  { method: "GET", url: "/api/user/{uid}" },
];

const BAD_IDS = ["0", "-1", "abc", "1.5", "99999999999999999999", "%00", "1e3"];
const BAD_JSON_BODIES = ["{", "[]", "null", "42", '"text"', '{"a":', "\u0000", '{"name":{"$gt":""}}', JSON.stringify({ name: 1, email: [], password: {} })];
const BAD_QUERIES = ["?limit=-1", "?limit=abc", "?before=xyz", "?limit=0", "?limit=99999999", "?before=-5", "?limit=1&limit=2"];

describe("malformed input never causes a 5xx", () => {
  const suite = useSuite("sqlite", {
    per: "file",
    seed: async (s) => {
      const admin = await buildAdmin(s);
      await buildMember(s, admin, "Bob");
      const gid = await buildChannel(s, admin, { name: "general", is_public: true });
      const count = async (table: "users" | "groups" | "messages" | "group_members") =>
        Number((await s.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      const counts = () => Promise.all([count("users"), count("groups"), count("messages"), count("group_members")]);
      return { admin, gid, counts };
    },
  });

  const check = (res: { statusCode: number; body: string }, what: string) => {
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, what).toBeLessThan(500);
    expect(res.body, what).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
    expect(res.body.length, what).toBeLessThan(300);
  };

  it("rejects malformed JSON bodies", async () => {
    const { s, seed: { admin, gid, counts } } = suite;
    const before = await counts();
    for (const route of ROUTES.filter((r) => r.method === "POST" && !r.url.endsWith("/send"))) {
      const url = route.url.replace("{gid}", String(gid)).replace("{uid}", String(admin.uid));
      for (const body of BAD_JSON_BODIES) {
        const res = await s.app.inject({ method: "POST", url, headers: { ...admin.headers, "content-type": "application/json" }, payload: body });
        check(res, `${url} ${body}`);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it("rejects bad path ids and queries", async () => {
    const { s, seed: { admin, gid, counts } } = suite;
    const before = await counts();
    for (const route of ROUTES.filter((r) => r.url.includes("{"))) {
      for (const id of BAD_IDS) {
        const url = route.url.replace("{gid}", id).replace("{uid}", id);
        const res = await s.app.inject({ method: route.method, url, headers: { ...admin.headers, "content-type": "text/plain" }, payload: route.method === "POST" ? "hi" : undefined });
        check(res, `${route.method} ${url}`);
      }
    }
    for (const q of BAD_QUERIES) {
      for (const url of [`/api/group/${gid}/history${q}`, `/api/user/${admin.uid}/history${q}`]) {
        check(await s.app.inject({ method: "GET", url, headers: admin.headers }), url);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it("rejects bad send bodies and content types", async () => {
    const { s, seed: { admin, gid, counts } } = suite;
    const before = await counts();
    const url = `/api/group/${gid}/send`;
    const cases: [string, string | Buffer][] = [
      ["text/plain", ""],
      ["image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47])],
      ["application/x-www-form-urlencoded", "a=b"],
      ["text/plain", "x".repeat(2_000_000)],
      ["application/json", '{"content":"hi"}'],
    ];
    for (const [type, payload] of cases) {
      const res = await s.app.inject({ method: "POST", url, headers: { ...admin.headers, "content-type": type }, payload });
      check(res, `${type} (${payload.length} bytes)`);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers CORS preflights only for the widget's listed origins, without credentials (docs/API.md \"Widget\")", async () => {
    const { s, seed: { gid } } = suite;
    const preflight = (url: string) =>
      s.app.inject({
        method: "OPTIONS",
        url,
        headers: { origin: "https://widget.example", "access-control-request-method": "POST", "access-control-request-headers": "x-api-key, content-type" },
      });
    const unlisted = await preflight("/api/widget/visitor");
    expect(unlisted.statusCode).toBe(403);
    expect(unlisted.headers["access-control-allow-origin"]).toBeUndefined();
    await s.ctx.repos.config.set("widget", { allowed_origins: ["https://widget.example"] });
    forgetAllowedOrigins(s.ctx);
    const res = await preflight("/api/widget/visitor");
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("https://widget.example");
    expect(res.headers["access-control-allow-headers"]).toBe("x-api-key, content-type");
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    // A route the widget does not call is not answered, even for a listed origin.
    expect((await preflight(`/api/group/${gid}/send`)).headers["access-control-allow-origin"]).toBeUndefined();
  });
});
