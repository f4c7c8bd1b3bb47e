/**
 * Signing in to the widget with the server's other methods (docs/API.md "Widget"): a password,
 * and GitHub through the popup (start, the callback page's finish, the widget's poll) against a
 * local server speaking GitHub's endpoints. The session is a `widget:<host>` one, held to the
 * conversation with the host. Google's popup: googleSignIn.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, LoginResponse, WidgetOAuthStart, WidgetPublicConfig } from "@parley/protocol";
import { call, ok } from "../../test/api.js";
import { buildAdmin, buildMember, MEMBER_PASSWORD } from "../../test/factories.js";
import { startFakeIdp, type FakeIdp } from "../../test/fakeIdp.js";
import { dialects, sessionOf, type Session, type TestServer } from "../../test/harness.js";
import { setLoginConfig } from "../../test/identity.js";
import { useSuite } from "../../test/suite.js";

const SITE = "https://shop.example";
const GITHUB = { client_id: "gh-client", client_secret: "gh-secret-value" };

const asSession = (login: LoginResponse): Session => sessionOf(login, "widget");

describe.each(dialects())("widget sign-in (%s)", (dialect) => {
  let github: FakeIdp;
  beforeAll(async () => {
    github = await startFakeIdp();
    github.routes.set("POST /login/oauth/access_token", ({ form }) => {
      if (form.get("client_secret") !== GITHUB.client_secret) return { status: 401, json: { error: "incorrect_client_credentials" } };
      if (form.get("code") === "octo-code") return { json: { access_token: "gho_octo", token_type: "bearer" } };
      if (form.get("code") === "bob-code") return { json: { access_token: "gho_bob", token_type: "bearer" } };
      return { json: { error: "bad_verification_code" } };
    });
    github.routes.set("GET /user", ({ headers }) => {
      if (headers.authorization === "Bearer gho_octo") return { json: { id: 4242, login: "octo", name: "Octo Cat" } };
      if (headers.authorization === "Bearer gho_bob") return { json: { id: 77, login: "bobcat", name: "Bob" } };
      return { status: 401, json: { message: "Bad credentials" } };
    });
    github.routes.set("GET /user/emails", ({ headers }) => ({
      json: [{ email: headers.authorization === "Bearer gho_bob" ? "bob@example.com" : "octo@example.com", primary: true, verified: true }],
    }));
  });
  afterAll(() => github.close());

  const suite = useSuite(dialect, {
    seed: async (s) => {
      const admin = await buildAdmin(s);
      return { admin, bob: await buildMember(s, admin, "Bob"), carol: await buildMember(s, admin, "Carol") };
    },
    config: { previewAllowPrivate: true, githubUrl: "http://placeholder.invalid", githubApiUrl: "http://placeholder.invalid" },
  });

  const enableGithub = async (s: TestServer) => {
    s.ctx.config.githubUrl = github.url;
    s.ctx.config.githubApiUrl = github.url;
    ok(await call(s, "POST", "/admin/github_auth/config", suite.seed.admin, GITHUB), "github config");
    await setLoginConfig(s, suite.seed.admin, { github: true });
  };
  const passwordLogin = (email: string, password: string, host = suite.seed.admin.uid) => call(suite.s, "POST", "/widget/login", null, { host_id: host, email, password });
  const send = (who: Session, uid: number, text: string) => call(suite.s, "POST", `/user/${uid}/send`, who, text, { "content-type": "text/plain" });

  describe("password", () => {
    it("signs a member in to the widget, held to the conversation with the host", async () => {
      const { admin, bob, carol } = suite.seed;
      const res = await passwordLogin("bob@example.com", MEMBER_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      const w = asSession(res.json() as LoginResponse);
      expect(w.uid).toBe(bob.uid);
      await send(bob, carol.uid, "between members");
      expect((await send(w, admin.uid, "hi from the widget")).statusCode).toBe(200);
      const history = (await call(suite.s, "GET", "/widget/messages", w)).json() as ChatMessage[];
      expect(history.map((m) => (m.detail.type === "normal" ? m.detail.content : null))).toEqual(["hi from the widget"]);
      // Nothing else of the server: no other conversation, no directory.
      expect((await send(w, carol.uid, "elsewhere")).statusCode).toBe(403);
      expect((await call(suite.s, "GET", "/user", w)).statusCode).toBe(403);
      expect((await call(suite.s, "GET", `/user/${carol.uid}/history`, w)).statusCode).toBe(403);
      // Not the main event stream either; a renewed session stays the widget's.
      const url = await suite.s.listen();
      expect((await fetch(`${url}/api/user/events?api-key=${w.token}`)).status).toBe(403);
      const renewed = await call(suite.s, "POST", "/token/renew", null, { token: w.token, refresh_token: w.refresh_token });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const again = { ...w, token: (renewed.json() as { token: string }).token, headers: { "x-api-key": (renewed.json() as { token: string }).token } };
      expect((await call(suite.s, "GET", "/user", again)).statusCode).toBe(403);
      expect((await send(again, admin.uid, "still here")).statusCode).toBe(200);
      // Bob's own sessions keep their rights, and the team reads the message in the ordinary DM.
      expect((await call(suite.s, "GET", "/user", bob)).statusCode).toBe(200);
      const dm = (await call(suite.s, "GET", `/user/${bob.uid}/history`, admin)).json() as ChatMessage[];
      expect(dm.some((m) => m.detail.type === "normal" && m.detail.content === "hi from the widget")).toBe(true);
    });

    it("the widget stream carries only the conversation with the host", async () => {
      const { admin, bob, carol } = suite.seed;
      const w = asSession((await passwordLogin("bob@example.com", MEMBER_PASSWORD)).json() as LoginResponse);
      const url = await suite.s.listen();
      const ctrl = new AbortController();
      const res = await fetch(`${url}/api/widget/events`, { headers: { "x-api-key": w.token }, signal: ctrl.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let text = "";
      const until = async (needle: string) => {
        while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
      };
      await until(": ok");
      await send(carol, bob.uid, "carol to bob");
      await send(admin, bob.uid, "admin to bob");
      await until("admin to bob");
      ctrl.abort();
      expect(text).not.toContain("carol to bob");
    });

    it("refuses a wrong password, an unknown address, password sign-in off, the host itself, a frozen account and a bad body", async () => {
      const { admin, bob, carol } = suite.seed;
      expect((await passwordLogin("bob@example.com", "wrong")).statusCode).toBe(401);
      expect((await passwordLogin("nobody@example.com", "x")).statusCode).toBe(404);
      expect((await passwordLogin("bob@example.com", MEMBER_PASSWORD, 999)).statusCode).toBe(404);
      expect((await passwordLogin("bob@example.com", MEMBER_PASSWORD, bob.uid)).statusCode).toBe(403);
      ok(await call(suite.s, "PUT", `/admin/user/${carol.uid}`, admin, { status: "frozen" }), "freeze");
      expect((await passwordLogin("carol@example.com", MEMBER_PASSWORD)).statusCode).toBe(423);
      expect((await call(suite.s, "POST", "/widget/login", null, { host_id: admin.uid, email: "not-an-address", password: "x" })).statusCode).toBe(400);
      await setLoginConfig(suite.s, admin, { password: false });
      expect((await passwordLogin("bob@example.com", MEMBER_PASSWORD)).statusCode).toBe(403);
    });
  });

  describe("GitHub in a popup", () => {
    const start = (who: Session | null, headers: Record<string, string> = {}) => call(suite.s, "POST", "/widget/oauth", who, { host_id: suite.seed.admin.uid, type: "github" }, headers);
    const finish = (state: string, code: string) => call(suite.s, "POST", "/widget/oauth/finish", null, { type: "github", code, state });
    const poll = (poll_token: string) => call(suite.s, "POST", "/widget/email_login/poll", null, { poll_token });

    it("the config names the methods the server allows", async () => {
      const methods = () => call(suite.s, "GET", `/widget/config?host_id=${suite.seed.admin.uid}`).then((r) => (r.json() as WidgetPublicConfig).login);
      expect(await methods()).toEqual({ password: true, magic_link: true, google: false, github: false, oidc: [] });
      await enableGithub(suite.s);
      expect(await methods()).toEqual({ password: true, magic_link: true, google: false, github: true, oidc: [] });
    });

    it("a new identity takes over the asking visitor (its conversation goes on); the popup learns the widget's origin only", async () => {
      const { admin } = suite.seed;
      await enableGithub(suite.s);
      const visitor = asSession((await call(suite.s, "POST", "/widget/visitor", null, { host_id: admin.uid })).json() as LoginResponse);
      expect((await send(visitor, admin.uid, "before signing in")).statusCode).toBe(200);
      const started = await start(visitor, { origin: SITE });
      expect(started.statusCode, started.body).toBe(200);
      const { url, poll_token } = started.json() as WidgetOAuthStart;
      const authorize = new URL(url);
      expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`);
      expect(authorize.searchParams.get("client_id")).toBe(GITHUB.client_id);
      expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/cb\/github\/widget$/);
      const state = authorize.searchParams.get("state")!;
      expect((await poll(poll_token)).statusCode).toBe(204);

      const done = await finish(state, "octo-code");
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ origin: SITE });
      expect((await finish(state, "octo-code")).statusCode).toBe(410); // once
      const got = await poll(poll_token);
      expect(got.statusCode, got.body).toBe(200);
      const session = asSession(got.json() as LoginResponse);
      expect(session.uid).toBe(visitor.uid);
      expect(session.login.user).toMatchObject({ create_by: "widget", email: "octo@example.com" });
      const history = (await call(suite.s, "GET", "/widget/messages", session)).json() as ChatMessage[];
      expect(history.map((m) => (m.detail.type === "normal" ? m.detail.content : null))).toEqual(["before signing in"]);
      expect((await poll(poll_token)).statusCode).toBe(204); // the session is handed out once

      // Later, from another browser: the same identity comes back to the same visitor.
      const again = (await start(null)).json() as WidgetOAuthStart;
      ok(await finish(new URL(again.url).searchParams.get("state")!, "octo-code"), "finish again");
      expect(((await poll(again.poll_token)).json() as LoginResponse).user.uid).toBe(visitor.uid);
      // That identity is a visitor's: it does not sign in to Parley itself.
      expect((await call(suite.s, "POST", "/token/login", null, { credential: { type: "github", code: "octo-code" }, device: "web:x" })).statusCode).toBe(409);
    });

    it("an identity whose verified address is a member's signs that member in, on widget:<host>", async () => {
      const { admin, bob, carol } = suite.seed;
      await enableGithub(suite.s);
      const { url, poll_token } = (await start(null)).json() as WidgetOAuthStart;
      ok(await finish(new URL(url).searchParams.get("state")!, "bob-code"), "finish");
      const session = asSession((await poll(poll_token)).json() as LoginResponse);
      expect(session.uid).toBe(bob.uid);
      expect((await send(session, admin.uid, "bob via GitHub")).statusCode).toBe(200);
      expect((await send(session, carol.uid, "elsewhere")).statusCode).toBe(403);
    });

    it("refuses GitHub off, a bad code, an unknown state, an unknown host and a bad body, creating nobody", async () => {
      const { admin } = suite.seed;
      expect((await start(null)).statusCode).toBe(403);
      await enableGithub(suite.s);
      const before = await suite.s.ctx.repos.users.count();
      const { url } = (await start(null)).json() as WidgetOAuthStart;
      const state = new URL(url).searchParams.get("state")!;
      expect((await finish(state, "bad-code")).statusCode).toBe(401);
      expect((await finish(state, "octo-code")).statusCode).toBe(410); // spent by the failed try
      expect((await finish("unknown", "octo-code")).statusCode).toBe(410);
      expect((await call(suite.s, "POST", "/widget/oauth", null, { host_id: 999, type: "github" })).statusCode).toBe(404);
      expect((await call(suite.s, "POST", "/widget/oauth", null, { host_id: admin.uid, type: "facebook" })).statusCode).toBe(400);
      expect((await call(suite.s, "POST", "/widget/oauth", null, { host_id: admin.uid, type: "oidc" })).statusCode).toBe(400);
      expect(await suite.s.ctx.repos.users.count()).toBe(before);
    });
  });
});
