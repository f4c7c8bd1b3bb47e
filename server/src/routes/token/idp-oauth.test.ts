import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_MASK } from "@parley/protocol";
import { call, ok } from "../../test/api.js";
import { buildAdmin, buildMember } from "../../test/factories.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { setLoginConfig } from "../../test/identity.js";
import { startFakeIdp, type FakeIdp } from "../../test/fakeIdp.js";
import { useSuite } from "../../test/suite.js";

/**
 * Google and GitHub sign-in (docs/API.md "Third-party sign-in") against local servers speaking
 * their endpoints: Google's published keys (ID tokens signed by the test with `jose`), GitHub's
 * code exchange, `/user` and `/user/emails`. And their admin settings: who may read and change
 * them, the GitHub secret never answered.
 */
const GOOGLE_CLIENT = "google-client.apps.example";
const GITHUB = { client_id: "gh-client", client_secret: "gh-secret-value" };

describe.each(dialects())("Google and GitHub sign-in (%s)", (dialect) => {
  let google: FakeIdp;
  let github: FakeIdp;
  beforeAll(async () => {
    google = await startFakeIdp();
    github = await startFakeIdp();
    github.routes.set("POST /login/oauth/access_token", ({ form }) => {
      if (form.get("client_secret") !== GITHUB.client_secret || form.get("client_id") !== GITHUB.client_id) return { status: 401, json: { error: "incorrect_client_credentials" } };
      if (form.get("code") === "good-code") return { json: { access_token: "gho_good", token_type: "bearer" } };
      if (form.get("code") === "other-code") return { json: { access_token: "gho_other", token_type: "bearer" } };
      return { json: { error: "bad_verification_code" } };
    });
    github.routes.set("GET /user", ({ headers }) => {
      if (headers.authorization === "Bearer gho_good") return { json: { id: 4242, login: "octo", name: "Octo Cat" } };
      if (headers.authorization === "Bearer gho_other") return { json: { id: 7, login: "other", name: null } };
      return { status: 401, json: { message: "Bad credentials" } };
    });
    github.routes.set("GET /user/emails", ({ headers }) => ({
      json:
        headers.authorization === "Bearer gho_good"
          ? [
              { email: "secondary@example.com", primary: false, verified: true },
              { email: "Octo@Example.com", primary: true, verified: true },
            ]
          : [{ email: "unverified@example.com", primary: true, verified: false }],
    }));
  });
  afterAll(async () => {
    await google.close();
    await github.close();
  });
  const suite = useSuite(dialect, {
    seed: buildAdmin,
    config: { previewAllowPrivate: true, googleJwksUrl: "http://placeholder.invalid/jwks", githubUrl: "http://placeholder.invalid", githubApiUrl: "http://placeholder.invalid" },
  });
  // The fake servers' ports are known only once they listen: point the server at them.
  const wire = (s: TestServer) => {
    s.ctx.config.googleJwksUrl = `${google.url}/jwks`;
    s.ctx.config.githubUrl = github.url;
    s.ctx.config.githubApiUrl = github.url;
  };
  const setup = async (s: TestServer, admin: Session) => {
    wire(s);
    ok(await call(s, "POST", "/admin/google_auth/config", admin, { client_id: GOOGLE_CLIENT }), "google config");
    ok(await call(s, "POST", "/admin/github_auth/config", admin, GITHUB), "github config");
    await setLoginConfig(s, admin, { google: true, github: true });
  };
  const login = (s: TestServer, credential: Record<string, unknown>) => call(s, "POST", "/token/login", null, { credential, device: "web:oauth" });
  const now = () => Math.floor(Date.now() / 1000);
  const googleToken = (claims: Record<string, unknown> = {}, opts: { foreign?: boolean } = {}) =>
    google.sign({ iss: "https://accounts.google.com", aud: GOOGLE_CLIENT, sub: "g-123", email: "Gina@Gmail.example", email_verified: true, name: "Gina", iat: now(), exp: now() + 600, ...claims }, opts);

  it("Google: a valid ID token signs up, then signs in the same account; credentials report the address", async () => {
    const { s, seed: admin } = suite;
    await setup(s, admin);
    const first = await login(s, { type: "google", id_token: await googleToken() });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ name: "Gina", email: "gina@gmail.example", create_by: "google" });
    const again = await login(s, { type: "google", id_token: await googleToken({ email: "changed@gmail.example" }) });
    expect(again.json().user.uid).toBe(first.json().user.uid);
    const creds = await call(s, "GET", "/token/credentials", null, undefined, { "x-api-key": again.json().token });
    expect(creds.json()).toEqual({ password: false, google: "gina@gmail.example", metamask: null, oidc: [] });
  });

  it.each([
    ["another audience", { aud: "someone-else" }, {}],
    ["another issuer", { iss: "https://evil.example.com" }, {}],
    ["an expired token", { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }, {}],
    ["a signature by another key", {}, { foreign: true }],
  ] as const)("Google: refuses %s (401)", async (_what, claims, opts) => {
    const { s, seed: admin } = suite;
    await setup(s, admin);
    const res = await login(s, { type: "google", id_token: await googleToken(claims, opts) });
    expect(res.statusCode).toBe(401);
    expect((await login(s, { type: "google", id_token: "not.a.jwt" })).statusCode).toBe(401);
  });

  it("GitHub: the code becomes a token, the user and their verified primary address; a refused code is a 401", async () => {
    const { s, seed: admin } = suite;
    await setup(s, admin);
    const octo = await buildMember(s, admin, "Octo", { email: "octo@example.com" });
    const res = await login(s, { type: "github", code: "good-code" });
    expect(res.statusCode).toBe(200);
    // The verified address is Octo's: signed in to that account, now linked.
    expect(res.json().user.uid).toBe(octo.uid);
    const other = await login(s, { type: "github", code: "other-code" });
    expect(other.statusCode).toBe(200);
    expect(other.json().user).toMatchObject({ name: "other", create_by: "github" });
    expect(other.json().user.email ?? null).toBe(null);
    expect((await login(s, { type: "github", code: "bad-code" })).statusCode).toBe(401);
    ok(await call(s, "POST", "/admin/github_auth/config", admin, { client_id: GITHUB.client_id, client_secret: "wrong" }), "wrong secret");
    expect((await login(s, { type: "github", code: "good-code" })).statusCode).toBe(401);
  });

  it("403 while Google or GitHub is off in the login config, or has no client id", async () => {
    const { s, seed: admin } = suite;
    wire(s);
    expect((await login(s, { type: "google", id_token: await googleToken() })).statusCode).toBe(403);
    expect((await login(s, { type: "github", code: "good-code" })).statusCode).toBe(403);
    await setLoginConfig(s, admin, { google: true, github: true });
    expect((await login(s, { type: "google", id_token: await googleToken() })).statusCode).toBe(403);
    expect((await login(s, { type: "github", code: "good-code" })).statusCode).toBe(403);
    expect((await login(s, { type: "github" })).statusCode).toBe(400);
  });

  it("binding Google to a member, then the same Google account for another member is a 409", async () => {
    const { s, seed: admin } = suite;
    await setup(s, admin);
    const amy = await buildMember(s, admin, "Amy");
    const bind = (who: Session, credential: Record<string, unknown>) => call(s, "POST", "/token/bind", who, { credential });
    expect((await bind(amy, { type: "google", id_token: await googleToken() })).statusCode).toBe(200);
    expect((await bind(amy, { type: "google", id_token: await googleToken() })).statusCode).toBe(200);
    expect((await call(s, "GET", "/token/credentials", amy)).json().google).toBe("gina@gmail.example");
    const ben = await buildMember(s, admin, "Ben");
    expect((await bind(ben, { type: "google", id_token: await googleToken() })).statusCode).toBe(409);
    // Amy already has a Google account linked: another one is a 409 until she unlinks it.
    expect((await bind(amy, { type: "google", id_token: await googleToken({ sub: "g-999" }) })).statusCode).toBe(409);
    expect((await bind(amy, { type: "github", code: "bad-code" })).statusCode).toBe(401);
    ok(await call(s, "POST", "/token/unbind", amy, { type: "google" }), "unbind");
    expect((await bind(amy, { type: "google", id_token: await googleToken({ sub: "g-999" }) })).statusCode).toBe(200);
  });

  it("settings: admins read and write both; the GitHub secret is masked everywhere and a mask keeps it; public configs answer the client id only", async () => {
    const { s, seed: admin } = suite;
    const member = await buildMember(s, admin, "Mo");
    expect((await call(s, "GET", "/admin/google_auth/public_config")).json()).toEqual({ client_id: "" });
    await setup(s, admin);
    expect((await call(s, "GET", "/admin/google_auth/config", admin)).json()).toEqual({ client_id: GOOGLE_CLIENT });
    expect((await call(s, "GET", "/admin/github_auth/config", admin)).json()).toEqual({ client_id: GITHUB.client_id, client_secret: SECRET_MASK });
    expect((await call(s, "GET", "/admin/google_auth/public_config")).json()).toEqual({ client_id: GOOGLE_CLIENT });
    expect((await call(s, "GET", "/admin/github_auth/public_config")).json()).toEqual({ client_id: GITHUB.client_id, authorize_url: `${github.url}/login/oauth/authorize` });
    for (const path of ["/admin/google_auth/config", "/admin/github_auth/config"]) {
      expect((await call(s, "GET", path)).statusCode).toBe(401);
      expect((await call(s, "GET", path, member)).statusCode).toBe(403);
      expect((await call(s, "POST", path, member, GITHUB)).statusCode).toBe(403);
    }
    expect((await call(s, "POST", "/admin/github_auth/config", admin, { client_id: "x" })).statusCode).toBe(400);
    ok(await call(s, "POST", "/admin/github_auth/config", admin, { client_id: GITHUB.client_id, client_secret: SECRET_MASK }), "keep");
    expect((await login(s, { type: "github", code: "good-code" })).statusCode).toBe(200);
    const audit = JSON.stringify((await call(s, "GET", "/admin/audit_log", admin)).json());
    expect(audit).toContain("settings.github_auth");
    expect(audit).toContain("settings.google_auth");
    expect(audit).not.toContain(GITHUB.client_secret);
  });
});
