/**
 * Signing in to the widget with Google in a popup (docs/API.md "Widget"): the start answers
 * Google's authorization URL asking for an ID token with a nonce, the callback page finishes
 * with that ID token (verified against a local server publishing the signing keys, tokens signed
 * by the test with `jose`), and the widget polls for its `widget:<host>` session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, LoginResponse, WidgetOAuthStart, WidgetPublicConfig } from "@parley/protocol";
import { call, ok } from "../../test/api.js";
import { buildAdmin, buildMember } from "../../test/factories.js";
import { startFakeIdp, type FakeIdp } from "../../test/fakeIdp.js";
import { dialects, sessionOf, type Session } from "../../test/harness.js";
import { setLoginConfig } from "../../test/identity.js";
import { useSuite } from "../../test/suite.js";

const SITE = "https://shop.example";
const GOOGLE_CLIENT = "widget-client.apps.example";
const now = () => Math.floor(Date.now() / 1000);

const asSession = (login: LoginResponse): Session => sessionOf(login, "widget");

describe.each(dialects())("widget sign-in with Google (%s)", (dialect) => {
  let google: FakeIdp;
  beforeAll(async () => {
    google = await startFakeIdp();
  });
  afterAll(() => google.close());

  const suite = useSuite(dialect, {
    seed: async (s) => {
      const admin = await buildAdmin(s);
      return { admin, bob: await buildMember(s, admin, "Bob"), carol: await buildMember(s, admin, "Carol") };
    },
    config: { previewAllowPrivate: true, googleJwksUrl: "http://placeholder.invalid/jwks" },
  });

  const enableGoogle = async () => {
    suite.s.ctx.config.googleJwksUrl = `${google.url}/jwks`;
    ok(await call(suite.s, "POST", "/admin/google_auth/config", suite.seed.admin, { client_id: GOOGLE_CLIENT }), "google config");
    await setLoginConfig(suite.s, suite.seed.admin, { google: true });
  };
  const start = (who: Session | null, headers: Record<string, string> = {}) => call(suite.s, "POST", "/widget/oauth", who, { host_id: suite.seed.admin.uid, type: "google" }, headers);
  const finish = (state: string, id_token: string) => call(suite.s, "POST", "/widget/oauth/finish", null, { type: "google", id_token, state });
  const poll = (poll_token: string) => call(suite.s, "POST", "/widget/email_login/poll", null, { poll_token });
  const send = (who: Session, uid: number, text: string) => call(suite.s, "POST", `/user/${uid}/send`, who, text, { "content-type": "text/plain" });
  /** The ID token Google would put in the popup's URL fragment for the sign-in at `url`. */
  const idToken = (url: string, claims: Record<string, unknown> = {}, opts: { foreign?: boolean } = {}) =>
    google.sign(
      { iss: "https://accounts.google.com", aud: GOOGLE_CLIENT, sub: "g-9", email: "Gina@Gmail.example", email_verified: true, name: "Gina", nonce: new URL(url).searchParams.get("nonce"), iat: now(), exp: now() + 600, ...claims },
      opts,
    );
  const stateOf = (url: string) => new URL(url).searchParams.get("state")!;

  it("the config offers Google once it is on and has a client id", async () => {
    const methods = () => call(suite.s, "GET", `/widget/config?host_id=${suite.seed.admin.uid}`).then((r) => (r.json() as WidgetPublicConfig).login.google);
    expect(await methods()).toBe(false);
    await setLoginConfig(suite.s, suite.seed.admin, { google: true });
    expect(await methods()).toBe(false); // no client id yet
    await enableGoogle();
    expect(await methods()).toBe(true);
  });

  it("a new identity takes over the asking visitor; the popup learns the widget's origin only; once", async () => {
    const { admin } = suite.seed;
    await enableGoogle();
    const visitor = asSession((await call(suite.s, "POST", "/widget/visitor", null, { host_id: admin.uid })).json() as LoginResponse);
    expect((await send(visitor, admin.uid, "before signing in")).statusCode).toBe(200);
    const started = await start(visitor, { origin: SITE });
    expect(started.statusCode, started.body).toBe(200);
    const { url, poll_token } = started.json() as WidgetOAuthStart;
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ client_id: GOOGLE_CLIENT, response_type: "id_token", scope: "openid email profile" });
    expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/cb\/google\/widget$/);
    expect(authorize.searchParams.get("nonce")).toMatch(/.{16,}/);
    expect((await poll(poll_token)).statusCode).toBe(204);

    const token = await idToken(url);
    const done = await finish(stateOf(url), token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ origin: SITE });
    expect((await finish(stateOf(url), token)).statusCode).toBe(410); // once
    const got = await poll(poll_token);
    expect(got.statusCode, got.body).toBe(200);
    const session = asSession(got.json() as LoginResponse);
    expect(session.uid).toBe(visitor.uid);
    expect(session.login.user).toMatchObject({ create_by: "widget", email: "gina@gmail.example" });
    const history = (await call(suite.s, "GET", "/widget/messages", session)).json() as ChatMessage[];
    expect(history.map((m) => (m.detail.type === "normal" ? m.detail.content : null))).toEqual(["before signing in"]);
    // Held to the host: nothing else of the server.
    expect((await call(suite.s, "GET", "/user", session)).statusCode).toBe(403);

    // Later, from another browser: the same Google account comes back to the same visitor.
    const again = (await start(null)).json() as WidgetOAuthStart;
    ok(await finish(stateOf(again.url), await idToken(again.url)), "finish again");
    expect(((await poll(again.poll_token)).json() as LoginResponse).user.uid).toBe(visitor.uid);
    // That identity is a visitor's: it does not sign in to Parley itself.
    const main = await call(suite.s, "POST", "/token/login", null, { credential: { type: "google", id_token: await idToken(again.url) }, device: "web:x" });
    expect(main.statusCode).toBe(409);
  });

  it("a Google account whose verified address is a member's signs that member in, on widget:<host>", async () => {
    const { admin, bob, carol } = suite.seed;
    await enableGoogle();
    const { url, poll_token } = (await start(null)).json() as WidgetOAuthStart;
    ok(await finish(stateOf(url), await idToken(url, { sub: "g-bob", email: "bob@example.com" })), "finish");
    const session = asSession((await poll(poll_token)).json() as LoginResponse);
    expect(session.uid).toBe(bob.uid);
    expect((await send(session, admin.uid, "bob via Google")).statusCode).toBe(200);
    expect((await send(session, carol.uid, "elsewhere")).statusCode).toBe(403);
  });

  it("refuses Google off, another sign-in's nonce, a foreign key, another audience, a GitHub state and bad bodies, creating nobody", async () => {
    expect((await start(null)).statusCode).toBe(403);
    await enableGoogle();
    const before = await suite.s.ctx.repos.users.count();
    const a = (await start(null)).json() as WidgetOAuthStart;
    const b = (await start(null)).json() as WidgetOAuthStart;
    // An ID token issued for sign-in B does not finish sign-in A; A's state is spent by the try.
    expect((await finish(stateOf(a.url), await idToken(b.url))).statusCode).toBe(401);
    expect((await finish(stateOf(a.url), await idToken(a.url))).statusCode).toBe(410);
    const c = (await start(null)).json() as WidgetOAuthStart;
    expect((await finish(stateOf(c.url), await idToken(c.url, { nonce: undefined }))).statusCode).toBe(401);
    const d = (await start(null)).json() as WidgetOAuthStart;
    expect((await finish(stateOf(d.url), await idToken(d.url, {}, { foreign: true }))).statusCode).toBe(401);
    const e = (await start(null)).json() as WidgetOAuthStart;
    expect((await finish(stateOf(e.url), await idToken(e.url, { aud: "someone-else" }))).statusCode).toBe(401);
    expect((await finish("unknown", await idToken(b.url))).statusCode).toBe(410);
    // A GitHub sign-in's state is not Google's.
    ok(await call(suite.s, "POST", "/admin/github_auth/config", suite.seed.admin, { client_id: "gh", client_secret: "s" }), "github config");
    await setLoginConfig(suite.s, suite.seed.admin, { google: true, github: true });
    const gh = (await call(suite.s, "POST", "/widget/oauth", null, { host_id: suite.seed.admin.uid, type: "github" })).json() as WidgetOAuthStart;
    expect((await finish(stateOf(gh.url), await idToken(b.url))).statusCode).toBe(410);
    // Bad bodies: Google's finish needs its ID token, not a code.
    expect((await call(suite.s, "POST", "/widget/oauth/finish", null, { type: "google", code: "x", state: stateOf(b.url) })).statusCode).toBe(400);
    expect((await call(suite.s, "POST", "/widget/oauth/finish", null, { type: "google", id_token: "", state: stateOf(b.url) })).statusCode).toBe(400);
    // B is still there (bad bodies changed nothing) and finishes once Google is back on; off, it is 403.
    await setLoginConfig(suite.s, suite.seed.admin, { google: false });
    const f = (await start(null)).statusCode;
    expect(f).toBe(403);
    expect(await suite.s.ctx.repos.users.count()).toBe(before);
    await setLoginConfig(suite.s, suite.seed.admin, { google: true });
    expect((await finish(stateOf(b.url), await idToken(b.url))).statusCode).toBe(200);
  });
});
