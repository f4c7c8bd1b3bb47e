import { describe, expect, it } from "vitest";
import { dialects } from "../test/harness.js";
import { useSuite } from "../test/suite.js";
import { buildAdmin, buildChannel } from "../test/factories.js";

/**
 * NUL in any text part of a request is one 400 on both dialects (PostgreSQL answered 500 for a
 * login e-mail or a message holding it), and nothing is written.
 */
describe.each(dialects())("NUL characters in requests (%s)", (dialect) => {
  const suite = useSuite(dialect, {
    per: "file",
    seed: async (s) => {
      const admin = await buildAdmin(s);
      return { admin, gid: await buildChannel(s, admin, { name: "general", is_public: true }) };
    },
  });

  const messages = async () => Number((await suite.s.ctx.db.selectFrom("messages").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  it.each([
    ["a JSON body", "POST", "/api/token/login", "application/json", JSON.stringify({ credential: { email: "a\u0000@example.com", password: "x", type: "password" }, device: "web" }), "body"],
    ["a JSON key", "POST", "/api/token/login", "application/json", '{"cred\\u0000ential": 1}', "body"],
    ["a text message", "POST", "/api/group/{gid}/send", "text/plain", "hello\u0000world", "body"],
    ["a markdown message", "POST", "/api/group/{gid}/send", "text/markdown", "**hi**\u0000", "body"],
    ["a query value", "GET", "/api/user/check_email?email=a%00@example.com", undefined, undefined, "query"],
    ["a path value", "GET", "/api/group/%00", undefined, undefined, "path"],
  ])("refuses NUL in %s with a 400 and writes nothing", async (_what, method, url, type, payload, part) => {
    const before = await messages();
    const res = await suite.s.app.inject({
      method: method as "GET",
      url: url.replace("{gid}", String(suite.seed.gid)),
      headers: { ...suite.seed.admin.headers, ...(type ? { "content-type": type } : {}) },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(`failed to parse ${part}: contains a NUL character`);
    expect(await messages()).toBe(before);
  });

  it("still accepts the same requests without NUL", async () => {
    const { s, seed: { admin, gid } } = suite;
    const res = await s.app.inject({ method: "POST", url: `/api/group/${gid}/send`, headers: { ...admin.headers, "content-type": "text/plain" }, payload: "hello world" });
    expect(res.statusCode).toBe(200);
  });
});
