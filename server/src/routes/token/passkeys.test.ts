import { describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { assertMatches } from "../../test/contract.js";
import { buildCast, type Cast } from "../../test/factories.js";
import type { Session, TestServer } from "../../test/harness.js";
import { dialects } from "../../test/harness.js";
import { FRONTEND, setLoginConfig } from "../../test/identity.js";
import { expectMatrix, expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from "../../test/webauthn.js";

/**
 * Passkeys (docs/API.md "MetaMask and passkeys"): registration and sign-in with a software
 * authenticator (real keys, real signatures) against `@simplewebauthn/server`, the single-use
 * challenges, the counter check, the relying party, and who may call each route.
 */
describe.each(dialects())("passkeys (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: (s) => buildCast(s) });

  async function enable(s: TestServer, cast: Cast, passkey = true): Promise<void> {
    const url = await call(s, "POST", "/admin/system/update_frontend_url", cast.admin, FRONTEND, { "content-type": "text/plain" });
    expect(url.statusCode).toBe(200);
    await setLoginConfig(s, cast.admin, { passkey });
  }

  const registerStart = (who: Session | null, name = "Laptop") => call(suite.s, "POST", "/token/passkey/register/start", who, { name });
  const authStart = () => call(suite.s, "POST", "/token/passkey/auth/start", null, {});

  /** Registers a new software passkey for `who`; answers the authenticator. */
  async function register(who: Session, name = "Laptop"): Promise<SoftAuthenticator> {
    const key = new SoftAuthenticator(FRONTEND);
    const start = await registerStart(who, name);
    expect(start.statusCode).toBe(200);
    const { challenge_id, options } = start.json() as { challenge_id: string; options: { publicKey: CreationOptions } };
    const finish = await call(suite.s, "POST", "/token/passkey/register/finish", who, { challenge_id, credential: key.create(options.publicKey) });
    expect(finish.statusCode, finish.body).toBe(200);
    return key;
  }

  async function signInOptions(): Promise<{ challenge_id: string; publicKey: RequestOptions }> {
    const res = await authStart();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { challenge_id: string; options: { publicKey: RequestOptions } };
    return { challenge_id: body.challenge_id, publicKey: body.options.publicKey };
  }

  const authFinish = (challenge_id: string, authentication: unknown, extra: object = {}) =>
    call(suite.s, "POST", "/token/passkey/auth/finish", null, { challenge_id, authentication, device: "web:passkey", ...extra });

  /** A whole sign-in with `key` (fresh options, its assertion), answering the status of auth/finish. */
  async function signInStatus(key: { get: (options: RequestOptions) => unknown }): Promise<number> {
    const opts = await signInOptions();
    return (await authFinish(opts.challenge_id, key.get(opts.publicKey))).statusCode;
  }

  it("registers a passkey from the account and signs in with it, by auth/finish and by /token/login", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const start = await registerStart(seed.bob, "Work laptop");
    expect(start.statusCode).toBe(200);
    const started = start.json() as { challenge_id: string; options: { publicKey: CreationOptions & Record<string, unknown> } };
    expect(started.options.publicKey).toMatchObject({
      rp: { id: "chat.example.com" },
      user: { name: "bob@example.com", displayName: "Bob" },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    const key = new SoftAuthenticator(FRONTEND);
    const finish = await call(s, "POST", "/token/passkey/register/finish", seed.bob, { challenge_id: started.challenge_id, credential: key.create(started.options.publicKey) });
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json()).toMatchObject({ credential_id: key.id, name: "Work laptop", last_used_at: null });

    const list = await call(s, "GET", "/token/passkey/list", seed.bob);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: expect.any(Number), credential_id: key.id, name: "Work laptop", created_at: expect.any(Number), last_used_at: null }]);
    expect((await call(s, "GET", "/token/passkey/list", seed.carol)).json()).toEqual([]);

    // Sign in: no e-mail asked, the passkey names the account.
    const opts = await signInOptions();
    expect(opts.publicKey).toMatchObject({ rpId: "chat.example.com", userVerification: "preferred" });
    const login = await authFinish(opts.challenge_id, key.get(opts.publicKey));
    expect(login.statusCode, login.body).toBe(200);
    assertMatches("LoginResponse", login.json());
    expect(login.json().user).toMatchObject({ uid: seed.bob.uid, name: "Bob" });
    const me = await call(s, "GET", "/user/me", { headers: { "x-api-key": login.json().token } } as Session);
    expect(me.json().uid).toBe(seed.bob.uid);

    // The contract's `passkey` credential of /token/login does the same.
    const again = await signInOptions();
    const viaLogin = await call(s, "POST", "/token/login", null, { credential: { type: "passkey", challenge_id: again.challenge_id, credential: key.get(again.publicKey) }, device: "web:2" });
    expect(viaLogin.statusCode, viaLogin.body).toBe(200);
    expect(viaLogin.json().user.uid).toBe(seed.bob.uid);

    const row = await s.ctx.db.selectFrom("passkeys").selectAll().where("credential_id", "=", key.id).executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(2);
    expect(row.last_used_at).not.toBeNull();
    const used = (await call(s, "GET", "/token/passkey/list", seed.bob)).json() as { last_used_at: number }[];
    expect(used[0].last_used_at).toBeGreaterThan(0);

    const audit = await s.ctx.db.selectFrom("audit_log").selectAll().where("action", "=", "account.passkey_added").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_uid: seed.bob.uid, target_uid: seed.bob.uid });
    expect(JSON.parse(audit[0].detail)).toEqual({ name: "Work laptop", credential_id: key.id });
  });

  it("removes a passkey (only the caller's own), audited; a removed passkey signs in no more", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const key = await register(seed.bob);
    await expectStatuses({
      "someone else's": [() => call(s, "DELETE", `/token/passkey/${key.id}`, seed.carol), 404],
      unknown: [() => call(s, "DELETE", "/token/passkey/AAAA", seed.bob), 404],
      "not base64url": [() => call(s, "DELETE", "/token/passkey/a%2Bb", seed.bob), 400],
      own: [() => call(s, "DELETE", `/token/passkey/${key.id}`, seed.bob), 200],
      "own again": [() => call(s, "DELETE", `/token/passkey/${key.id}`, seed.bob), 404],
    });
    expect((await call(s, "GET", "/token/passkey/list", seed.bob)).json()).toEqual([]);
    const audit = await s.ctx.db.selectFrom("audit_log").selectAll().where("action", "=", "account.passkey_removed").execute();
    expect(audit.map((a) => [a.actor_uid, a.target_uid])).toEqual([[seed.bob.uid, seed.bob.uid]]);
    expect(await signInStatus(key)).toBe(401);
  });

  it("spends each challenge once, and refuses expired ones and those of the other ceremony or account", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const key = await register(seed.bob);
    const opts = await signInOptions();
    expect((await authFinish(opts.challenge_id, key.get(opts.publicKey))).statusCode).toBe(200);
    // The same, replayed.
    expect((await authFinish(opts.challenge_id, key.get(opts.publicKey))).statusCode).toBe(400);

    // A failed attempt spends it too.
    const spent = await signInOptions();
    expect((await authFinish(spent.challenge_id, key.get(spent.publicKey, { origin: "https://evil.example.com" }))).statusCode).toBe(401);
    expect((await authFinish(spent.challenge_id, key.get(spent.publicKey))).statusCode).toBe(400);

    const expired = await signInOptions();
    await s.ctx.db.updateTable("passkey_challenges").set({ expires_at: Date.now() - 1 }).where("id", "=", expired.challenge_id).execute();
    expect((await authFinish(expired.challenge_id, key.get(expired.publicKey))).statusCode).toBe(400);

    // A registration challenge is no sign-in challenge, and Bob's is not Carol's.
    const reg = (await registerStart(seed.bob)).json() as { challenge_id: string; options: { publicKey: CreationOptions } };
    expect((await authFinish(reg.challenge_id, key.get({ challenge: reg.options.publicKey.challenge }))).statusCode).toBe(400);
    const bobs = (await registerStart(seed.bob)).json() as { challenge_id: string; options: { publicKey: CreationOptions } };
    const other = new SoftAuthenticator(FRONTEND);
    const stolen = await call(s, "POST", "/token/passkey/register/finish", seed.carol, { challenge_id: bobs.challenge_id, credential: other.create(bobs.options.publicKey) });
    expect(stolen.statusCode).toBe(400);
  });

  it("401 for a wrong origin, RP id, challenge or key, and for a counter that does not move on", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const key = await register(seed.bob);
    const stranger = new SoftAuthenticator(FRONTEND);
    const cases: Record<string, (o: RequestOptions) => unknown> = {
      origin: (o) => key.get(o, { origin: "https://evil.example.com" }),
      "rp id": (o) => key.get(o, { rpId: "evil.example.com" }),
      challenge: (o) => key.get(o, { challenge: Buffer.from("another challenge").toString("base64url") }),
      "unknown passkey": (o) => stranger.get(o),
    };
    for (const [name, answer] of Object.entries(cases)) {
      const opts = await signInOptions();
      expect((await authFinish(opts.challenge_id, answer(opts.publicKey))).statusCode, name).toBe(401);
    }
    expect(await signInStatus(key)).toBe(200);
    // A clone repeats the last count: refused.
    const cloned = await signInOptions();
    expect((await authFinish(cloned.challenge_id, key.get(cloned.publicKey, { keepCounter: true }))).statusCode).toBe(401);
    // A registration answered for another origin is not stored.
    const start = (await registerStart(seed.carol)).json() as { challenge_id: string; options: { publicKey: CreationOptions } };
    const wrong = await call(s, "POST", "/token/passkey/register/finish", seed.carol, {
      challenge_id: start.challenge_id,
      credential: new SoftAuthenticator(FRONTEND).create(start.options.publicKey, { origin: "https://evil.example.com" }),
    });
    expect(wrong.statusCode).toBe(401);
    expect((await call(s, "GET", "/token/passkey/list", seed.carol)).json()).toEqual([]);
  });

  it("409 for a passkey registered already; the account's passkeys are excluded from a new registration", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const key = await register(seed.bob);
    const start = (await registerStart(seed.bob)).json() as { challenge_id: string; options: { publicKey: CreationOptions } };
    expect(start.options.publicKey.excludeCredentials).toEqual([{ id: key.id, type: "public-key", transports: ["internal"] }]);
    const dup = await call(s, "POST", "/token/passkey/register/finish", seed.bob, { challenge_id: start.challenge_id, credential: key.create(start.options.publicKey) });
    expect(dup.statusCode).toBe(409);
  });

  it("423 for a frozen account; deleting the account deletes its passkeys", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const key = await register(seed.bob);
    await s.ctx.db.updateTable("users").set({ status: "frozen" }).where("uid", "=", seed.bob.uid).execute();
    expect(await signInStatus(key)).toBe(423);

    const carolKey = await register(seed.carol);
    expect((await call(s, "DELETE", "/user/delete", seed.carol)).statusCode).toBe(200);
    expect(await s.ctx.db.selectFrom("passkeys").select("id").where("uid", "=", seed.carol.uid).execute()).toEqual([]);
    expect(await signInStatus(carolKey)).toBe(401);
  });

  it("403 while passkeys are off in the login config; the list and delete keep working", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const key = await register(seed.bob);
    const opts = await signInOptions();
    await setLoginConfig(s, seed.admin, { passkey: false });
    await expectStatuses({
      "register/start": [() => registerStart(seed.bob), 403],
      "auth/start": [() => authStart(), 403],
      "auth/finish": [() => authFinish(opts.challenge_id, key.get(opts.publicKey)), 403],
      login: [() => call(s, "POST", "/token/login", null, { credential: { type: "passkey", challenge_id: opts.challenge_id, credential: key.get(opts.publicKey) } }), 403],
      list: [() => call(s, "GET", "/token/passkey/list", seed.bob), 200],
      delete: [() => call(s, "DELETE", `/token/passkey/${key.id}`, seed.bob), 200],
    });
  });

  it("takes the relying party from the page's Origin when no frontend URL is configured", async () => {
    const { s, seed } = suite;
    await setLoginConfig(s, seed.admin, { passkey: true });
    const origin = "http://localhost:5173";
    const start = await call(s, "POST", "/token/passkey/register/start", seed.bob, { name: "Dev" }, { origin });
    const body = start.json() as { challenge_id: string; options: { publicKey: CreationOptions } };
    expect(body.options.publicKey.rp.id).toBe("localhost");
    const key = new SoftAuthenticator(origin);
    const finish = await call(s, "POST", "/token/passkey/register/finish", seed.bob, { challenge_id: body.challenge_id, credential: key.create(body.options.publicKey) });
    expect(finish.statusCode, finish.body).toBe(200);
    const auth = (await call(s, "POST", "/token/passkey/auth/start", null, {}, { origin })).json() as { challenge_id: string; options: { publicKey: RequestOptions } };
    expect((await authFinish(auth.challenge_id, key.get(auth.options.publicKey))).statusCode).toBe(200);
    // A passkey of another site does not sign in here.
    const elsewhere = (await call(s, "POST", "/token/passkey/auth/start", null, {}, { origin: "http://127.0.0.1:5173" })).json() as {
      challenge_id: string;
      options: { publicKey: RequestOptions };
    };
    expect((await authFinish(elsewhere.challenge_id, key.get(elsewhere.options.publicKey))).statusCode).toBe(401);
  });

  it("who may call: members, bots and admins manage their passkeys; guests 403; anonymous 401; anyone signs in", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    await expectMatrix(seed, (who) => registerStart(who), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    await expectMatrix(seed, (who) => call(s, "GET", "/token/passkey/list", who), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    await expectMatrix(seed, (who) => call(s, "DELETE", "/token/passkey/AAAA", who), { anonymous: 401, guest: 403, member: 404, bot: 404, admin: 404 });
    await expectMatrix(seed, (who) => call(s, "POST", "/token/passkey/auth/start", who, {}), { anonymous: 200, guest: 200, member: 200, bot: 200, admin: 200 });
  });

  it("400 for malformed bodies", async () => {
    const { s, seed } = suite;
    await enable(s, seed);
    const key = new SoftAuthenticator(FRONTEND);
    const good = key.get({ challenge: "AAAA", rpId: "chat.example.com" });
    await expectStatuses({
      "name too long": [() => registerStart(seed.bob, "x".repeat(65)), 400],
      "finish without credential": [() => call(s, "POST", "/token/passkey/register/finish", seed.bob, { challenge_id: "x" }), 400],
      "finish with a non-base64url id": [
        () => call(s, "POST", "/token/passkey/register/finish", seed.bob, { challenge_id: "x", credential: { ...key.create({ challenge: "AAAA", rp: { name: "P" }, user: { id: "AA", name: "b", displayName: "b" } }), id: "not base64!" } }),
        400,
      ],
      "auth without challenge": [() => call(s, "POST", "/token/passkey/auth/finish", null, { authentication: good }), 400],
      "auth with the wrong type": [() => authFinish("x", { ...good, type: "password" }), 400],
      "login passkey without credential": [() => call(s, "POST", "/token/login", null, { credential: { type: "passkey", challenge_id: "x" } }), 400],
    });
  });
});
