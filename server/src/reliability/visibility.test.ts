import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID_REQUESTS, type Role, type ValidRequest } from "./authzRequests.js";
import { buildWorld, changedTables, stateDigest, tableNames, type World } from "./routeFixture.js";
import { apiRoutes, routeKey } from "./routeSchemas.js";
import { reportFigure } from "./scale.js";
import { type Session, startTestServer, type TestServer } from "../test/harness.js";
import { buildAdmin } from "../test/factories.js";

/**
 * A channel the caller may not see is exactly a channel that does not exist (docs/API.md,
 * "General"). For every route whose valid request names the private channel `secret` — in the
 * path, the query or the body — a guest, a non-member and a bot get the same status and the same
 * body for `secret` as for a gid that was never used, and neither request changes any table.
 * Before the fix, `read-index`, `mute` and `burn-after-reading` answered 200 for `secret` (and
 * stored the setting) but 400 for an unknown gid.
 */
const OUTSIDERS: Role[] = ["guest", "non-member", "bot"];
const UNKNOWN_GID = 987_654;
/** The event stream takes no gid; it is left out with the other routes that name none. */
const STREAM = "GET /api/user/events";

/**
 * Pictures are served without a session, as `<img>` sources (docs/API.md "Files"): a channel's picture
 * answers by gid to anyone, so it is not held to this rule (docs/API.md says so).
 */
const EXCEPTIONS = new Set(["GET /api/resource/group_avatar"]);

/** A field that names a channel: `gid`, and the `groups`, `add_groups`, `remove_groups` lists. */
const NAMES_CHANNEL = /^(gid|groups|add_groups|remove_groups)$/;

/** The request with every channel id `from` (in a path, a query or a body) replaced by `to`. */
function renamed(req: ValidRequest, from: number, to: number): ValidRequest {
  const swap = (v: unknown, channel: boolean): unknown => {
    if (channel && (v === from || v === String(from))) return typeof v === "number" ? to : String(to);
    if (Array.isArray(v)) return v.map((x) => swap(x, channel));
    if (v && typeof v === "object" && !Buffer.isBuffer(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x, channel || NAMES_CHANNEL.test(k))]));
    return v;
  };
  return { ...req, params: swap(req.params, false) as Record<string, string>, query: swap(req.query, false) as Record<string, string>, body: swap(req.body, false) };
}

const names = (req: ValidRequest, gid: number) => JSON.stringify(renamed(req, gid, -1)) !== JSON.stringify(req);

describe("a channel the caller may not see answers as one that does not exist", () => {
  let s: TestServer;
  let world: World;
  let tables: string[];

  beforeAll(async () => {
    s = await startTestServer("sqlite", { messageSweepMs: 3_600_000 });
    // Nor the notification worker: it expands the fixture's messages while the routes are called.
    await s.ctx.jobs.notify.stop();
    world = await buildWorld(s, await buildAdmin(s));
    tables = await tableNames(s);
  });
  afterAll(async () => {
    await s.close();
  });

  async function send(key: string, req: ValidRequest, me: Session) {
    const [method, url] = key.split(" ");
    const path = url.replace(/:([a-z_]+)/g, (_m, p: string) => req.params?.[p] ?? "1");
    const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : "";
    const headers: Record<string, string> = { ...me.headers, ...(req.headers ?? {}) };
    let payload: string | Buffer | undefined;
    if (req.body !== undefined) {
      headers["content-type"] = req.contentType ?? "application/json";
      payload = typeof req.body === "string" || Buffer.isBuffer(req.body) ? req.body : JSON.stringify(req.body);
    }
    const res = await s.app.inject({ method: method as "GET", url: path + query, headers, payload });
    return { status: res.statusCode, body: res.body };
  }

  it("for every route that names a channel, as guest, non-member and bot", async () => {
    const sessions: Record<string, Session> = { guest: world.guest, "non-member": world.nonMember, bot: world.bot };
    const differences: string[] = [];
    const writes: string[] = [];
    let routes = 0;
    for (const route of apiRoutes(s.app.routeTable)) {
      const key = routeKey(route);
      const make = VALID_REQUESTS[key];
      if (!make || key === STREAM || EXCEPTIONS.has(key)) continue;
      let counted = false;
      for (const role of OUTSIDERS) {
        const req = make({ w: world, me: sessions[role], role, n: 0, secret: "", inviteToken: "" });
        if (!names(req, world.secretGid)) continue;
        if (!counted) routes++;
        counted = true;
        const before = await stateDigest(s, tables);
        const hidden = await send(key, req, sessions[role]);
        const unknown = await send(key, renamed(req, world.secretGid, UNKNOWN_GID), sessions[role]);
        const changed = changedTables(before, await stateDigest(s, tables));
        if (hidden.status !== unknown.status || hidden.body !== unknown.body) {
          differences.push(`${key} as ${role}: secret → ${hidden.status} ${hidden.body.slice(0, 60)} | unknown → ${unknown.status} ${unknown.body.slice(0, 60)}`);
        }
        if (changed.length > 0) writes.push(`${key} as ${role} changed ${changed.join(", ")}`);
      }
    }
    expect(differences).toEqual([]);
    expect(writes).toEqual([]);
    // The three settings routes of the defect are among them.
    expect(routes).toBeGreaterThanOrEqual(10);
    reportFigure("visibility", `${routes} routes naming a private channel × ${OUTSIDERS.length} outsiders: secret and unknown answer alike, nothing written`);
  });
});
