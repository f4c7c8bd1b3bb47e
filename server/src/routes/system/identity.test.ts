import { describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { useSmtp } from "../../test/smtp.js";
import { dialects } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast } from "../../test/factories.js";
import { call, jsonOk } from "../../test/api.js";
import { enableSmtp, FRONTEND } from "../../test/identity.js";
import { expectMatrix } from "../../test/matrix.js";

/** SMTP, the test mail, the third-party secret and the frontend URL (docs/API.md "Identity"). */
describe.each(dialects())("identity settings (%s)", (dialect) => {
  const mailer = useSmtp();
  const suite = useSuite(dialect, { seed: buildCast });

  const smtpBody = (extra: object = {}) => ({ enabled: true, host: "127.0.0.1", port: mailer.smtp.port, from: "noreply@chat.example.com", username: "mailer", password: "s3cret", ...extra });
  const text = { "content-type": "text/plain" };

  describe("SMTP config", () => {
    it("defaults to off; the stored password never comes back in clear, and posting the mask keeps it", async () => {
      const { s, seed: cast } = suite;
      expect(jsonOk(await call(s, "GET", "/admin/smtp/enabled"))).toBe(false);
      const initial = await call(s, "GET", "/admin/smtp/config", cast.admin);
      assertMatches("SmtpConfigObject", initial.json());
      expect(initial.json()).toEqual({ enabled: false, host: "", port: 465, from: "", username: "", password: "" });

      const body = smtpBody();
      assertMatches("SmtpConfigObject", body);
      const set = await call(s, "POST", "/admin/smtp/config", cast.admin, body);
      expect(set.statusCode).toBe(200);
      expect(set.body).toBe("");
      expect((await call(s, "GET", "/admin/smtp/enabled")).json()).toBe(true);
      const read = (await call(s, "GET", "/admin/smtp/config", cast.admin)).json();
      assertMatches("SmtpConfigObject", read);
      expect(read).toEqual({ ...body, password: "********" });
      const stored = async () => JSON.parse((await s.ctx.db.selectFrom("config").select("value").where("key", "=", "smtp").executeTakeFirstOrThrow()).value) as { password: string; port: number };

      // The admin page posts back what it read: the mask keeps the stored password.
      await call(s, "POST", "/admin/smtp/config", cast.admin, { ...read, host: "localhost" });
      expect((await stored()).password).toBe("s3cret");
      await call(s, "POST", "/admin/smtp/config", cast.admin, { ...read, password: "changed" });
      expect((await stored()).password).toBe("changed");
      await call(s, "POST", "/admin/smtp/config", cast.admin, { ...read, password: "", port: undefined });
      expect(await stored()).toMatchObject({ password: "", port: 465 });
      expect((await call(s, "GET", "/admin/smtp/config", cast.admin)).json().password).toBe("");
      await call(s, "POST", "/admin/smtp/config", cast.admin, { ...read, enabled: false });
      expect((await call(s, "GET", "/admin/smtp/enabled")).json()).toBe(false);
    });

    it("400 for malformed bodies, or enabling without a host or sender", async () => {
      const { s, seed: cast } = suite;
      for (const payload of [{}, smtpBody({ port: 0 }), smtpBody({ port: 70_000 }), smtpBody({ host: "" }), smtpBody({ from: "" }), smtpBody({ enabled: "yes" }), { ...smtpBody(), password: undefined }]) {
        expect((await call(s, "POST", "/admin/smtp/config", cast.admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await call(s, "POST", "/admin/smtp/config", cast.admin, smtpBody({ enabled: false, host: "", from: "" }))).statusCode).toBe(200);
    });

    it("saving it enabled records the admin's origin as the frontend URL when none is configured", async () => {
      const { s, seed: cast } = suite;
      await call(s, "POST", "/admin/smtp/config", cast.admin, smtpBody(), { host: "chat.internal:8080" });
      expect(await s.ctx.repos.config.get("frontend_url")).toBe("http://chat.internal:8080");
      await call(s, "POST", "/admin/system/update_frontend_url", cast.admin, FRONTEND, text);
      await call(s, "POST", "/admin/smtp/config", cast.admin, smtpBody(), { host: "elsewhere.example" });
      expect(await s.ctx.repos.config.get("frontend_url")).toBe(FRONTEND);
    });

    it("authorization: `enabled` is public, the config is for admins", async () => {
      const { s, seed: cast } = suite;
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/smtp/enabled", who), { anonymous: 200, guest: 200, member: 200, bot: 200, admin: 200 });
      const admins = { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/smtp/config", who), admins);
      await expectMatrix(cast, (who) => call(s, "POST", "/admin/smtp/config", who, smtpBody()), admins);
    });
  });

  describe("POST /admin/system/send_mail", () => {
    const mail = { to: "someone@example.com", subject: "Test mail", content: "It works.\nSecond line." };

    it("503 while SMTP is off; sends the message when on", async () => {
      const { s, seed: cast } = suite;
      const off = await call(s, "POST", "/admin/system/send_mail", cast.admin, mail);
      expect(off.statusCode).toBe(503);
      assertMatches("SendMailRequest", mail);
      await enableSmtp(s, cast.admin, mailer.smtp);
      const res = await call(s, "POST", "/admin/system/send_mail", cast.admin, mail);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const got = await mailer.smtp.waitFor();
      expect(got).toMatchObject({ to: ["someone@example.com"], from: "noreply@chat.example.com", subject: "Test mail" });
      expect(got.text.replace(/\r\n/g, "\n").trim()).toBe("It works.\nSecond line.");
    });

    it("503 with the SMTP server's reason when sending fails; 400 for malformed bodies", async () => {
      const { s, seed: cast } = suite;
      await enableSmtp(s, cast.admin, mailer.smtp);
      await mailer.smtp.close();
      const failed = await call(s, "POST", "/admin/system/send_mail", cast.admin, mail);
      expect(failed.statusCode).toBe(503);
      expect(failed.body).toMatch(/^Failed to send mail: /);
      for (const payload of [{}, { ...mail, to: "nope" }, { ...mail, subject: "" }, { to: mail.to, subject: "x" }]) {
        expect((await call(s, "POST", "/admin/system/send_mail", cast.admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it("authorization matrix", async () => {
      const { s, seed: cast } = suite;
      await enableSmtp(s, cast.admin, mailer.smtp);
      await expectMatrix(cast, (who) => call(s, "POST", "/admin/system/send_mail", who, mail), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    });
  });

  describe("third-party secret", () => {
    it("GET answers it as text; POST regenerates and persists it", async () => {
      const { s, seed: cast } = suite;
      const res = await call(s, "GET", "/admin/system/third_party_secret", cast.admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toBe(s.ctx.keys.third_party_secret);
      const next = await call(s, "POST", "/admin/system/third_party_secret", cast.admin);
      expect(next.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(next.body).toMatch(/^[0-9a-f]{32}$/);
      expect(next.body).not.toBe(res.body);
      expect((await call(s, "GET", "/admin/system/third_party_secret", cast.admin)).body).toBe(next.body);
      const stored = await s.ctx.repos.config.get<{ third_party_secret: string; server_key: string }>("server_keys");
      expect(stored?.third_party_secret).toBe(next.body);
      // The signing key and server id are untouched.
      expect(stored?.server_key).toBe(s.ctx.keys.server_key);
    });

    it("authorization matrix", async () => {
      const { s, seed: cast } = suite;
      const admins = { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/system/third_party_secret", who), admins);
      await expectMatrix(cast, (who) => call(s, "POST", "/admin/system/third_party_secret", who), admins);
    });
  });

  describe("frontend URL", () => {
    it("GET answers the request's origin until one is configured; update trims the trailing slash; invite links use it", async () => {
      const { s, seed: cast } = suite;
      const before = await call(s, "GET", "/admin/system/frontend_url", cast.admin, undefined, { host: "chat.internal:8080" });
      expect(before.statusCode).toBe(200);
      expect(before.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(before.body).toBe("http://chat.internal:8080");
      const set = await call(s, "POST", "/admin/system/update_frontend_url", cast.admin, "https://chat.example.com:8443/", text);
      expect(set.statusCode).toBe(200);
      expect((await call(s, "GET", "/admin/system/frontend_url", cast.admin)).body).toBe("https://chat.example.com:8443");
      const invite = await call(s, "GET", "/group/create_reg_magic_link", cast.admin);
      expect(invite.body).toMatch(/^https:\/\/chat\.example\.com:8443\/\?magic_token=/);
      // A JSON string body is read the same way.
      await call(s, "POST", "/admin/system/update_frontend_url", cast.admin, JSON.stringify("http://10.0.0.2"), { "content-type": "application/json" });
      expect((await call(s, "GET", "/admin/system/frontend_url", cast.admin)).body).toBe("http://10.0.0.2");
    });

    it('400 "Bad url format!" for anything but scheme, host and port', async () => {
      const { s, seed: cast } = suite;
      for (const url of ["", "chat.example.com", "ftp://chat.example.com", "https://chat.example.com/path", "https://chat.example.com?x=1", "https://user@chat.example.com", "javascript:alert(1)", "https://"]) {
        const res = await call(s, "POST", "/admin/system/update_frontend_url", cast.admin, url, text);
        expect(res.statusCode, url).toBe(400);
        expect(res.body).toBe("Bad url format!");
      }
      expect((await call(s, "POST", "/admin/system/update_frontend_url", cast.admin, { url: FRONTEND })).statusCode).toBe(400);
      expect(await s.ctx.repos.config.get("frontend_url")).toBeNull();
    });

    it("authorization matrix", async () => {
      const { s, seed: cast } = suite;
      const admins = { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 };
      await expectMatrix(cast, (who) => call(s, "GET", "/admin/system/frontend_url", who), admins);
      await expectMatrix(cast, (who) => call(s, "POST", "/admin/system/update_frontend_url", who, FRONTEND, text), admins);
    });
  });
});
