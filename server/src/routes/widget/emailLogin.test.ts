/**
 * Signing in to the widget by e-mail over real SMTP (docs/API.md "Widget"): the widget polls
 * with its poll token until the mailed link is opened; the visitor who asked keeps its
 * conversation under the new address, another browser signs into it; a member's address signs
 * the member in (held to the host); the host's own address, a used link and magic links turned
 * off are refused.
 */
import { describe, expect, it } from "vitest";
import type { LoginResponse } from "@parley/protocol";
import { call } from "../../test/api.js";
import { buildCast, buildMessage } from "../../test/factories.js";
import { dialects } from "../../test/harness.js";
import { enableSmtp, FRONTEND, linkOf, setLoginConfig } from "../../test/identity.js";
import { useSmtp } from "../../test/smtp.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("widget e-mail sign-in (%s)", (dialect) => {
  const mailer = useSmtp();
  const suite = useSuite(dialect, { seed: buildCast });

  const visitor = async () => (await call(suite.s, "POST", "/widget/visitor", null, { host_id: suite.seed.admin.uid })).json() as LoginResponse;
  const start = (email: string, token?: string) =>
    call(suite.s, "POST", "/widget/email_login", null, { host_id: suite.seed.admin.uid, email }, token ? { "x-api-key": token } : {});
  const poll = (poll_token: string) => call(suite.s, "POST", "/widget/email_login/poll", null, { poll_token });
  const open = (link: string) => suite.s.app.inject({ method: "GET", url: link.replace(FRONTEND, ""), headers: { "accept-language": "fr-FR,fr;q=0.9" } });

  /** The link of the `n`th mail of the test (from 0). */
  async function mailedLink(n = 0): Promise<string> {
    const link = linkOf(await mailer.smtp.waitFor(undefined, 5_000, n));
    expect(link).toMatch(new RegExp(`^${FRONTEND}/api/widget/email_login/confirm\\?token=[A-Za-z0-9_-]{43}$`));
    return link;
  }

  it("a visitor gives its address; opening the link signs the waiting widget in, and another browser into the same conversation", async () => {
    const { s, seed: { admin } } = suite;
    await enableSmtp(s, admin, mailer.smtp);
    const v = await visitor();
    await buildMessage(s, admin, { uid: v.user.uid }, "hello visitor");
    const started = await start("Vera@Example.com", v.token);
    expect(started.statusCode, started.body).toBe(200);
    const { poll_token } = started.json() as { poll_token: string };
    const link = await mailedLink();
    expect((await poll(poll_token)).statusCode).toBe(204);

    const page = await open(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("Vous êtes connecté");
    const session = await poll(poll_token);
    expect(session.statusCode).toBe(200);
    const login = session.json() as LoginResponse;
    expect(login.user).toMatchObject({ uid: v.user.uid, email: "vera@example.com", create_by: "widget" });
    expect((await poll(poll_token)).statusCode).toBe(204);
    expect((await open(link)).statusCode).toBe(410);

    // Another browser (no session) signs into the same visitor and reads its conversation.
    const again = (await start("vera@example.com")).json() as { poll_token: string };
    expect((await open(await mailedLink(1))).statusCode).toBe(200);
    const second = (await poll(again.poll_token)).json() as LoginResponse;
    expect(second.user.uid).toBe(v.user.uid);
    const history = (await call(s, "GET", "/widget/messages", null, undefined, { "x-api-key": second.token })).json() as { mid: number }[];
    expect(history).toHaveLength(1);
  });

  it("a new address without a visitor gets a new visitor with it", async () => {
    const { s, seed: { admin } } = suite;
    await enableSmtp(s, admin, mailer.smtp);
    const { poll_token } = (await start("new@example.com")).json() as { poll_token: string };
    await open(await mailedLink());
    const login = (await poll(poll_token)).json() as LoginResponse;
    expect(login.user).toMatchObject({ email: "new@example.com", create_by: "widget", widget_id: String(admin.uid) });
  });

  it("a member's address signs the member in, held to the host; the host's own address is refused", async () => {
    const { s, seed: { admin, bob, carol } } = suite;
    await enableSmtp(s, admin, mailer.smtp);
    const member = (await start("bob@example.com")).json() as { poll_token: string };
    expect((await open(await mailedLink())).statusCode).toBe(200);
    const got = await poll(member.poll_token);
    expect(got.statusCode, got.body).toBe(200);
    const session = got.json() as LoginResponse;
    expect(session.user.uid).toBe(bob.uid);
    const send = (to: number) => call(s, "POST", `/user/${to}/send`, null, "from the widget", { "content-type": "text/plain", "x-api-key": session.token });
    expect((await send(admin.uid)).statusCode).toBe(200);
    expect((await send(carol.uid)).statusCode).toBe(403);
    const own = (await start("admin@example.com")).json() as { poll_token: string };
    const page = await open(await mailedLink(1));
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain("cannot chat here");
    expect((await poll(own.poll_token)).statusCode).toBe(204);
  });

  it("refuses magic links off, no SMTP, a bad body and an unknown host", async () => {
    const { s, seed: { admin } } = suite;
    expect((await start("x@example.com")).statusCode).toBe(503);
    await enableSmtp(s, admin, mailer.smtp);
    expect((await call(s, "POST", "/widget/email_login", null, { host_id: admin.uid, email: "not an address" })).statusCode).toBe(400);
    expect((await call(s, "POST", "/widget/email_login", null, { host_id: 999, email: "a@example.com" })).statusCode).toBe(404);
    expect((await call(s, "GET", "/widget/email_login/confirm?token=nope")).statusCode).toBe(410);
    await setLoginConfig(s, admin, { magic_link: false });
    expect((await start("a@example.com")).statusCode).toBe(403);
  });
});
