import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTHZ_LICENSE_KEYS, ROLES, VALID_REQUESTS, type Call, type Role, type ValidRequest } from "./authzRequests.js";
import { buildWorld, type World } from "./routeFixture.js";
import { apiRoutes, routeInputs, routeKey } from "./routeSchemas.js";
import { reportFigure } from "./scale.js";
import { login, type Session, startTestServer, type TestServer } from "../test/harness.js";
import { ADMIN, buildAdmin } from "../test/factories.js";

/**
 * The authorization matrix of docs/API.md ("Who may call each route"): every /api route is
 * called by every kind of caller with a valid request (`authzRequests.ts`), and each answer must
 * be what the table says: `ok` (2xx) or the exact 4xx. A route without a row fails, and so does a
 * row for a route the app no longer registers.
 */
const API_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/API.md");
const SECTION = "## Who may call each route";

type Cell = string;
interface Row {
  key: string;
  cells: Record<Role, Cell>;
}

/** The table of the section, as `"METHOD /api/path"` → cell per role. */
function readMatrix(): Row[] {
  const text = fs.readFileSync(API_MD, "utf8");
  const start = text.indexOf(SECTION);
  if (start < 0) throw new Error(`docs/API.md has no "${SECTION}" section`);
  const end = text.indexOf("\n## ", start + SECTION.length);
  const lines = text.slice(start, end < 0 ? undefined : end).split("\n");
  const header = lines.findIndex((l) => l.startsWith("| method |"));
  const columns = lines[header].split("|").slice(3, -1).map((c) => c.trim());
  expect(columns).toEqual(ROLES);
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [method, url, ...cells] = line.split("|").slice(1, -1).map((c) => c.trim().replace(/`/g, ""));
    rows.push({ key: `${method} ${url}`, cells: Object.fromEntries(ROLES.map((r, i) => [r, cells[i]])) as Record<Role, Cell> });
  }
  return rows;
}

/** Routes whose GET changes state: a success gets a fresh world before the next caller. */
const MUTATING_GETS = new Set(["GET /api/group/:gid/leave", "GET /api/token/logout", "GET /api/token/login_guest"]);
/** Without limits: the matrix calls the rate-limited routes as many callers from one address. */
const NO_RATE_LIMITS = Object.fromEntries(["login", "magicLink", "register", "checkEmail", "guest"].map((name) => [name, { perIp: 0, perEmail: 0 }]));

function fill(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:([a-z_]+)/g, (_m, name: string) => encodeURIComponent(params[name])).replace("*", params["*"] ?? "");
}

describe("who may call each route (docs/API.md)", () => {
  let s: TestServer;
  let admin: Session;
  let world: World;
  let inviteToken: string;
  let rows: Row[];
  let n = 0;

  async function freshWorld(): Promise<void> {
    // The admin is the server's: a logout or a device removal of its own ends its session.
    const device = await s.ctx.db.selectFrom("devices").select("uid").where("uid", "=", admin.uid).where("device", "=", admin.device).executeTakeFirst();
    if (!device) admin = await login(s, ADMIN.email, ADMIN.password);
    world = await buildWorld(s, admin);
    const link = await s.app.inject({ method: "GET", url: `/api/group/create_invite_private_magic_link?gid=${world.secretGid}`, headers: world.owner.headers });
    inviteToken = decodeURIComponent(/magic_token=([^&#]+)/.exec(link.body)?.[1] ?? "");
  }

  beforeAll(async () => {
    rows = readMatrix();
    s = await startTestServer("sqlite", { messageSweepMs: 3_600_000, rateLimits: NO_RATE_LIMITS, licensePublicKey: AUTHZ_LICENSE_KEYS.publicPem });
    await s.listen();
    admin = await buildAdmin(s);
    await freshWorld();
  });
  afterAll(async () => {
    await s.close();
  });

  it("has one row for every route the app registers under /api, and none for a route that is gone", () => {
    const registered = apiRoutes(s.app.routeTable).map(routeKey);
    const documented = rows.map((r) => r.key);
    expect(registered.filter((k) => !documented.includes(k)), "routes without a row").toEqual([]);
    expect(documented.filter((k) => !registered.includes(k)), "rows for routes that are gone").toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("calls every route with a request its schemas accept", () => {
    const invalid: string[] = [];
    const inputs = routeInputs(s.app.routeTable);
    for (const key of Object.keys(inputs)) {
      const make = VALID_REQUESTS[key];
      if (!make) {
        invalid.push(`${key}: no valid request`);
        continue;
      }
      const input = inputs[key];
      const req = make({ w: world, me: world.member, role: "member", n: 0, secret: "x", inviteToken: "x" });
      const check = (part: string, schema: { safeParse(v: unknown): { success: boolean } } | undefined, value: unknown) => {
        if (schema && !schema.safeParse(value).success) invalid.push(`${key}: ${part} ${JSON.stringify(value)}`);
      };
      check("params", input.params, req.params ?? {});
      check("query", input.query, req.query ?? {});
      if (!input.raw) check("body", input.body, req.body);
    }
    expect(invalid).toEqual([]);
  });

  async function callAs(key: string, req: ValidRequest, me: Session | null): Promise<number> {
    const [method, url] = key.split(" ");
    const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : "";
    const target = fill(url, req.params) + query;
    if (key === "GET /api/user/events") {
      // A stream: read the status, then hang up (inject would wait for the end of it).
      const abort = new AbortController();
      const res = await fetch(s.url + target, { signal: abort.signal });
      abort.abort();
      return res.status;
    }
    const headers: Record<string, string> = { ...(me?.headers ?? {}), ...(req.headers ?? {}) };
    let payload: string | Buffer | undefined;
    if (req.body !== undefined) {
      headers["content-type"] = req.contentType ?? "application/json";
      payload = typeof req.body === "string" || Buffer.isBuffer(req.body) ? req.body : JSON.stringify(req.body);
    }
    const res = await s.app.inject({ method: method as "GET", url: target, headers, payload });
    return res.statusCode;
  }

  it("answers every caller as the table says", async () => {
    const mismatches: string[] = [];
    const observed: string[] = [];
    let cells = 0;
    for (const row of rows) {
      const make = VALID_REQUESTS[row.key];
      if (!make) {
        mismatches.push(`${row.key}: no valid request in authzRequests.ts`);
        continue;
      }
      const got: string[] = [];
      for (const role of ROLES) {
        const me = role === "anonymous" ? null : world[role === "non-member" ? "nonMember" : role];
        const secret = (await s.app.inject({ method: "GET", url: "/api/admin/system/third_party_secret", headers: admin.headers })).body;
        const call: Call = { w: world, me, role, n: ++n, secret, inviteToken };
        const status = await callAs(row.key, make(call), me);
        const cell = status >= 200 && status < 300 ? "ok" : String(status);
        got.push(cell);
        cells++;
        if (cell !== row.cells[role]) mismatches.push(`${row.key} as ${role}: table says ${row.cells[role]}, got ${cell}`);
        const mutating = !row.key.startsWith("GET ") || MUTATING_GETS.has(row.key);
        if (mutating && cell === "ok") await freshWorld();
      }
      const [method, url] = row.key.split(" ");
      observed.push(`| ${method} | \`${url}\` | ${got.join(" | ")} |`);
    }
    if (mismatches.length) console.log(`observed:\n${observed.join("\n")}`);
    expect(mismatches).toEqual([]);
    reportFigure("authz", `${rows.length} routes × ${ROLES.length} callers: ${cells} matrix cells checked against docs/API.md`);
  });
});
