/** `/page/apikey` and `/page/{landing|after_signin}`: roles, text bodies, 4xx with nothing changed. */
import { describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { buildCast } from "../../test/factories.js";
import { dialects } from "../../test/harness.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("pages (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });
  const text = { "content-type": "text/plain" };

  it("keeps the api key until an admin asks for a new one; admin only", async () => {
    const { s, seed: { admin } } = suite;
    const first = (await call(s, "GET", "/page/apikey", admin)).json() as { key: string };
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call(s, "GET", "/page/apikey", admin)).json()).toEqual(first);
    const rotated = (await call(s, "POST", "/page/apikey", admin)).json() as { key: string };
    expect(rotated.key).not.toBe(first.key);
    expect((await call(s, "GET", "/page/apikey", admin)).json()).toEqual(rotated);
    for (const method of ["GET", "POST"] as const) {
      await expectMatrix(suite.seed, (who) => call(s, method, "/page/apikey", who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    }
  });

  it("stores, serves (to anyone, as text) and deletes the two pages", async () => {
    const { s, seed: { admin } } = suite;
    const empty = await call(s, "GET", "/page/landing");
    expect([empty.statusCode, empty.body]).toEqual([200, ""]);
    expect((await call(s, "PUT", "/page/landing", admin, "<h1>Welcome</h1>", text)).statusCode).toBe(200);
    expect((await call(s, "PUT", "/page/after_signin", admin, "thanks", text)).statusCode).toBe(200);
    const landing = await call(s, "GET", "/page/landing");
    expect([landing.statusCode, landing.body, landing.headers["content-type"]]).toEqual([200, "<h1>Welcome</h1>", "text/plain; charset=utf-8"]);
    expect((await call(s, "GET", "/page/after_signin")).body).toBe("thanks");
    expect((await call(s, "DELETE", "/page/landing", admin)).statusCode).toBe(200);
    expect((await call(s, "GET", "/page/landing")).body).toBe("");
    expect((await call(s, "GET", "/page/after_signin")).body).toBe("thanks");
    expect((await call(s, "PUT", "/page/after_signin", admin, "", text)).statusCode).toBe(200);
    expect((await call(s, "GET", "/page/after_signin")).body).toBe("");
  });

  it("refuses other callers, other names, JSON and oversized pages, changing nothing", async () => {
    const { s, seed: { admin } } = suite;
    await call(s, "PUT", "/page/landing", admin, "kept", text);
    await expectMatrix(suite.seed, (who) => call(s, "PUT", "/page/landing", who, "changed", text), { anonymous: 401, guest: 403, member: 403, bot: 403 });
    await expectMatrix(suite.seed, (who) => call(s, "DELETE", "/page/landing", who), { anonymous: 401, guest: 403, member: 403, bot: 403 });
    expect((await call(s, "PUT", "/page/other", admin, "x", text)).statusCode).toBe(400);
    expect((await call(s, "GET", "/page/other")).statusCode).toBe(400);
    expect((await call(s, "PUT", "/page/landing", admin, { html: "x" })).statusCode).toBe(415);
    expect((await call(s, "PUT", "/page/landing", admin, "x".repeat(100_001), text)).statusCode).toBe(413);
    expect((await call(s, "GET", "/page/landing")).body).toBe("kept");
  });
});
