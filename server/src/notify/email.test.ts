import { DEFAULT_SYSTEM_COMMON } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { call, ok } from "../test/api.js";
import { buildAdmin, buildChannel, buildMessage, buildUser } from "../test/factories.js";
import { dialects, startTestServer, type DialectName, type Session, type TestServer } from "../test/harness.js";
import { enableSmtp, FRONTEND } from "../test/identity.js";
import { useSmtp } from "../test/smtp.js";
import { useSuite } from "../test/suite.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A mail's text part with the SMTP line ends made plain. */
const textOf = (m: { text: string }) => m.text.replace(/\r\n/g, "\n");

/**
 * The digest's delay in these tests (the admin's `msg_smtp_notify_delay_seconds`, written
 * directly: the route offers 5 min at least). 2 s: a test's sends must all land within it, and
 * on a loaded CI machine a PostgreSQL send has taken most of a second.
 */
const DELAY_S = 2;
/** How long a test waits for a digest that must come (a bound for failure, not a pause). */
const MAIL_WAIT_MS = 15_000;
const FAST = { notifyPollMs: 50, notifyPushDelayMs: 50 };

/**
 * Until a notification pass has started after now. A pass reads the settings once, at its
 * start: one that began before a test turned digests on expands the test's first message
 * without the e-mail path (the change applies from the next pass, as documented), and that
 * message is never mailed.
 */
async function nextNotifyPass(s: TestServer): Promise<void> {
  const job = s.ctx.jobs.notify;
  const from = job.passes;
  for (let i = 0; i < 500 && job.passes < from + 2; i++) await sleep(10);
}

/** SMTP on, digests on with a `DELAY_S` delay; `who` opt in through `PUT /user`. */
async function digestsOn(s: TestServer, admin: Session, smtp: Parameters<typeof enableSmtp>[2], who: Session[]): Promise<void> {
  await enableSmtp(s, admin, smtp);
  await s.ctx.repos.config.set("system_common", { ...DEFAULT_SYSTEM_COMMON, msg_smtp_notify_enable: true, msg_smtp_notify_delay_seconds: DELAY_S });
  for (const w of who) ok(await call(s, "PUT", "/user", w, { msg_smtp_notify_enable: true }), "opt in");
  await nextNotifyPass(s);
}

/**
 * Admin, Alice and a reader (Bob unless named), the reader opted in to the digest (as
 * `digestsOn`); with `channel`, a public channel of that name made by the admin first.
 */
async function digestCast(s: TestServer, smtp: Parameters<typeof enableSmtp>[2], { reader = "Bob", channel }: { reader?: string; channel?: string } = {}) {
  const admin = await buildAdmin(s);
  const alice = await buildUser(s, "Alice");
  const bob = await buildUser(s, reader);
  const gid = channel ? await buildChannel(s, admin, { name: channel, is_public: true }) : 0;
  await digestsOn(s, admin, smtp, [bob]);
  return { admin, alice, bob, gid };
}

/**
 * A server stopped and started again on the same data, as a deploy does: `body` gets the first
 * and starts the second with `restart`; both are closed after.
 */
async function acrossRestart(dialect: DialectName, body: (first: TestServer, restart: () => Promise<TestServer>) => Promise<void>): Promise<void> {
  const servers = [await startTestServer(dialect, FAST)];
  const first = servers[0];
  try {
    await body(first, async () => {
      const again = await startTestServer(dialect, { ...FAST, dataDir: first.ctx.config.dataDir, databaseSchema: first.ctx.config.databaseSchema });
      servers.push(again);
      return again;
    });
  } finally {
    for (const s of servers.reverse()) await s.close();
  }
}

/** The rows of the queue for one path, for what was decided. */
const queueOf = (s: TestServer, path = "email") => s.ctx.db.selectFrom("notify_queue").selectAll().where("path", "=", path).orderBy("id").execute();

describe.each(dialects())("e-mail digest (%s)", (dialect) => {
  const suite = useSuite(dialect, { config: FAST });
  const mail = useSmtp();

  it("unread messages produce ONE digest after the delay: every conversation, its latest messages, links; nothing more after", async () => {
    const { s } = suite;
    const { admin, alice, bob, gid } = await digestCast(s, mail.smtp, { channel: "general" });

    const started = Date.now();
    await buildMessage(s, alice, { uid: bob.uid }, "are you there?");
    await buildMessage(s, alice, { uid: bob.uid }, "<b>hello</b> & welcome");
    await buildMessage(s, admin, { gid }, "release at noon");
    await sleep(500);
    expect(mail.smtp.mails).toHaveLength(0);

    const digest = await mail.smtp.waitFor(() => true, MAIL_WAIT_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_S * 1000 - 50);
    expect(digest.to).toEqual(["bob@example.com"]);
    expect(digest.subject).toBe("3 unread messages on Parley");
    expect(textOf(digest)).toContain("Alice\n  Alice: are you there?\n  Alice: <b>hello</b> & welcome");
    expect(textOf(digest)).toContain("#general\n  Admin: release at noon");
    expect(digest.links).toEqual([`${FRONTEND}/#/chat/channel/${gid}`, `${FRONTEND}/#/chat/dm/${alice.uid}`]);
    // The HTML escapes what people wrote.
    expect(digest.html).toContain("Alice: &lt;b&gt;hello&lt;/b&gt; &amp; welcome");
    expect(digest.html).not.toContain("<b>hello</b>");
    // Admin and Alice did not opt in; Bob's digest covered all three: nothing more comes.
    await sleep(DELAY_S * 1000 + 300);
    expect(mail.smtp.mails).toHaveLength(1);
    expect((await queueOf(s)).map((r) => [r.uid, r.outcome])).toEqual([
      [bob.uid, "sent"],
      [bob.uid, "sent"],
      [bob.uid, "sent"],
    ]);
  });

  it("in the user's language", async () => {
    const { s } = suite;
    const { alice, bob } = await digestCast(s, mail.smtp);
    await s.ctx.db.updateTable("users").set({ language: "de" }).where("uid", "=", bob.uid).execute();
    await buildMessage(s, alice, { uid: bob.uid }, "hallo");
    const digest = await mail.smtp.waitFor(() => true, MAIL_WAIT_MS);
    expect(digest.subject).toBe("1 ungelesene Nachricht auf Parley");
    expect(textOf(digest)).toContain("Du hast ungelesene Nachrichten");
  });

  it("a message read before the delay is not mailed; a muted channel, the sender, a bot and a guest get nothing", async () => {
    const { s } = suite;
    const admin = await buildAdmin(s);
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const carol = await buildUser(s, "Carol");
    const gid = await buildChannel(s, admin, { name: "noisy", is_public: true });
    await digestsOn(s, admin, mail.smtp, [alice, bob, carol]);
    // Bots and guests are never notified, even with an address and the switch on.
    const bot = await buildUser(s, "Robot", "bot");
    const guest = await buildUser(s, "Visitor", "guest");
    await s.ctx.db.updateTable("users").set({ msg_smtp_notify_enable: 1 }).where("uid", "=", bot.uid).execute();
    await s.ctx.db.updateTable("users").set({ msg_smtp_notify_enable: 1, email: "visitor@example.com" }).where("uid", "=", guest.uid).execute();
    // Carol muted the channel (for an hour).
    ok(await call(s, "POST", "/user/mute", carol, { add_groups: [{ gid, expired_in: 3600 }] }), "mute");

    const dm = await buildMessage(s, alice, { uid: bob.uid }, "read me now");
    ok(await call(s, "POST", "/user/read-index", bob, { users: [{ uid: alice.uid, mid: dm }], groups: [] }), "read");
    // Bob reads the channel too; Alice sent it (never told of her own message).
    const inChannel = await buildMessage(s, alice, { gid }, "muted for Carol");
    ok(await call(s, "POST", "/user/read-index", bob, { users: [], groups: [{ gid, mid: inChannel }] }), "read channel");

    await sleep(DELAY_S * 1000 + 800);
    expect(mail.smtp.mails).toHaveLength(0);
    const rows = await queueOf(s);
    // Only Bob was queued (Carol muted, Alice sent, the bot and the guest never); he had read both.
    expect(rows.map((r) => [r.uid, r.mid, r.outcome])).toEqual([
      [bob.uid, dm, "read"],
      [bob.uid, inChannel, "read"],
    ]);
  });

  it("a mention reaches a user who muted the channel", async () => {
    const { s } = suite;
    const { alice, bob: carol, gid } = await digestCast(s, mail.smtp, { reader: "Carol", channel: "noisy" });
    ok(await call(s, "POST", "/user/mute", carol, { add_groups: [{ gid, expired_in: null }] }), "mute");
    await buildMessage(s, alice, { gid }, "nobody cares");
    await buildMessage(s, alice, { gid }, "@Carol look", { mentions: [carol.uid] });
    const digest = await mail.smtp.waitFor(() => true, MAIL_WAIT_MS);
    expect(textOf(digest)).toContain("Alice: @Carol look");
    expect(textOf(digest)).not.toContain("nobody cares");
  });

  it("a restart during the delay still sends the digest, exactly once", async () => {
    await acrossRestart(dialect, async (first, restart) => {
      const { alice, bob } = await digestCast(first, mail.smtp);
      await buildMessage(first, alice, { uid: bob.uid }, "before the restart");
      // Expanded (queued for Bob) before the server stops, well inside the delay.
      for (let i = 0; i < 100 && (await queueOf(first)).length === 0; i++) await sleep(20);
      expect(await queueOf(first)).toMatchObject([{ uid: bob.uid, outcome: null, attempts: 0 }]);
      await first.app.close();
      expect(mail.smtp.mails).toHaveLength(0);

      const again = await restart();
      const digest = await mail.smtp.waitFor(() => true, MAIL_WAIT_MS);
      expect(textOf(digest)).toContain("Alice: before the restart");
      await sleep(DELAY_S * 1000);
      expect(mail.smtp.mails).toHaveLength(1);
      expect(await queueOf(again)).toMatchObject([{ uid: bob.uid, outcome: "sent", attempts: 1 }]);
    });
  });

  it("a message committed while no worker ran is expanded and mailed after the restart", async () => {
    await acrossRestart(dialect, async (first, restart) => {
      const { alice, bob } = await digestCast(first, mail.smtp);
      await first.ctx.jobs.notify.stop();
      await buildMessage(first, alice, { uid: bob.uid }, "in the outbox");
      expect(await first.ctx.db.selectFrom("notify_outbox").select("mid").execute()).toHaveLength(1);
      await first.app.close();

      const again = await restart();
      const digest = await mail.smtp.waitFor(() => true, MAIL_WAIT_MS);
      expect(textOf(digest)).toContain("Alice: in the outbox");
      expect(await again.ctx.db.selectFrom("notify_outbox").select("mid").execute()).toHaveLength(0);
    });
  });
});
