/** The widget's routes: public config, visitor accounts, the visitor policy, CORS, rate limits, block, admin settings. */
import http from "node:http";
import { describe, expect, it } from "vitest";
import type { ChatMessage, LoginResponse, WidgetPublicConfig, WidgetSettings } from "@parley/protocol";
import { call } from "../../test/api.js";
import { buildCast, buildMessage } from "../../test/factories.js";
import { dialects, type Session } from "../../test/harness.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

const SITE = "https://shop.example";
const SETTINGS: WidgetSettings = { allowed_origins: [SITE], color: "#112233", position: "left", title: "Help", welcome: "Hi there", logo_url: "" };

describe.each(dialects())("widget (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });

  const configure = (settings: Partial<WidgetSettings> = {}) => call(suite.s, "PUT", "/admin/widget/config", suite.seed.admin, { ...SETTINGS, ...settings });

  async function visitor(hostId = suite.seed.admin.uid): Promise<Session & { login: LoginResponse }> {
    const res = await call(suite.s, "POST", "/widget/visitor", null, { host_id: hostId });
    expect(res.statusCode, res.body).toBe(200);
    const login = res.json() as LoginResponse;
    return { uid: login.user.uid, token: login.token, refresh_token: login.refresh_token, device: "widget", login, headers: { "x-api-key": login.token } };
  }

  const send = (who: Session, uid: number, text: string) => call(suite.s, "POST", `/user/${uid}/send`, who, text, { "content-type": "text/plain" });

  describe("admin settings", () => {
    it("stores the theme and normalized origins, audited; refuses a path, a bad colour or a script URL", async () => {
      const { seed: { admin } } = suite;
      const put = await configure({ allowed_origins: ["https://Shop.Example:443/", SITE, "http://localhost:8080"] });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ ...SETTINGS, allowed_origins: [SITE, "http://localhost:8080"] });
      expect((await call(suite.s, "GET", "/admin/widget/config", admin)).json()).toEqual({ ...SETTINGS, allowed_origins: [SITE, "http://localhost:8080"] });
      for (const bad of [{ allowed_origins: ["https://a.example/path"] }, { allowed_origins: ["ftp://a.example"] }, { color: "red" }, { logo_url: "javascript:alert(1)" }, { position: "top" }]) {
        expect((await configure(bad as Partial<WidgetSettings>)).statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect((await call(suite.s, "GET", "/admin/widget/config", admin)).json()).toEqual({ ...SETTINGS, allowed_origins: [SITE, "http://localhost:8080"] });
      const audit = (await call(suite.s, "GET", "/admin/audit_log", admin)).json() as { action: string }[] | { items: { action: string }[] };
      expect(JSON.stringify(audit)).toContain("settings.widget");
    });

    it("is the admin's only", async () => {
      await expectMatrix(suite.seed, (who) => call(suite.s, "GET", "/admin/widget/config", who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
      await expectMatrix(suite.seed, (who) => call(suite.s, "PUT", "/admin/widget/config", who, SETTINGS), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    });
  });

  describe("public config and visitors", () => {
    it("answers the theme and the host's card to anyone; 404 for a guest, a bot-less uid or a visitor as host", async () => {
      const { seed: { admin, guest } } = suite;
      await configure();
      const res = await call(suite.s, "GET", `/widget/config?host_id=${admin.uid}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual<WidgetPublicConfig>({ color: "#112233", position: "left", title: "Help", welcome: "Hi there", logo_url: "", host: { uid: admin.uid, name: "Admin", is_bot: false, avatar_updated_at: 0 }, login: { password: true, magic_link: true, google: false, github: false, oidc: [] } });
      expect(JSON.stringify(res.json())).not.toContain(SITE);
      const v = await visitor();
      expect((await call(suite.s, "GET", `/widget/config?host_id=${guest.uid}`)).statusCode).toBe(404);
      expect((await call(suite.s, "GET", `/widget/config?host_id=${v.uid}`)).statusCode).toBe(404);
      expect((await call(suite.s, "GET", "/widget/config?host_id=999")).statusCode).toBe(404);
      expect((await call(suite.s, "GET", "/widget/config?host_id=abc")).statusCode).toBe(400);
    });

    it("creates a visitor bound to the host, who talks with the host and reads the conversation", async () => {
      const { seed: { admin } } = suite;
      const v = await visitor();
      expect(v.login.user).toMatchObject({ create_by: "widget", widget_id: String(admin.uid), email: null });
      expect(v.login.user.name).toMatch(/^Visitor\d{6}$/);
      expect((await send(v, admin.uid, "hello team")).statusCode).toBe(200);
      await buildMessage(suite.s, admin, { uid: v.uid }, "hello visitor");
      const history = (await call(suite.s, "GET", "/widget/messages", v)).json() as ChatMessage[];
      expect(history.map((m) => [m.from_uid, m.detail.type === "normal" ? m.detail.content : null])).toEqual([
        [v.uid, "hello team"],
        [admin.uid, "hello visitor"],
      ]);
      // A page size is clamped, not refused; nonsense is a 400.
      const latest = (await call(suite.s, "GET", "/widget/messages?limit=1", v)).json() as ChatMessage[];
      expect(latest.map((m) => m.from_uid)).toEqual([admin.uid]);
      expect((await call(suite.s, "GET", "/widget/messages?limit=5000", v)).json()).toHaveLength(2);
      expect((await call(suite.s, "GET", "/widget/messages?limit=0", v)).statusCode).toBe(400);
      // The team sees the visitor, marked, in the directory.
      const seen = (await call(suite.s, "GET", `/user/${v.uid}`, admin)).json();
      expect(seen).toMatchObject({ uid: v.uid, widget_id: String(admin.uid), create_by: "widget" });
    });

    it("does not count visitors against the user limit (MAX_USERS)", async () => {
      const { seed: { admin } } = await suite.restart({ maxUsers: 1 }).then(() => suite);
      expect((await call(suite.s, "POST", "/widget/visitor", null, { host_id: admin.uid })).statusCode).toBe(200);
      expect((await call(suite.s, "POST", "/widget/visitor", null, { host_id: admin.uid })).statusCode).toBe(200);
    });

    it("refuses a bad body and an unknown host, creating nobody", async () => {
      const before = await suite.s.ctx.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      for (const body of [{}, { host_id: "x" }, { host_id: 0 }]) expect((await call(suite.s, "POST", "/widget/visitor", null, body)).statusCode).toBe(400);
      expect((await call(suite.s, "POST", "/widget/visitor", null, { host_id: 999 })).statusCode).toBe(404);
      const after = await suite.s.ctx.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe("visitor policy", () => {
    it("lets a visitor DM only its host, and nothing of the rest of the server", async () => {
      const { seed: { bob } } = suite;
      const v = await visitor();
      expect((await send(v, bob.uid, "hi bob")).statusCode).toBe(403);
      for (const url of ["/user", `/user/${bob.uid}`, "/group", `/user/${bob.uid}/history`, "/user/contacts", "/favorite"]) {
        expect((await call(suite.s, "GET", url, v)).statusCode, url).toBe(403);
      }
      expect((await call(suite.s, "POST", "/group", v, { name: "mine", is_public: true })).statusCode).toBe(403);
      // The main event stream (the user directory, public channels) is refused too.
      const url = await suite.s.listen();
      const stream = await fetch(`${url}/api/user/events?api-key=${v.token}`);
      expect(stream.status).toBe(403);
      await stream.body?.cancel();
      // So is the WebSocket one.
      const upgrade = await new Promise<number>((resolve, reject) => {
        const req = http.get(`${url}/api/user/events_ws?api-key=${v.token}`, { headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" } });
        req.on("response", (res) => (res.resume(), resolve(res.statusCode ?? 0)));
        req.on("upgrade", (res, socket) => (socket.destroy(), resolve(res.statusCode ?? 0)));
        req.on("error", reject);
      });
      expect(upgrade).toBe(403);
      // The widget routes are the visitors' own.
      expect((await call(suite.s, "GET", "/widget/messages", bob)).statusCode).toBe(403);
      expect((await call(suite.s, "GET", "/widget/messages")).statusCode).toBe(401);
    });

    it("streams the visitor's conversation (backlog after after_mid, then live), nothing else", async () => {
      const { seed: { admin, bob } } = suite;
      const v = await visitor();
      const first = Number((await send(v, admin.uid, "one")).body);
      await send(v, admin.uid, "two");
      const url = await suite.s.listen();
      const ctrl = new AbortController();
      const res = await fetch(`${url}/api/widget/events?after_mid=${first}`, { headers: { "x-api-key": v.token }, signal: ctrl.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/event-stream");
      const reader = res.body!.getReader();
      let text = "";
      const until = async (needle: string) => {
        while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
      };
      await until('"two"');
      await buildMessage(suite.s, bob, { uid: admin.uid }, "private between members");
      await buildMessage(suite.s, admin, { uid: v.uid }, "three");
      await until('"three"');
      ctrl.abort();
      expect(text).not.toContain('"one"');
      expect(text).not.toContain("private between members");
      expect(text.match(/"two"/g)).toHaveLength(1);
    });
  });

  describe("rate limits and block", () => {
    it("limits visitor creation per address and messages per visitor (429 with Retry-After)", async () => {
      await suite.restart({ rateLimits: { widgetVisitor: { perIp: 2 }, widgetMessage: { perIp: 2 } } });
      const { seed: { admin } } = suite;
      const v = await visitor();
      await visitor();
      const third = await call(suite.s, "POST", "/widget/visitor", null, { host_id: admin.uid });
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
      expect((await send(v, admin.uid, "a")).statusCode).toBe(200);
      expect((await send(v, admin.uid, "b")).statusCode).toBe(200);
      expect((await send(v, admin.uid, "c")).statusCode).toBe(429);
      // Members are not counted against the visitors' limit.
      expect((await send(admin, v.uid, "answer")).statusCode).toBe(200);
    });

    it("an admin blocks a visitor by freezing it: its session stops at once and its stream ends", async () => {
      const { seed: { admin } } = suite;
      const v = await visitor();
      const url = await suite.s.listen();
      const res = await fetch(`${url}/api/widget/events`, { headers: { "x-api-key": v.token } });
      const body = res.text();
      const freeze = await call(suite.s, "PUT", `/admin/user/${v.uid}`, admin, { status: "frozen" });
      expect(freeze.statusCode, freeze.body).toBe(200);
      expect(await body).toContain('"kick"');
      expect((await send(v, admin.uid, "still here?")).statusCode).toBe(403);
      expect((await call(suite.s, "GET", "/widget/messages", v)).statusCode).toBe(403);
      expect((await call(suite.s, "POST", "/token/renew", null, { token: v.token, refresh_token: v.refresh_token })).statusCode).toBe(401);
    });
  });

  describe("CORS", () => {
    const preflight = (origin: string, url: string) =>
      suite.s.app.inject({ method: "OPTIONS", url, headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "x-api-key, content-type" } });

    it("answers the listed origins on the widget's routes only, without credentials", async () => {
      const { seed: { admin, bob } } = suite;
      await configure();
      for (const url of ["/api/widget/visitor", "/api/widget/config?host_id=1", `/api/user/${admin.uid}/send`, "/api/widget/events", "/api/token/renew"]) {
        const res = await preflight(SITE, url);
        expect(res.statusCode, url).toBe(204);
        expect(res.headers["access-control-allow-origin"]).toBe(SITE);
        expect(res.headers["access-control-allow-headers"]).toBe("x-api-key, content-type");
        expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      }
      const get = await suite.s.app.inject({ method: "GET", url: `/api/widget/config?host_id=${admin.uid}`, headers: { origin: SITE } });
      expect(get.headers["access-control-allow-origin"]).toBe(SITE);
      // Not a widget route: no CORS even for a listed origin.
      const other = await preflight(SITE, `/api/group/1/send`);
      expect(other.statusCode).toBe(403);
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
      const users = await suite.s.app.inject({ method: "GET", url: "/api/user", headers: { origin: SITE, ...bob.headers } });
      expect(users.headers["access-control-allow-origin"]).toBeUndefined();
    });

    it("refuses other origins, and follows the list as the admin changes it", async () => {
      const { seed: { admin } } = suite;
      await configure();
      const elsewhere = await preflight("https://evil.example", "/api/widget/visitor");
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.headers["access-control-allow-origin"]).toBeUndefined();
      const get = await suite.s.app.inject({ method: "GET", url: `/api/widget/config?host_id=${admin.uid}`, headers: { origin: "https://evil.example" } });
      expect(get.headers["access-control-allow-origin"]).toBeUndefined();
      await configure({ allowed_origins: ["https://evil.example"] });
      expect((await preflight("https://evil.example", "/api/widget/visitor")).statusCode).toBe(204);
      expect((await preflight(SITE, "/api/widget/visitor")).statusCode).toBe(403);
    });
  });
});
