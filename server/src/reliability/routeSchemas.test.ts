import * as z from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/harness.js";
import { apiRoutes, inputOf, routeKey } from "./routeSchemas.js";

/**
 * The POST and PUT routes that take no body at all. Any other writing route declares one: a zod
 * `schema.body`, or the `config.rawBody` it reads itself.
 */
const BODILESS = new Set([
  "POST /api/admin/system/third_party_secret",
  // The address is in the query string, as in VoceChat.
  "POST /api/user/send_login_magic_link",
  // A bot's webhook: a new signing secret; one delivery due again (the path names it).
  "POST /api/admin/user/bot-webhook-secret/:uid",
  "POST /api/admin/user/bot-webhook-deliveries/:uid/:id/retry",
  // A test message through a notification channel (the path names it).
  "POST /api/user/notification/channels/:id/test",
  // A new key for the pages' API (docs/API.md "Widget").
  "POST /api/page/apikey",
  // The Cloudflare tunnel, answered as not available: what the client sends is not read.
  "POST /api/admin/cloudflared/start",
  "POST /api/admin/cloudflared/stop",
]);

/** `:name` and `*` in a route's path. */
const pathParams = (url: string): string[] => [...url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? "*").sort();

/**
 * Every route declares what it takes, so Fastify checks it before the handler and the probes
 * (fuzzing, authorization) generate requests from it. A query a route reads without a
 * `schema.querystring` does not compile: the handler's `req.query` is `unknown` then.
 */
describe("every /api route declares its input", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it("declares a params schema with exactly its path parameters", () => {
    const wrong: string[] = [];
    for (const route of apiRoutes(s.app.routeTable)) {
      const { params } = route.schema;
      const declared = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
      if (params && !(params instanceof z.ZodObject)) wrong.push(`${routeKey(route)}: params is not an object schema`);
      else if (declared.join() !== pathParams(route.url).join()) wrong.push(`${routeKey(route)}: declares [${declared}]`);
    }
    expect(wrong).toEqual([]);
  });

  it("declares the body of every POST and PUT (a zod schema, or the raw body it reads)", () => {
    const writes = apiRoutes(s.app.routeTable).filter((r) => r.method === "POST" || r.method === "PUT");
    const undeclared = writes.filter((r) => !r.schema.body && !r.rawBody && !BODILESS.has(routeKey(r))).map(routeKey);
    expect(undeclared, "routes that read a body they do not declare").toEqual([]);
    const declared = writes.filter((r) => BODILESS.has(routeKey(r)) && (r.schema.body || r.rawBody)).map(routeKey);
    expect(declared, "BODILESS routes that now take a body").toEqual([]);
  });

  it("declares a body one way: a zod schema (JSON), or a raw body with its content types", () => {
    const wrong = apiRoutes(s.app.routeTable).filter((r) => r.rawBody && (r.schema.body || !r.rawBody.contentTypes.length));
    expect(wrong.map(routeKey)).toEqual([]);
    // The fuzzing probe sends JSON where no content type is declared.
    const jsonBodies = apiRoutes(s.app.routeTable).filter((r) => r.schema.body);
    expect(jsonBodies.every((r) => inputOf(r).contentTypes === undefined)).toBe(true);
  });
});
