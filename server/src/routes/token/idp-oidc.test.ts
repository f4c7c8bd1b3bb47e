import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_MASK, type LoginConfig } from "@parley/protocol";
import { call, ok } from "../../test/api.js";
import { assertMatches } from "../../test/contract.js";
import { buildAdmin, buildGuest, buildMember } from "../../test/factories.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { setLoginConfig } from "../../test/identity.js";
import { signInAtIssuer, startTestIssuer, type TestIssuer } from "../../test/oidcIssuer.js";
import { startFakeIdp, type FakeIdp } from "../../test/fakeIdp.js";
import { useSuite } from "../../test/suite.js";

/**
 * OIDC sign-in (docs/API.md "Third-party sign-in") against a real OpenID Provider in process
 * (`oidc-provider`): the authorization-code flow with state, nonce and PKCE, sign-up and sign-in,
 * invitation-only servers, linking; and the refusals — bad, replayed and expired state, and ID
 * tokens with the wrong audience, expired, with another nonce or signed by another key (a
 * scripted provider signs those).
 */
const REDIRECT = "https://chat.example.com/cb/oidc/login";
const CLIENT = { id: "parley", secret: "issuer-secret" };

describe.each(dialects())("OIDC sign-in (%s)", (dialect) => {
  let idp: TestIssuer;
  beforeAll(async () => {
    idp = await startTestIssuer({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      redirectUris: [REDIRECT],
      accounts: {
        alice: { email: "alice@corp.example", email_verified: true, name: "Alice Corp" },
        bob: { email: "bob@example.com", email_verified: true, name: "Bob" },
        mallory: { email: "bob@example.com", email_verified: false, name: "Mallory" },
      },
    });
  });
  afterAll(() => idp.close());
  const suite = useSuite(dialect, { seed: buildAdmin, config: { previewAllowPrivate: true } });

  const enableOidc = (s: TestServer, admin: Session, patch: Partial<LoginConfig> = {}) =>
    setLoginConfig(s, admin, {
      oidc: [{ enable: true, favicon: "", domain: idp.domain, issuer: idp.issuer, client_id: CLIENT.id, client_secret: CLIENT.secret }],
      ...patch,
    });
  const authorize = (s: TestServer, issuer = idp.domain, redirect_uri = REDIRECT) => call(s, "POST", "/token/openid/authorize", null, { issuer, redirect_uri });
  /** Authorize, sign in at the provider as `login`: the `code` and `state` the browser comes back with. */
  const signIn = async (s: TestServer, login: string) => {
    const res = ok(await authorize(s), "authorize");
    const back = await signInAtIssuer(res.json().url, login);
    expect(back.href.startsWith(REDIRECT)).toBe(true);
    return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
  };
  const login = (s: TestServer, credential: Record<string, unknown>) => call(s, "POST", "/token/login", null, { credential: { type: "oidc", ...credential }, device: "web:oidc" });

  it("the authorization URL carries state, nonce and an S256 PKCE challenge; the state is stored as a digest", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin);
    const res = await authorize(s);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: CLIENT.id, redirect_uri: REDIRECT, response_type: "code", code_challenge_method: "S256" });
    for (const p of ["state", "nonce", "code_challenge"]) expect(url.searchParams.get(p)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const rows = await s.ctx.db.selectFrom("oidc_states").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].state_hash).not.toBe(url.searchParams.get("state"));
    expect(rows[0].domain).toBe(idp.domain);
  });

  it("authorize: 403 for a provider that is unknown or disabled, 400 for a bad redirect_uri, 503 when discovery fails", async () => {
    const { s, seed: admin } = suite;
    expect((await authorize(s)).statusCode).toBe(403);
    await enableOidc(s, admin);
    expect((await authorize(s, "other.example.com")).statusCode).toBe(403);
    expect((await authorize(s, idp.domain, "not a url")).statusCode).toBe(400);
    expect((await authorize(s, idp.domain, "javascript:alert(1)")).statusCode).toBe(400);
    expect((await call(s, "POST", "/token/openid/authorize", null, { issuer: idp.domain })).statusCode).toBe(400);
    await setLoginConfig(s, admin, { oidc: [{ enable: true, favicon: "", domain: "127.0.0.1:1", issuer: "http://127.0.0.1:1", client_id: "x", client_secret: "y" }] });
    expect((await authorize(s, "127.0.0.1:1")).statusCode).toBe(503);
    await enableOidc(s, admin, {});
    await setLoginConfig(s, admin, { oidc: [{ enable: false, favicon: "", domain: idp.domain, issuer: idp.issuer, client_id: CLIENT.id, client_secret: SECRET_MASK }] });
    expect((await authorize(s)).statusCode).toBe(403);
  });

  it("without PREVIEW_ALLOW_PRIVATE a loopback issuer is never fetched (503)", async () => {
    const s = await suite.restart({ previewAllowPrivate: false });
    const admin = suite.seed;
    await enableOidc(s, admin);
    expect((await authorize(s)).statusCode).toBe(503);
  });

  it("the full flow signs up a new account once, then signs it in; credentials list the issuer", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin);
    const first = await login(s, await signIn(s, "alice"));
    expect(first.statusCode).toBe(200);
    assertMatches("LoginResponse", first.json());
    expect(first.json().user).toMatchObject({ name: "Alice Corp", email: "alice@corp.example", create_by: "oidc" });
    const second = await login(s, await signIn(s, "alice"));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.uid).toBe(first.json().user.uid);
    const creds = await call(s, "GET", "/token/credentials", null, undefined, { "x-api-key": second.json().token });
    expect(creds.json()).toEqual({ password: false, google: null, metamask: null, oidc: [idp.issuer] });
    const identities = await call(s, "GET", "/token/identities", null, undefined, { "x-api-key": second.json().token });
    expect(identities.json()).toEqual([{ type: "oidc", issuer: idp.issuer, email: "alice@corp.example", created_at: expect.any(Number) }]);
  });

  it("a verified e-mail signs in to the existing account and links it; an unverified one makes a new account without it", async () => {
    const { s, seed: admin } = suite;
    const bob = await buildMember(s, admin, "Bob", { email: "bob@example.com" });
    await enableOidc(s, admin);
    const res = await login(s, await signIn(s, "bob"));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.uid).toBe(bob.uid);
    const mallory = await login(s, await signIn(s, "mallory"));
    expect(mallory.statusCode).toBe(200);
    expect(mallory.json().user.uid).not.toBe(bob.uid);
    expect(mallory.json().user.email ?? null).toBe(null);
  });

  it("a state is single-use: replayed, unknown or expired it is a 400, and a failed exchange spends it too", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin);
    const grant = await signIn(s, "alice");
    expect((await login(s, grant)).statusCode).toBe(200);
    const replay = await login(s, grant);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toBe("the sign-in has expired or was already used, please start again");
    expect((await login(s, { code: grant.code, state: "forged-state" })).statusCode).toBe(400);

    const late = await signIn(s, "alice");
    await s.ctx.db.updateTable("oidc_states").set({ expires_at: Date.now() - 1 }).execute();
    expect((await login(s, late)).statusCode).toBe(400);

    const wrong = await signIn(s, "alice");
    expect((await login(s, { code: "not-the-code", state: wrong.state })).statusCode).toBe(401);
    expect((await login(s, wrong)).statusCode).toBe(400);
  });

  it("403 while OIDC is off; 400 for a credential without its fields", async () => {
    const { s } = suite;
    expect((await login(s, { code: "c", state: "s" })).statusCode).toBe(403);
    expect((await login(s, { code: "c" })).statusCode).toBe(400);
  });

  it("an invitation-only server refuses new accounts without an invitation (410) and takes one with it", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin, { who_can_sign_up: "InvitationOnly" });
    const refused = await login(s, await signIn(s, "alice"));
    expect(refused.statusCode).toBe(410);
    const link = ok(await call(s, "GET", "/group/create_reg_magic_link", admin), "invite").body;
    const magic_token = new URL(link).searchParams.get("magic_token") ?? new URLSearchParams(new URL(link).hash.split("?")[1]).get("magic_token");
    const res = await login(s, { ...(await signIn(s, "alice")), magic_token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.create_by).toBe("oidc");
    // An existing account needs no invitation.
    expect((await login(s, await signIn(s, "alice"))).statusCode).toBe(200);
  });

  it("a frozen account is refused (423)", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin);
    const first = ok(await login(s, await signIn(s, "alice")), "first");
    ok(await call(s, "PUT", `/admin/user/${first.json().user.uid}`, admin, { status: "frozen" }), "freeze");
    expect((await login(s, await signIn(s, "alice"))).statusCode).toBe(423);
  });

  it("binding: a member links the identity (200, audited); another account's identity is a 409; guests and anonymous are refused", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin);
    const carol = await buildMember(s, admin, "Carol");
    const bind = (who: Session | null, credential: Record<string, unknown>) => call(s, "POST", "/token/bind", who, { credential: { type: "oidc", ...credential } });
    expect((await bind(null, { code: "c", state: "s" })).statusCode).toBe(401);
    expect((await bind(await buildGuest(s), { code: "c", state: "s" })).statusCode).toBe(403);
    expect((await bind(carol, await signIn(s, "alice"))).statusCode).toBe(200);
    expect((await call(s, "GET", "/token/credentials", carol)).json().oidc).toEqual([idp.issuer]);
    // Alice signs in to Carol's account now.
    expect((await login(s, await signIn(s, "alice"))).json().user.uid).toBe(carol.uid);
    const dave = await buildMember(s, admin, "Dave");
    const taken = await bind(dave, await signIn(s, "alice"));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ reason: "identity_linked_elsewhere" });
    const audit = (await call(s, "GET", "/admin/audit_log?category=account", admin)).json();
    expect(JSON.stringify(audit)).toContain("account.identity_linked");

    // Unbinding: Carol has a password, so she may drop it; nothing left to drop is a 404.
    expect((await call(s, "POST", "/token/unbind", carol, { type: "oidc", issuer: idp.issuer })).statusCode).toBe(200);
    expect((await call(s, "POST", "/token/unbind", carol, { type: "oidc", issuer: idp.issuer })).statusCode).toBe(404);
    expect((await call(s, "GET", "/token/credentials", carol)).json().oidc).toEqual([]);
    expect((await call(s, "POST", "/token/unbind", null, { type: "oidc" })).statusCode).toBe(401);
  });

  it("an account whose only way in is its identity cannot unlink it (409)", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin);
    const res = ok(await login(s, await signIn(s, "alice")), "login");
    const headers = { "x-api-key": res.json().token };
    // The account has the e-mail address (login links): it may unlink.
    await s.ctx.db.updateTable("users").set({ email: null }).where("uid", "=", res.json().user.uid).execute();
    const refused = await call(s, "POST", "/token/unbind", null, { type: "oidc", issuer: idp.issuer }, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ reason: "last_sign_in_method" });
  });

  it("the login config answers every OIDC secret masked; sending the mask back keeps it; the audit entry names no secret", async () => {
    const { s, seed: admin } = suite;
    await enableOidc(s, admin);
    const cfg = (await call(s, "GET", "/admin/login/config")).json() as LoginConfig;
    expect(cfg.oidc).toEqual([{ enable: true, favicon: "", domain: idp.domain, issuer: idp.issuer, client_id: CLIENT.id, client_secret: SECRET_MASK }]);
    assertMatches("LoginConfig", cfg);
    ok(await call(s, "POST", "/admin/login/config", admin, cfg), "save masked");
    // The stored secret still works.
    expect((await login(s, await signIn(s, "alice"))).statusCode).toBe(200);
    const audit = JSON.stringify((await call(s, "GET", "/admin/audit_log", admin)).json());
    expect(audit).toContain("settings.login_methods");
    expect(audit).not.toContain(CLIENT.secret);
    const member = await buildMember(s, admin, "Erin");
    expect((await call(s, "POST", "/admin/login/config", member, cfg)).statusCode).toBe(403);
  });
});

describe.each(dialects())("OIDC ID-token refusals (%s)", (dialect) => {
  let fake: FakeIdp;
  beforeAll(async () => {
    fake = await startFakeIdp();
    fake.routes.set("GET /.well-known/openid-configuration", () => ({
      json: {
        issuer: fake.url,
        authorization_endpoint: `${fake.url}/auth`,
        token_endpoint: `${fake.url}/token`,
        jwks_uri: `${fake.url}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
      },
    }));
  });
  afterAll(() => fake.close());
  const suite = useSuite(dialect, { seed: buildAdmin, config: { previewAllowPrivate: true } });

  /** Starts a sign-in; the token endpoint then answers an ID token with `claims(nonce)`. */
  const attempt = async (s: TestServer, admin: Session, claims: (nonce: string, now: number) => Record<string, unknown>, opts: { foreign?: boolean } = {}) => {
    const domain = fake.url.replace(/^http:\/\//, "");
    await setLoginConfig(s, admin, { oidc: [{ enable: true, favicon: "", domain, issuer: fake.url, client_id: "parley", client_secret: "s3cret" }] });
    const url = new URL(ok(await call(s, "POST", "/token/openid/authorize", null, { issuer: domain, redirect_uri: REDIRECT }), "authorize").json().url);
    const nonce = url.searchParams.get("nonce") ?? "";
    const now = Math.floor(Date.now() / 1000);
    const idToken = await fake.sign(claims(nonce, now), opts);
    fake.routes.set("POST /token", () => ({ json: { access_token: "at", token_type: "Bearer", expires_in: 60, id_token: idToken } }));
    return call(s, "POST", "/token/login", null, { credential: { type: "oidc", code: "c", state: url.searchParams.get("state") }, device: "web:x" });
  };
  const good = (nonce: string, now: number) => ({ iss: fake.url, aud: "parley", sub: "u1", nonce, iat: now, exp: now + 300, email: "u1@example.com", email_verified: true });

  it("a well-formed ID token signs in (the scripted provider works)", async () => {
    const { s, seed: admin } = suite;
    const res = await attempt(s, admin, good);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe("u1@example.com");
  });

  it.each([
    ["the wrong audience", (n: string, t: number) => ({ ...good(n, t), aud: "someone-else" }), {}],
    ["an expired ID token", (n: string, t: number) => ({ ...good(n, t), iat: t - 7200, exp: t - 3600 }), {}],
    ["another nonce", (n: string, t: number) => ({ ...good(n, t), nonce: "replayed-nonce" }), {}],
    ["another issuer", (n: string, t: number) => ({ ...good(n, t), iss: "https://evil.example.com" }), {}],
    ["a signature by another key", good, { foreign: true }],
  ] as const)("refuses %s (401)", async (_what, claims, opts) => {
    const { s, seed: admin } = suite;
    const res = await attempt(s, admin, claims, opts);
    expect(res.statusCode).toBe(401);
    expect(await s.ctx.db.selectFrom("identities").selectAll().execute()).toEqual([]);
  });
});
