import { describe, expect, it, vi } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { startSmtp, useSmtp } from "../../test/smtp.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildMember } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { enableSmtp, FRONTEND, linkOf, magicLogin, setLoginConfig, tokenOf } from "../../test/identity.js";

/**
 * Login links over real SMTP (docs/API.md "Identity": valid 15 minutes): the mail
 * arrives with a working link, the link signs in once, expired links fail, new addresses get
 * the invitation mail and sign up by choosing a name.
 */
describe.each(dialects())("magic-link login over SMTP (%s)", (dialect) => {
  const mailer = useSmtp();
  const suite = useSuite(dialect, { seed: buildAdmin });

  const sendLink = (email: string, who: Session | null = null, headers: Record<string, string> = {}) =>
    call(suite.s, "POST", `/user/send_login_magic_link?email=${encodeURIComponent(email)}`, who, undefined, headers);

  it("mails a working single-use link to an existing account; a second use fails", async () => {
    const { s, seed: admin } = suite;
    const bob = await buildMember(s, admin, "Bob");
    await enableSmtp(s, admin, mailer.smtp);
    const res = await sendLink("BOB@example.com");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toBe("Magic token has been sent to the email.");

    const mail = await mailer.smtp.waitFor();
    expect(mail.to).toEqual(["bob@example.com"]);
    expect(mail.from).toBe("noreply@chat.example.com");
    expect(mail.subject).toBe("Sign in to Parley");
    const link = linkOf(mail);
    expect(link).toMatch(new RegExp(`^${FRONTEND}/\\?magic_token=[A-Za-z0-9_-]{43}&exists=true#/login$`));
    expect(mail.text).toContain("15 minutes");
    expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);

    const token = tokenOf(link);
    // Only the digest is stored.
    const rows = await s.ctx.db.selectFrom("magic_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0]).toMatchObject({ kind: "login", uid: bob.uid, email: "bob@example.com" });

    expect((await call(s, "POST", "/user/check_magic_token", null, { magic_token: token })).json()).toBe(true);
    const login = await magicLogin(s, token);
    expect(login.statusCode).toBe(200);
    assertMatches("LoginResponse", login.json());
    expect(login.json().user).toMatchObject({ uid: bob.uid, create_by: "password" });
    expect((await call(s, "GET", "/user/me", null, undefined, { "x-api-key": login.json().token })).statusCode).toBe(200);

    const again = await magicLogin(s, token);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe("Magic link invalid or expired, Please request a new magic link.");
    expect((await call(s, "POST", "/user/check_magic_token", null, { magic_token: token })).json()).toBe(false);
  });

  it("an expired link fails (and so does a forged one)", async () => {
    const { s, seed: admin } = suite;
    await buildMember(s, admin, "Bob");
    await enableSmtp(s, admin, mailer.smtp);
    await sendLink("bob@example.com");
    const token = tokenOf(linkOf(await mailer.smtp.waitFor()));
    await s.ctx.db.updateTable("magic_tokens").set({ expires_at: Date.now() - 1 }).execute();
    expect((await call(s, "POST", "/user/check_magic_token", null, { magic_token: token })).json()).toBe(false);
    expect((await magicLogin(s, token)).statusCode).toBe(400);
    expect((await magicLogin(s, "A".repeat(43))).statusCode).toBe(400);
  });

  it("links expire after the configured lifetime", async () => {
    const s = await suite.restart({ magicLinkTtlS: 1 });
    const admin = suite.seed;
    await buildMember(s, admin, "Bob");
    await enableSmtp(s, admin, mailer.smtp);
    await sendLink("bob@example.com");
    const mail = await mailer.smtp.waitFor();
    // 1.1 s later on the server's clock (Date only: timers and I/O run as ever), without waiting them out.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_100 });
    try {
      expect((await magicLogin(s, tokenOf(linkOf(mail)))).statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a new address gets the invitation mail; the link asks for a name and creates the account", async () => {
    const { s, seed: admin } = suite;
    await enableSmtp(s, admin, mailer.smtp);
    expect((await sendLink("newbie@example.com")).statusCode).toBe(200);
    const mail = await mailer.smtp.waitFor();
    expect(mail.subject).toBe("You are invited to join Parley");
    const link = linkOf(mail);
    expect(link).toContain("&exists=false#/login");
    const token = tokenOf(link);

    // Without a name the link stays usable.
    expect((await magicLogin(s, token)).statusCode).toBe(401);
    const res = await magicLogin(s, token, "Newbie");
    expect(res.statusCode).toBe(200);
    assertMatches("LoginResponse", res.json());
    expect(res.json().user).toMatchObject({ name: "Newbie", email: "newbie@example.com", create_by: "magiclink", is_admin: false });
    expect((await magicLogin(s, token, "Newbie")).statusCode).toBe(400);
  });

  it("409 {reason} for a taken name keeps the link; a link of an address registered meanwhile signs into it", async () => {
    const { s, seed: admin } = suite;
    await enableSmtp(s, admin, mailer.smtp);
    await sendLink("newbie@example.com");
    const token = tokenOf(linkOf(await mailer.smtp.waitFor()));
    const taken = await magicLogin(s, token, "Admin");
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ reason: "name_conflict" });
    const created = await call(s, "POST", "/admin/user", admin, { email: "newbie@example.com", password: "member-pass", name: "Bob", gender: 0, is_admin: false });
    const res = await magicLogin(s, token, "Ignored");
    expect(res.statusCode).toBe(200);
    expect(res.json().user.uid).toBe(created.json().uid);
  });

  it("mails in the account's language, or the request's for a new address (zh-CN, fr), English for a language without texts", async () => {
    const { s, seed: admin } = suite;
    await buildMember(s, admin, "Bob", { language: "zh-CN" });
    await enableSmtp(s, admin, mailer.smtp);
    await sendLink("bob@example.com");
    const zh = await mailer.smtp.waitFor();
    expect(zh.subject).toBe("登录 Parley");
    expect(zh.text).toContain("链接只能使用一次");
    expect(zh.html).toContain('lang="zh-CN"');
    await sendLink("li@example.com", null, { "accept-language": "zh-CN,zh;q=0.9,en;q=0.5" });
    expect((await mailer.smtp.waitFor((m) => m.to[0] === "li@example.com")).subject).toBe("邀请你加入 Parley");
    await sendLink("sam@example.com", null, { "accept-language": "fr-FR" });
    expect((await mailer.smtp.waitFor((m) => m.to[0] === "sam@example.com")).subject).toBe("Vous êtes invité à rejoindre Parley");
    await sendLink("kim@example.com", null, { "accept-language": "ko-KR" });
    expect((await mailer.smtp.waitFor((m) => m.to[0] === "kim@example.com")).subject).toBe("You are invited to join Parley");
  });

  it("authenticates to the SMTP server with the stored credentials", async () => {
    const { s, seed: admin } = suite;
    const secured = await startSmtp({ auth: { user: "mailer", pass: "s3cret" } });
    try {
      await buildMember(s, admin, "Bob");
      await enableSmtp(s, admin, secured, { username: "mailer", password: "s3cret" });
      expect((await sendLink("bob@example.com")).statusCode).toBe(200);
      expect((await secured.waitFor()).user).toBe("mailer");
      // A wrong password: the send fails with a 503, nothing leaks.
      await call(s, "POST", "/admin/smtp/config", admin, { enabled: true, host: "127.0.0.1", port: secured.port, from: "x@chat.example.com", username: "mailer", password: "wrong" });
      const tokens = () => s.ctx.db.selectFrom("magic_tokens").select("token_hash").execute();
      const before = await tokens();
      const failed = await sendLink("bob@example.com");
      expect(failed.statusCode).toBe(503);
      expect(failed.body).toBe("Failed to send mail");
      // The refusal leaves no live login token behind that nobody received.
      expect(await tokens()).toEqual(before);
    } finally {
      await secured.close();
    }
  });

  it("invitation-only: an anonymous request mails nothing to a new address; an inviting member's does, and the link signs up", async () => {
    const { s, seed: admin } = suite;
    const bob = await buildMember(s, admin, "Bob");
    await enableSmtp(s, admin, mailer.smtp);
    await setLoginConfig(s, admin, { who_can_sign_up: "InvitationOnly" });
    expect((await sendLink("stranger@example.com")).body).toBe("Magic token has been sent to the email.");
    // Existing accounts still get their login link.
    expect((await sendLink("bob@example.com")).statusCode).toBe(200);
    await mailer.smtp.waitFor((m) => m.to[0] === "bob@example.com");
    expect(mailer.smtp.mails.map((m) => m.to[0])).toEqual(["bob@example.com"]);

    expect((await sendLink("friend@example.com", bob)).statusCode).toBe(200);
    const invite = await mailer.smtp.waitFor((m) => m.to[0] === "friend@example.com");
    expect(invite.subject).toBe("You are invited to join Parley");
    const res = await magicLogin(s, tokenOf(linkOf(invite)), "Friend");
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: "Friend", create_by: "magiclink" });
  });

  it("invitation-only: a login link of a new address minted while the server was open cannot sign up (410)", async () => {
    const { s, seed: admin } = suite;
    await enableSmtp(s, admin, mailer.smtp);
    await sendLink("late@example.com");
    const token = tokenOf(linkOf(await mailer.smtp.waitFor()));
    await setLoginConfig(s, admin, { who_can_sign_up: "InvitationOnly" });
    expect((await magicLogin(s, token, "Late")).statusCode).toBe(410);
    // A member who may not invite (admin_only_can_invite) does not make it an invitation.
    await call(s, "PUT", "/admin/system/common", admin, { ext_setting: JSON.stringify({ admin_only_can_invite: true }) });
    const bob = await buildMember(s, admin, "Bob");
    await sendLink("other@example.com", bob);
    await sendLink("bob@example.com");
    await mailer.smtp.waitFor((m) => m.to[0] === "bob@example.com");
    expect(mailer.smtp.mails.some((m) => m.to[0] === "other@example.com")).toBe(false);
  });

  it("406 when magic-link login is off (and 403 at login); 503 while SMTP is off; 400 bad e-mail", async () => {
    const { s, seed: admin } = suite;
    await buildMember(s, admin, "Bob");
    expect((await sendLink("bob@example.com")).statusCode).toBe(503);
    await enableSmtp(s, admin, mailer.smtp);
    await sendLink("bob@example.com");
    const token = tokenOf(linkOf(await mailer.smtp.waitFor()));
    await setLoginConfig(s, admin, { magic_link: false });
    expect((await sendLink("bob@example.com")).statusCode).toBe(406);
    expect((await magicLogin(s, token)).statusCode).toBe(403);
    await setLoginConfig(s, admin, { magic_link: true });
    expect((await magicLogin(s, token)).statusCode).toBe(200);
    for (const q of ["", "?email=", "?email=not-an-email"]) {
      expect((await call(s, "POST", `/user/send_login_magic_link${q}`)).statusCode, q).toBe(400);
    }
  });

  it("423 for a frozen account (the link is kept); bots and guests get no link", async () => {
    const { s, seed: admin } = suite;
    const bob = await buildMember(s, admin, "Bob");
    await enableSmtp(s, admin, mailer.smtp);
    await sendLink("bob@example.com");
    const token = tokenOf(linkOf(await mailer.smtp.waitFor()));
    await call(s, "PUT", `/admin/user/${bob.uid}`, admin, { status: "frozen" });
    expect((await magicLogin(s, token)).statusCode).toBe(423);
    await call(s, "PUT", `/admin/user/${bob.uid}`, admin, { status: "normal" });
    expect((await magicLogin(s, token)).statusCode).toBe(200);

    await call(s, "POST", "/admin/user", admin, { email: "bot_1@bots.example", password: "", name: "Bot", gender: 0, is_admin: false, is_bot: true });
    await sendLink("bot_1@bots.example");
    await sendLink("admin@example.com");
    await mailer.smtp.waitFor((m) => m.to[0] === "admin@example.com");
    expect(mailer.smtp.mails.some((m) => m.to[0] === "bot_1@bots.example")).toBe(false);
  });

  it("rate-limits sends per address and per client (429 with Retry-After)", async () => {
    const s = await suite.restart({ rateLimits: { magicLink: { perEmail: 2, perIp: 3 } } });
    const admin = suite.seed;
    await enableSmtp(s, admin, mailer.smtp);
    expect((await sendLink("a@example.com")).statusCode).toBe(200);
    expect((await sendLink("A@example.com")).statusCode).toBe(200);
    const limited = await sendLink("a@example.com");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await sendLink("b@example.com")).statusCode).toBe(200);
    // Three attempts from this address are used up; another client may still send.
    expect((await sendLink("c@example.com")).statusCode).toBe(429);
    const other = await s.app.inject({ method: "POST", url: "/api/user/send_login_magic_link?email=c@example.com", remoteAddress: "10.0.0.9" });
    expect(other.statusCode).toBe(200);
    await mailer.smtp.waitFor((m) => m.to[0] === "c@example.com");
    expect(mailer.smtp.mails).toHaveLength(4);
  });
});
