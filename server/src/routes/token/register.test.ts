import { beforeEach, describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { useSmtp } from "../../test/smtp.js";
import { openEvents } from "../../test/sse.js";
import { dialects, login, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildChannel } from "../../test/factories.js";
import { call, jsonOk } from "../../test/api.js";
import { enableSmtp, FRONTEND, linkOf, setLoginConfig, tokenOf } from "../../test/identity.js";

/**
 * Sign-up (docs/API.md "Identity"): `send_reg_magic_link`, `register`, `check_email`,
 * `check_magic_token`, with and without SMTP, open and invitation-only, and the invitation's
 * private channel.
 */
describe.each(dialects())("registration (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildAdmin });

  const sendReg = (body: object) => call(suite.s, "POST", "/user/send_reg_magic_link", null, body);
  const register = (body: object) => call(suite.s, "POST", "/user/register", null, body);
  const checkToken = async (magic_token: string) => (await call(suite.s, "POST", "/user/check_magic_token", null, { magic_token })).json() as boolean;
  const invite = async (query = "") => tokenOf((await call(suite.s, "GET", `/group/create_reg_magic_link${query}`, suite.seed)).body);

  describe("open server, SMTP off", () => {
    it("send_reg_magic_link answers a confirmed token at once; register with it and a name signs in", async () => {
      const { s } = suite;
      const sent = await sendReg({ magic_token: "", email: "Alice@Example.com", password: "alice-pass" });
      expect(sent.statusCode).toBe(200);
      assertMatches("SendRegMagicTokenResponse", sent.json());
      const { new_magic_token, mail_is_sent } = sent.json();
      expect(mail_is_sent).toBe(false);
      expect(new_magic_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await checkToken(new_magic_token)).toBe(true);
      // The password is stored hashed in the token row.
      const row = await s.ctx.db.selectFrom("magic_tokens").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: "register", email: "alice@example.com" });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);

      const res = await register({ magic_token: new_magic_token, name: "Alice", gender: 0, device: "browser" });
      expect(res.statusCode).toBe(200);
      assertMatches("LoginResponse", res.json());
      expect(res.json().user).toMatchObject({ name: "Alice", email: "alice@example.com", create_by: "password", is_admin: false, language: "en-US" });
      expect((await s.ctx.db.selectFrom("devices").select("device").where("uid", "=", res.json().user.uid).execute()).map((d) => d.device)).toEqual(["browser"]);
      await expect(login(s, "alice@example.com", "alice-pass")).resolves.toMatchObject({ uid: res.json().user.uid });
      // Single use.
      expect((await register({ magic_token: new_magic_token, name: "Alice2" })).statusCode).toBe(412);
      expect(await checkToken(new_magic_token)).toBe(false);
    });

    it("registers without a token from e-mail and password; the name defaults to the address's local part", async () => {
      const first = await register({ email: "carol@example.com", password: "carol-pass", name: "Carol", language: "zh-CN", gender: 1 });
      expect(first.statusCode).toBe(200);
      expect(first.json().user).toMatchObject({ name: "Carol", language: "zh-CN", gender: 1 });
      const unnamed = await register({ email: "carol@other.example", password: "carol-pass" });
      expect(unnamed.statusCode).toBe(200);
      expect(unnamed.json().user.name).toBe("carol");
      const again = await register({ email: "carol@third.example", password: "carol-pass" });
      expect(again.json().user.name).toBe("carol2");
    });

    it("announces the new user to every stream and to each public channel", async () => {
      const { s, seed: admin } = suite;
      await s.listen();
      const pub = await buildChannel(s, admin, { name: "general", is_public: true });
      const stream = await openEvents(s.url, { "api-key": admin.token });
      await stream.waitFor((e) => e.type === "ready");
      const res = await register({ email: "dan@example.com", password: "dan-pass", name: "Dan" });
      const uid = res.json().user.uid;
      expect(await stream.waitFor((e) => e.type === "users_log")).toMatchObject({ logs: [{ action: "create", uid, name: "Dan", email: "dan@example.com" }] });
      expect(await stream.waitFor((e) => e.type === "user_joined_group")).toEqual({ type: "user_joined_group", gid: pub, uid: [uid] });
      stream.close();
    });

    it("409 {reason} for a taken e-mail or name; a 409 at register keeps the token", async () => {
      const taken = await sendReg({ magic_token: "", email: "ADMIN@example.com", password: "whatever" });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ reason: "email_conflict" });
      const { new_magic_token } = (await sendReg({ magic_token: "", email: "erin@example.com", password: "erin-pass" })).json();
      const name = await register({ magic_token: new_magic_token, name: "Admin" });
      expect(name.statusCode).toBe(409);
      expect(name.json()).toEqual({ reason: "name_conflict" });
      expect((await register({ magic_token: new_magic_token, name: "Erin" })).statusCode).toBe(200);
      const email = await register({ email: "erin@example.com", password: "erin-pass", name: "Erin2" });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({ reason: "email_conflict" });
    });

    it("a confirmed token's e-mail cannot be swapped; its password can be replaced", async () => {
      const { s } = suite;
      const { new_magic_token } = (await sendReg({ magic_token: "", email: "fay@example.com", password: "fay-pass" })).json();
      expect((await register({ magic_token: new_magic_token, email: "mallory@example.com", name: "Fay" })).statusCode).toBe(400);
      const res = await register({ magic_token: new_magic_token, email: "FAY@example.com", password: "new-fay-pass", name: "Fay" });
      expect(res.statusCode).toBe(200);
      await expect(login(s, "fay@example.com", "new-fay-pass")).resolves.toMatchObject({ uid: res.json().user.uid });
    });

    it("412 for an unknown, expired or used token; 400 for missing or malformed fields", async () => {
      const { s } = suite;
      expect((await register({ magic_token: "nope", name: "X" })).statusCode).toBe(412);
      const { new_magic_token } = (await sendReg({ magic_token: "", email: "gil@example.com", password: "gil-pass" })).json();
      await s.ctx.db.updateTable("magic_tokens").set({ expires_at: Date.now() - 1 }).execute();
      expect((await register({ magic_token: new_magic_token, name: "Gil" })).statusCode).toBe(412);
      for (const body of [
        {},
        { email: "x@example.com" },
        { password: "long-enough" },
        { email: "not-an-email", password: "long-enough" },
        { email: "x@example.com", password: "short" },
        { email: "x@example.com", password: "long-enough", name: "x".repeat(33) },
        { email: "x@example.com", password: "long-enough", language: "<script>" },
        { email: "x@example.com", password: "long-enough", gender: 2 },
      ]) {
        const res = await register(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.headers["content-type"]).toContain("text/plain");
      }
      for (const body of [{}, { magic_token: "", email: "bad", password: "long-enough" }, { magic_token: "", email: "x@example.com", password: "short" }]) {
        expect((await sendReg(body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await sendReg({ magic_token: "unknown", email: "x@example.com", password: "long-enough" })).statusCode).toBe(400);
      expect(await s.ctx.repos.users.count()).toBe(1);
    });

    it("451 once MAX_USERS non-guest accounts exist (guests do not count)", async () => {
      const s = await suite.restart({ maxUsers: 2 });
      const admin = suite.seed;
      await setLoginConfig(s, admin, { guest: true });
      expect((await call(s, "GET", "/token/login_guest")).statusCode).toBe(200);
      expect((await register({ email: "h1@example.com", password: "long-enough" })).statusCode).toBe(200);
      const over = await register({ email: "h2@example.com", password: "long-enough" });
      expect(over.statusCode).toBe(451);
      expect(over.body).toBe("License error: Users reached limit.");
      expect((await call(s, "POST", "/admin/user", admin, { email: "h3@example.com", password: "long-enough", name: "H3", gender: 0, is_admin: false })).statusCode).toBe(451);
      expect((await call(s, "GET", "/token/login_guest")).statusCode).toBe(200);
    });
  });

  describe("SMTP on", () => {
    const mailer = useSmtp();
    beforeEach(() => enableSmtp(suite.s, suite.seed, mailer.smtp));

    it("the registration link flow end to end: mail, link, name, signed in; the link works once", async () => {
      const { s } = suite;
      const sent = await sendReg({ magic_token: "", email: "ivy@example.com", password: "ivy-pass" });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ new_magic_token: "", mail_is_sent: true });
      const mail = await mailer.smtp.waitFor();
      expect(mail.to).toEqual(["ivy@example.com"]);
      expect(mail.subject).toBe("Confirm your e-mail address for Parley");
      const link = linkOf(mail);
      expect(link).toMatch(new RegExp(`^${FRONTEND}/\\?email=ivy%40example\\.com&magic_token=[A-Za-z0-9_-]{43}#/register/set_name$`));
      const token = tokenOf(link);
      expect(await checkToken(token)).toBe(true);
      const res = await register({ magic_token: token, name: "Ivy", device: "browser" });
      expect(res.statusCode).toBe(200);
      assertMatches("LoginResponse", res.json());
      expect(res.json().user).toMatchObject({ name: "Ivy", email: "ivy@example.com" });
      await expect(login(s, "ivy@example.com", "ivy-pass")).resolves.toMatchObject({ uid: res.json().user.uid });
      expect((await register({ magic_token: token, name: "Ivy2" })).statusCode).toBe(412);
    });

    it("an unconfirmed sign-up is refused (403): no token, or an invitation used directly", async () => {
      expect((await register({ email: "jo@example.com", password: "jo-pass", name: "Jo" })).statusCode).toBe(403);
      const inv = await invite();
      expect((await register({ magic_token: inv, email: "jo@example.com", password: "jo-pass", name: "Jo" })).statusCode).toBe(403);
      // Through the mail it works, and the invitation's channel comes along.
      await sendReg({ magic_token: inv, email: "jo@example.com", password: "jo-pass" });
      const token = tokenOf(linkOf(await mailer.smtp.waitFor()));
      expect((await register({ magic_token: token, name: "Jo" })).statusCode).toBe(200);
    });

    it("mails in the request's language", async () => {
      const { s } = suite;
      await call(s, "POST", "/user/send_reg_magic_link", null, { magic_token: "", email: "wang@example.com", password: "wang-pass" }, { "accept-language": "zh-CN" });
      const mail = await mailer.smtp.waitFor();
      expect(mail.subject).toBe("确认你在 Parley 的邮箱地址");
      expect(mail.html).toContain("确认并继续");
    });
  });

  describe("invitation-only", () => {
    beforeEach(async () => {
      await setLoginConfig(suite.s, suite.seed, { who_can_sign_up: "InvitationOnly" });
    });

    it("refuses sign-up without an invitation (403), 412/400 for a bad one", async () => {
      const { s } = suite;
      expect((await register({ email: "kim@example.com", password: "kim-pass", name: "Kim" })).statusCode).toBe(403);
      expect((await sendReg({ magic_token: "", email: "kim@example.com", password: "kim-pass" })).statusCode).toBe(403);
      expect((await register({ magic_token: "forged", email: "kim@example.com", password: "kim-pass" })).statusCode).toBe(412);
      expect((await sendReg({ magic_token: "forged", email: "kim@example.com", password: "kim-pass" })).statusCode).toBe(400);
      expect(await s.ctx.repos.users.count()).toBe(1);
    });

    it("accepts an invitation, directly or through send_reg_magic_link, and spends one use each", async () => {
      const inv = await invite("?max_times=2");
      expect(await checkToken(inv)).toBe(true);
      expect((await register({ magic_token: inv, email: "lea@example.com", password: "lea-pass", name: "Lea" })).statusCode).toBe(200);
      const { new_magic_token } = (await sendReg({ magic_token: inv, email: "max@example.com", password: "max-pass" })).json();
      // Asking for the registration token does not spend a use; registering does.
      expect((await register({ magic_token: new_magic_token, name: "Max" })).statusCode).toBe(200);
      expect(await checkToken(inv)).toBe(false);
      expect((await register({ magic_token: inv, email: "ned@example.com", password: "ned-pass", name: "Ned" })).statusCode).toBe(412);
    });

    it("a registration token whose invitation ran out meanwhile is refused (412) and kept", async () => {
      const inv = await invite("?max_times=1");
      const { new_magic_token } = (await sendReg({ magic_token: inv, email: "oz@example.com", password: "oz-pass" })).json();
      expect((await register({ magic_token: inv, email: "pat@example.com", password: "pat-pass", name: "Pat" })).statusCode).toBe(200);
      expect((await register({ magic_token: new_magic_token, name: "Oz" })).statusCode).toBe(412);
      expect(await checkToken(new_magic_token)).toBe(true);
    });

    it("an invitation into a private channel adds the new member, with the membership events", async () => {
      const { s, seed: admin } = suite;
      await s.listen();
      const bob = await register({ email: "bob@example.com", password: "bob-pass", name: "Bob", magic_token: await invite() });
      const bobSession: Session = { uid: bob.json().user.uid, token: bob.json().token, refresh_token: bob.json().refresh_token, device: "unknown", login: bob.json(), headers: { "x-api-key": bob.json().token } };
      const gid = await buildChannel(s, admin, { name: "secret", is_public: false, members: [bobSession.uid] });
      const stream = await openEvents(s.url, { "api-key": bobSession.token });
      await stream.waitFor((e) => e.type === "ready");

      const { new_magic_token } = (await sendReg({ magic_token: await invite(`?gid=${gid}`), email: "quinn@example.com", password: "quinn-pass" })).json();
      const row = await s.ctx.db.selectFrom("magic_tokens").selectAll().where("email", "=", "quinn@example.com").executeTakeFirstOrThrow();
      expect(row.gid).toBe(gid);
      const res = await register({ magic_token: new_magic_token, name: "Quinn" });
      expect(res.statusCode).toBe(200);
      const quinn = res.json().user.uid;
      expect(await stream.waitFor((e) => e.type === "user_joined_group")).toEqual({ type: "user_joined_group", gid, uid: [quinn] });
      const group = await call(s, "GET", `/group/${gid}`, null, undefined, { "x-api-key": res.json().token });
      expect(group.statusCode).toBe(200);
      expect(group.json().members).toContain(quinn);
      stream.close();
    });
  });

  describe("GET /user/check_email and POST /user/check_magic_token", () => {
    it("check_email: true when free (any case), 400 malformed, the same for every caller", async () => {
      const { s, seed: admin } = suite;
      expect(jsonOk(await call(s, "GET", "/user/check_email?email=free@example.com"))).toBe(true);
      expect((await call(s, "GET", "/user/check_email?email=ADMIN@example.com")).json()).toBe(false);
      expect((await call(s, "GET", "/user/check_email?email=ADMIN@example.com", admin)).json()).toBe(false);
      for (const q of ["", "?email=", "?email=nope"]) expect((await call(s, "GET", `/user/check_email${q}`)).statusCode, q).toBe(400);
    });

    it("check_magic_token: sign-up and private invitations, registration and login tokens; never third-party keys", async () => {
      const { s, seed: admin } = suite;
      const gid = await buildChannel(s, admin, { name: "p", is_public: false });
      const priv = tokenOf((await call(s, "GET", `/group/create_invite_private_magic_link?gid=${gid}`, admin)).body);
      expect(await checkToken(priv)).toBe(true);
      expect(await checkToken(await invite())).toBe(true);
      expect(await checkToken("")).toBe(false);
      expect(await checkToken("x".repeat(43))).toBe(false);
      await setLoginConfig(s, admin, { third_party: true });
      const secret = (await call(s, "GET", "/admin/system/third_party_secret", admin)).body;
      const key = (await call(s, "POST", "/token/create_third_party_key", null, { userid: "u1", username: "ext" }, { "x-secret": secret })).json();
      expect(await checkToken(key)).toBe(false);
      for (const body of [{}, { magic_token: 5 }, []]) expect((await call(s, "POST", "/user/check_magic_token", null, body)).statusCode).toBe(400);
    });
  });

  describe("rate limits", () => {
    it("register and check_email answer 429 per client address and per e-mail", async () => {
      const s = await suite.restart({ rateLimits: { register: { perIp: 3, perEmail: 1 }, checkEmail: { perIp: 4, perEmail: 2 } } });
      expect((await register({ email: "r1@example.com", password: "long-enough" })).statusCode).toBe(200);
      expect((await register({ email: "r1@example.com", password: "long-enough" })).statusCode).toBe(429);
      // A refused attempt is not counted: two of this client's three are used.
      expect((await register({ email: "r2@example.com", password: "long-enough" })).statusCode).toBe(200);
      expect((await register({ email: "r3@example.com", password: "long-enough" })).statusCode).toBe(200);
      expect((await register({ email: "r4@example.com", password: "long-enough" })).statusCode).toBe(429);
      const elsewhere = await s.app.inject({ method: "POST", url: "/api/user/register", payload: { email: "r4@example.com", password: "long-enough" }, remoteAddress: "192.0.2.7" });
      expect(elsewhere.statusCode).toBe(200);

      const check = (email: string, remoteAddress = "127.0.0.1") =>
        s.app.inject({ method: "GET", url: `/api/user/check_email?email=${email}`, remoteAddress });
      expect((await check("c@example.com")).statusCode).toBe(200);
      expect((await check("c@example.com")).statusCode).toBe(200);
      expect((await check("c@example.com")).statusCode).toBe(429);
      expect((await check("d@example.com")).statusCode).toBe(200);
      expect((await check("e@example.com")).statusCode).toBe(200);
      const limited = await check("f@example.com");
      expect(limited.statusCode).toBe(429);
      expect(limited.body).toBe("Too many requests, please try again later.");
      expect((await check("f@example.com", "192.0.2.8")).statusCode).toBe(200);
    });
  });
});
