import { describe, expect, it } from "vitest";
import { LICENSE_UNLIMITED, type LicenseReply } from "@parley/protocol";
import { call, jsonOk } from "../../test/api.js";
import { assertMatches } from "../../test/contract.js";
import { buildCast, type Cast } from "../../test/factories.js";
import { dialects, type Session } from "../../test/harness.js";
import { FRONTEND, setLoginConfig } from "../../test/identity.js";
import { base58Of, licenseKeys, makeLicense } from "../../test/license.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";
import { base58Decode, base58Encode, parseLicense } from "../../license/format.js";

/**
 * `/api/license` (docs/API.md "License"): the community license of a fresh server, checking and
 * installing licenses signed as VoceChat signs them, the refusals, the 451 past the limit on
 * every path that creates an account, and who may call each route.
 */
const KEYS = licenseKeys();
const OTHER_KEYS = licenseKeys();
const DAY = 86_400_000;

describe.each(dialects())("license (%s)", (dialect) => {
  const suite = useSuite(dialect, { config: { licensePublicKey: KEYS.publicPem }, seed: (s) => buildCast(s) });

  const get = (who: Session = suite.seed.bob) => call(suite.s, "GET", "/license", who);
  const check = (license: string, who: Session | null = suite.seed.admin, headers: Record<string, string> = {}) =>
    call(suite.s, "POST", "/license/check", who, { license }, headers);
  const install = (license: string, who: Session | null = suite.seed.admin, headers: Record<string, string> = {}) =>
    call(suite.s, "PUT", "/license", who, { license }, headers);

  it("a fresh server answers the unlimited community license, in VoceChat's shape, to everyone signed in", async () => {
    const cast = suite.seed;
    for (const who of [cast.bob, cast.guest, cast.bot, cast.admin]) {
      const body = jsonOk<LicenseReply>(await get(who));
      assertMatches("LicenseReply", body);
      expect(body).toEqual({
        domains: ["*"],
        user_limit: LICENSE_UNLIMITED,
        created_at: "1970-01-01T00:00:00Z",
        expired_at: "9999-12-31T23:59:59Z",
        sign: true,
        base58: "",
        installed: false,
        // Admin, Bob, Carol, Otto and the bot; not the guest.
        user_count: 5,
        problem: null,
      });
    }
  });

  it("check reads and verifies without installing; install stores it, audits it, and GET answers it", async () => {
    const { s } = suite;
    const license = makeLicense(KEYS, { domains: ["chat.example.com", "localhost"], user_limit: 50, created_at: new Date("2026-01-02T03:04:05Z"), expired_at: new Date("2030-06-30T00:00:00Z") });
    const checked = jsonOk<LicenseReply>(await check(license));
    assertMatches("LicenseReply", checked);
    expect(checked).toEqual({
      domains: ["chat.example.com", "localhost"],
      user_limit: 50,
      created_at: "2026-01-02T03:04:05Z",
      expired_at: "2030-06-30T00:00:00Z",
      sign: true,
      base58: license,
      installed: false,
      user_count: 5,
      problem: null,
    });
    expect(jsonOk<LicenseReply>(await get()).installed).toBe(false);

    const put = await install(license);
    expect(put.statusCode).toBe(200);
    expect(put.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(put.json()).toBe(true);
    expect(jsonOk<LicenseReply>(await get())).toEqual({ ...checked, installed: true });

    const [entry] = jsonOk<{ action: string; actor_uid: number; detail: object }[]>(await call(s, "GET", "/admin/audit_log?action=settings", suite.seed.admin));
    expect(entry).toMatchObject({
      action: "settings.license",
      actor_uid: suite.seed.admin.uid,
      detail: { domains: "chat.example.com, localhost", user_limit: 50, expired_at: "2030-06-30T00:00:00Z" },
    });
  });

  it("refuses a bad signature, another key's, a wrong domain, an expired license and what is not a license; the installed one stays", async () => {
    const good = makeLicense(KEYS, { user_limit: 40 });
    expect((await install(good)).statusCode).toBe(200);

    // A signature of another key, and a signed license whose unsigned-over fields were edited.
    const foreign = makeLicense(OTHER_KEYS);
    const [domains, limit, created, expired] = new TextDecoder().decode(base58Decode(good) ?? new Uint8Array()).split(",");
    const tampered = base58Of(`${domains},${limit},${created},${expired.replace(/^\d{4}/, "2099")},${"ab".repeat(256)}`);
    const wrongDomain = makeLicense(KEYS, { domains: ["other.example.org"] });
    const expiredLicense = makeLicense(KEYS, { expired_at: new Date(Date.now() - DAY) });
    const cases: [string, string, string][] = [
      ["another key's signature", foreign, "Sign invalid."],
      ["a forged signature", tampered, "Sign invalid."],
      ["a domain that is not this server's", wrongDomain, "Domain incorrect."],
      ["an expired license", expiredLicense, "Expired."],
    ];
    const host = { host: "chat.example.com" };
    for (const [what, license, problem] of cases) {
      const checked = jsonOk<LicenseReply>(await check(license, suite.seed.admin, host));
      expect(checked.problem, what).toBe(problem);
      expect(checked.sign, what).toBe(problem !== "Sign invalid.");
      const put = await install(license, suite.seed.admin, host);
      expect([put.statusCode, put.body], what).toEqual([400, `License error: ${problem}`]);
    }
    for (const junk of ["0OIl", "not base58!", base58Of("*,10,2026-01-01 00:00:00 UTC,sig"), base58Of("*,ten,2026-01-01 00:00:00 UTC,2030-01-01 00:00:00 UTC,00"), base58Of("*,10,yesterday,2030-01-01 00:00:00 UTC,00"), base58Of("a,b|c,10,2026-01-01 00:00:00 UTC,2030-01-01 00:00:00 UTC,00")]) {
      for (const res of [await check(junk), await install(junk)]) {
        expect([res.statusCode, res.body], junk).toEqual([400, "License error: the license could not be read."]);
      }
    }
    for (const body of [{}, { license: "" }, { license: 42 }, { license: "x".repeat(5000) }]) {
      expect((await call(suite.s, "PUT", "/license", suite.seed.admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const now = jsonOk<LicenseReply>(await get());
    expect([now.base58, now.user_limit]).toEqual([good, 40]);
  });

  it("the domain is the frontend URL's when one is set, else the request's host; localhost always passes", async () => {
    const { s } = suite;
    const forChat = makeLicense(KEYS, { domains: ["chat.example.com"] });
    expect(jsonOk<LicenseReply>(await check(forChat, suite.seed.admin, { host: "localhost:3000" })).problem).toBeNull();
    expect(jsonOk<LicenseReply>(await check(forChat, suite.seed.admin, { host: "evil.example.net" })).problem).toBe("Domain incorrect.");
    expect(jsonOk<LicenseReply>(await check(forChat, suite.seed.admin, { host: "CHAT.example.com:8443" })).problem).toBeNull();
    expect((await call(s, "POST", "/admin/system/update_frontend_url", suite.seed.admin, FRONTEND, { "content-type": "text/plain" })).statusCode).toBe(200);
    // The frontend URL (chat.example.com) decides, whatever the request's host.
    expect(jsonOk<LicenseReply>(await check(forChat, suite.seed.admin, { host: "evil.example.net" })).problem).toBeNull();
    expect(jsonOk<LicenseReply>(await check(makeLicense(KEYS, { domains: ["other.example.org"] }), suite.seed.admin, { host: "other.example.org" })).problem).toBe("Domain incorrect.");
  });

  it("past user_limit every account creation answers 451; guests neither count nor are refused", async () => {
    const { s } = suite;
    const { admin } = suite.seed;
    await setLoginConfig(s, admin, { guest: true, third_party: true });
    // Five accounts exist: a limit of 7 leaves room for two.
    expect((await install(makeLicense(KEYS, { user_limit: 7 }))).statusCode).toBe(200);
    jsonOk(await call(s, "POST", "/user/register", null, { email: "first@example.com", password: "long-enough" }));
    jsonOk(await call(s, "POST", "/admin/user", admin, { email: "second@example.com", password: "long-enough", name: "Second", gender: 0, is_admin: false }));
    expect(jsonOk<LicenseReply>(await get()).user_count).toBe(7);

    const secret = (await call(s, "GET", "/admin/system/third_party_secret", admin)).body;
    const key = jsonOk<string>(await call(s, "POST", "/token/create_third_party_key", null, { userid: "ext-1", username: "Zed" }, { "x-secret": secret }));
    const refused = {
      register: await call(s, "POST", "/user/register", null, { email: "third@example.com", password: "long-enough" }),
      "admin create": await call(s, "POST", "/admin/user", admin, { email: "third@example.com", password: "long-enough", name: "Third", gender: 0, is_admin: false }),
      "bot create": await call(s, "POST", "/admin/user", admin, { email: `bot_${Date.now()}@example.com`, password: "", name: "Helper", gender: 0, is_admin: false, is_bot: true }),
      "third-party sign-up": await call(s, "POST", "/token/login", null, { credential: { type: "thirdparty", key }, device: "web" }),
    };
    for (const [what, res] of Object.entries(refused)) expect([res.statusCode, res.body], what).toEqual([451, "License error: Users reached limit."]);
    expect((await call(s, "GET", "/token/login_guest")).statusCode).toBe(200);
    expect(jsonOk<LicenseReply>(await get()).user_count).toBe(7);
    // Signing in is never refused for the license (a deviation: docs/API.md "License").
    expect((await call(s, "POST", "/token/login", null, { credential: { type: "password", email: "first@example.com", password: "long-enough" }, device: "web" })).statusCode).toBe(200);

    // A larger license makes room again.
    expect((await install(makeLicense(KEYS, { user_limit: 8 }))).statusCode).toBe(200);
    jsonOk(await call(s, "POST", "/user/register", null, { email: "third@example.com", password: "long-enough" }));
  });

  it("MAX_USERS and the license: the smaller limit holds; the community license reports MAX_USERS", async () => {
    const s = await suite.restart({ maxUsers: 6 });
    expect(jsonOk<LicenseReply>(await get()).user_limit).toBe(6);
    expect((await install(makeLicense(KEYS, { user_limit: 1000 }))).statusCode).toBe(200);
    jsonOk(await call(s, "POST", "/user/register", null, { email: "sixth@example.com", password: "long-enough" }));
    expect((await call(s, "POST", "/user/register", null, { email: "seventh@example.com", password: "long-enough" })).statusCode).toBe(451);
  });

  it("an installed license that has since expired or lost its key is reported with its problem, and keeps its limit", async () => {
    const { s } = suite;
    const license = makeLicense(KEYS, { user_limit: 5 });
    expect((await install(license)).statusCode).toBe(200);
    // Now past its expiry (the stored string is what the admin installed).
    const stale = makeLicense(KEYS, { user_limit: 5, expired_at: new Date(Date.now() - DAY) });
    await s.ctx.repos.config.set("license", { base58: stale, installed_at: Date.now(), installed_by: 1 });
    expect(jsonOk<LicenseReply>(await get())).toMatchObject({ installed: true, sign: true, problem: "Expired.", user_limit: 5 });
    expect((await call(s, "POST", "/user/register", null, { email: "late@example.com", password: "long-enough" })).statusCode).toBe(451);
    const restarted = await suite.restart({ licensePublicKey: OTHER_KEYS.publicPem });
    await restarted.ctx.repos.config.set("license", { base58: license, installed_at: Date.now(), installed_by: 1 });
    expect(jsonOk<LicenseReply>(await get())).toMatchObject({ installed: true, sign: false, problem: "Sign invalid." });
  });

  it("without LICENSE_PUBLIC_KEY, check and install answer 409 and the community license stays", async () => {
    await suite.restart({ licensePublicKey: null });
    const license = makeLicense(KEYS);
    for (const res of [await check(license), await install(license)]) {
      expect([res.statusCode, res.body]).toEqual([409, "License error: this server has no LICENSE_PUBLIC_KEY to verify licenses with."]);
    }
    expect(jsonOk<LicenseReply>(await get()).installed).toBe(false);
  });

  it("who may call: GET anyone signed in; check and install admins only", async () => {
    const cast: Cast = suite.seed;
    const license = makeLicense(KEYS, { user_limit: 1000 });
    await expectMatrix(cast, (who) => call(suite.s, "GET", "/license", who), { anonymous: 401, guest: 200, member: 200, bot: 200, admin: 200 });
    await expectMatrix(cast, (who) => check(license, who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    await expectMatrix(cast, (who) => install(license, who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
  });
});

describe("the license string (docs/API.md \"License\")", () => {
  it("base58 round-trips, leading zero bytes included", () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from([0, 0, 1, 2, 255]), Buffer.from("hello, world", "utf8")]) {
      expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    }
    expect(base58Encode(Buffer.from("hello world"))).toBe("StV1DL6CwTryKyV");
  });

  it("reads VoceChat's fields, dates in chrono's display form or RFC 3339", () => {
    const parsed = parseLicense(base58Of("a.example.com|*,20,2022-07-07 00:00:00 UTC,2032-01-01T00:00:00Z,00ff"));
    expect(parsed).toMatchObject({ domains: ["a.example.com", "*"], user_limit: 20, created_at_text: "2022-07-07 00:00:00 UTC", signature: "00ff" });
    expect(parsed?.expired_at.toISOString()).toBe("2032-01-01T00:00:00.000Z");
    expect(parseLicense(base58Of("*,4294967296,2022-07-07 00:00:00 UTC,2032-01-01 00:00:00 UTC,00"))).toBeNull();
  });
});
