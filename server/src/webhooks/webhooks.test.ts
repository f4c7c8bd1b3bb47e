import { afterEach, describe, expect, it } from "vitest";
import { call, messageApi, ok } from "../test/api.js";
import { dialects, startTestServer, type Session, type TestServer } from "../test/harness.js";
import { buildAdmin, buildBot, buildChannel, buildMessage, buildUser } from "../test/factories.js";
import { useSuite } from "../test/suite.js";
import { expectSigned, startWebhookReceiver, type WebhookReceiver } from "../test/webhookReceiver.js";
import { CLAIM_MS, claimDue, KEEP_FINISHED_MS, pruneFinished, type DeliveryView } from "./outbox.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects())("webhooks (%s)", (dialect) => {
  // Loopback receivers need the private-address switch; the worker's poll is long, so a
  // delivery that arrives at once shows the commit woke it.
  const suite = useSuite(dialect, { config: { previewAllowPrivate: true, webhookPollMs: 60_000 } });
  const receivers: WebhookReceiver[] = [];
  const receiver = async (statuses?: number[]) => {
    const r = await startWebhookReceiver(statuses);
    receivers.push(r);
    return r;
  };
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  /** A bot made by the admin through the API: its webhook is probed, the directory changes. */
  const createBot = async (s: TestServer, admin: Session, name: string, url: string): Promise<number> => {
    const res = ok(await call(s, "POST", "/admin/user", admin, { email: `${name}@bots.example`, password: "", name, gender: 0, is_admin: false, is_bot: true, webhook_url: url }), "create bot");
    return (res.json() as { uid: number }).uid;
  };
  const deliveries = async (s: TestServer, admin: Session, bot: number) =>
    ok(await call(s, "GET", `/admin/user/bot-webhook-deliveries/${bot}`, admin), "deliveries").json() as DeliveryView[];
  /** The newest delivery once its attempt is recorded: the receiver has the POST a moment before the worker commits its answer. */
  const settled = async (s: TestServer, admin: Session, bot: number): Promise<DeliveryView> => {
    for (let i = 0; ; i++) {
      const [view] = await deliveries(s, admin, bot);
      if (view?.status !== "pending" || view.attempts > 0 || i >= 150) return view;
      await sleep(20);
    }
  };
  const secretOf = async (s: TestServer, admin: Session, bot: number) =>
    (ok(await call(s, "GET", `/admin/user/bot-webhook-secret/${bot}`, admin), "secret").json() as { secret: string }).secret;

  it("a DM to the bot reaches it once, at once, signed; reactions to it follow; the bot's own message does not", async () => {
    const { s } = suite;
    const admin = await buildAdmin(s);
    const hook = await receiver();
    const bot = await createBot(s, admin, "Echo", hook.url);
    const alice = await buildUser(s, "Alice");
    const mid = await buildMessage(s, alice, { uid: bot }, "hello bot");
    // Well before the 60 s poll: the commit woke the worker.
    const [post] = await hook.waitFor(1, 3_000);
    expect(JSON.parse(post.body)).toEqual({
      mid,
      from_uid: alice.uid,
      created_at: expect.any(Number),
      target: { uid: bot },
      detail: { type: "normal", content_type: "text/plain", content: "hello bot", properties: null, expires_in: null },
    });
    expectSigned(post, await secretOf(s, admin, bot));
    const view = await settled(s, admin, bot);
    expect(view).toMatchObject({ mid, status: "delivered", attempts: 1, last_status: 200, next_attempt_at: null, last_error: null });
    expect(post.headers["x-parley-delivery"]).toBe(String(view.id));

    // A like (reaction) reaches it too, as newer VoceChat servers send them.
    ok(await messageApi(s).like(alice, mid, "👍"), "like");
    const [, like] = await hook.waitFor(2, 3_000);
    expect(JSON.parse(like.body)).toMatchObject({ from_uid: alice.uid, detail: { type: "reaction", mid, detail: { type: "like", action: "👍" } } });

    // A message from a bot goes to the other webhook bots in a public channel, never back to itself.
    const other = await receiver();
    const sender = await buildBot(s, "Speaker", { webhook_url: other.url });
    s.ctx.webhooks.bots.invalidate(); // inserted directly: no users_log told the cache
    const gid = await buildChannel(s, admin, { name: "lobby", is_public: true });
    await buildMessage(s, sender, { gid }, "to everyone");
    const [, , inChannel] = await hook.waitFor(3, 3_000);
    expect(JSON.parse(inChannel.body)).toMatchObject({ from_uid: sender.uid, target: { gid }, detail: { content: "to everyone" } });
    await sleep(300);
    expect(hook.posts).toHaveLength(3);
    expect(other.posts).toHaveLength(0);
  });

  it("a private channel reaches its bot members only; a deleted bot's deliveries and secret go with it", async () => {
    const { s } = suite;
    const admin = await buildAdmin(s);
    const inside = await receiver();
    const outside = await receiver();
    const member = await createBot(s, admin, "Member", inside.url);
    const stranger = await createBot(s, admin, "Stranger", outside.url);
    const alice = await buildUser(s, "Alice");
    const gid = await buildChannel(s, alice, { name: "quiet", members: [member] });
    const mid = await buildMessage(s, alice, { gid }, "members only");
    const [post] = await inside.waitFor(1, 3_000);
    expect(JSON.parse(post.body)).toMatchObject({ mid, target: { gid } });
    await sleep(300);
    expect(outside.posts).toHaveLength(0);
    expect(await deliveries(s, admin, stranger)).toEqual([]);

    await secretOf(s, admin, member);
    ok(await call(s, "DELETE", `/admin/user/${member}`, admin), "delete bot");
    expect(await s.ctx.db.selectFrom("webhook_outbox").select("id").where("bot_uid", "=", member).execute()).toEqual([]);
    expect(await s.ctx.db.selectFrom("webhook_secrets").select("uid").where("uid", "=", member).execute()).toEqual([]);
  });

  it("a receiver that answers 500 twice then 200 gets it on the third attempt, and never again", async () => {
    const s = await suite.restart({ previewAllowPrivate: true, webhookRetryBaseMs: 50, webhookPollMs: 20 });
    const admin = await buildAdmin(s);
    const hook = await receiver([500, 500, 200]);
    const bot = await createBot(s, admin, "Flaky", hook.url);
    const alice = await buildUser(s, "Alice");
    await buildMessage(s, alice, { uid: bot }, "try again");
    const posts = await hook.waitFor(3, 5_000);
    expect(new Set(posts.map((p) => p.body)).size).toBe(1);
    expect(new Set(posts.map((p) => p.headers["x-parley-delivery"])).size).toBe(1);
    await sleep(400);
    expect(hook.posts).toHaveLength(3);
    const [view] = await deliveries(s, admin, bot);
    expect(view).toMatchObject({ status: "delivered", attempts: 3, last_status: 200 });
    // A delivered one is never sent again, even by hand.
    expect((await call(s, "POST", `/admin/user/bot-webhook-deliveries/${bot}/${view.id}/retry`, admin)).statusCode).toBe(409);
  });

  it("a delivery queued on a server that stopped before sending it is sent after the restart", async () => {
    const hook = await receiver();
    const first = await startTestServer(dialect, { previewAllowPrivate: true, webhookPollMs: 60_000 });
    try {
      const admin = await buildAdmin(first);
      const bot = await createBot(first, admin, "Patient", hook.url);
      const alice = await buildUser(first, "Alice");
      // The worker is gone before the message commits: the delivery stays in the outbox.
      await first.ctx.jobs.webhooks.stop();
      const mid = await buildMessage(first, alice, { uid: bot }, "while you were out");
      expect(await deliveries(first, admin, bot)).toMatchObject([{ mid, status: "pending", attempts: 0 }]);
      await first.app.close();
      expect(hook.posts).toHaveLength(0);

      const again = await startTestServer(dialect, { previewAllowPrivate: true, webhookPollMs: 100, dataDir: first.ctx.config.dataDir, databaseSchema: first.ctx.config.databaseSchema });
      try {
        const [post] = await hook.waitFor(1, 5_000);
        expect(JSON.parse(post.body)).toMatchObject({ mid, detail: { content: "while you were out" } });
      } finally {
        await again.close();
      }
    } finally {
      await first.close();
    }
  });

  it("without PREVIEW_ALLOW_PRIVATE a loopback webhook is refused on save (406) and never called", async () => {
    const s = await suite.restart({ previewAllowPrivate: false, webhookRetryBaseMs: 60_000 });
    const admin = await buildAdmin(s);
    const hook = await receiver();
    const created = await call(s, "POST", "/admin/user", admin, { email: "in@bots.example", password: "", name: "Inside", gender: 0, is_admin: false, is_bot: true, webhook_url: hook.url });
    expect(created.statusCode).toBe(406);
    // A URL that got in before this rule (written directly here) is refused at every delivery.
    const bot = await buildBot(s, "Insider", { webhook_url: hook.url });
    s.ctx.webhooks.bots.invalidate();
    const alice = await buildUser(s, "Alice");
    await buildMessage(s, alice, { uid: bot.uid }, "psst");
    let view: DeliveryView | undefined;
    for (let i = 0; i < 100 && !view?.attempts; i++, await sleep(20)) [view] = await deliveries(s, admin, bot.uid);
    expect(view).toMatchObject({ status: "pending", attempts: 1, last_status: null, last_error: expect.stringMatching(/blocked/) });
    expect(hook.posts).toHaveLength(0);
    // Retried by hand: due now, and refused again.
    const retried = ok(await call(s, "POST", `/admin/user/bot-webhook-deliveries/${bot.uid}/${view?.id}/retry`, admin), "retry").json() as DeliveryView;
    expect(retried.next_attempt_at).toBeLessThanOrEqual(Date.now());
    for (let i = 0; i < 100 && view?.attempts !== 2; i++, await sleep(20)) [view] = await deliveries(s, admin, bot.uid);
    expect(view?.attempts).toBe(2);
    expect(hook.posts).toHaveLength(0);
  });

  it("passes claiming at once take each due delivery once, oldest due first, and leave the rest", async () => {
    const { s } = suite;
    await s.ctx.jobs.webhooks.stop(); // only this test's claims
    const bot = await buildBot(s, "Busy");
    const now = Date.now();
    const row = { bot_uid: bot.uid, mid: 1, payload: "{}", attempts: 0, delivered_at: null, created_at: now };
    await s.ctx.db
      .insertInto("webhook_outbox")
      .values([
        ...Array.from({ length: 40 }, (_, i) => ({ ...row, next_attempt_at: now - 1_000 + i })), // due
        { ...row, next_attempt_at: now + 60_000 }, // not yet
        { ...row, next_attempt_at: null, delivered_at: now }, // delivered
      ])
      .execute();
    // On PostgreSQL these run on separate pool connections, really at once: a claim that waited
    // for another's row locks finds those rows claimed and skips them (a later pass takes the rest).
    const claims = (await Promise.all([claimDue(s.ctx.db, now, 15), claimDue(s.ctx.db, now, 15), claimDue(s.ctx.db, now, 15)])).flat();
    for (let more = await claimDue(s.ctx.db, now, 15); more.length > 0; more = await claimDue(s.ctx.db, now, 15)) claims.push(...more);
    const ids = claims.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(40);
    expect(claims.every((r) => r.next_attempt_at === now + CLAIM_MS)).toBe(true);
    // A smaller claim takes the earliest due first.
    await s.ctx.db.updateTable("webhook_outbox").set({ next_attempt_at: now - 5 }).where("id", "=", Math.max(...ids)).execute();
    await s.ctx.db.updateTable("webhook_outbox").set({ next_attempt_at: now - 10 }).where("id", "=", Math.min(...ids)).execute();
    expect((await claimDue(s.ctx.db, now, 1)).map((r) => r.id)).toEqual([Math.min(...ids)]);
  });

  it("finished deliveries are kept a week, then pruned; pending ones stay", async () => {
    const { s } = suite;
    const bot = await buildBot(s, "Old");
    const old = Date.now() - KEEP_FINISHED_MS - 1_000;
    const row = { bot_uid: bot.uid, mid: 1, payload: "{}", attempts: 1 };
    await s.ctx.db
      .insertInto("webhook_outbox")
      .values([
        { ...row, next_attempt_at: null, delivered_at: old, created_at: old }, // delivered, old
        { ...row, next_attempt_at: null, delivered_at: null, created_at: old }, // given up, old
        { ...row, next_attempt_at: Date.now() + 60_000, delivered_at: null, created_at: old }, // pending (by hand)
        { ...row, next_attempt_at: null, delivered_at: Date.now(), created_at: Date.now() }, // delivered today
      ])
      .execute();
    expect(await pruneFinished(s.ctx.db, Date.now())).toBe(2);
    const left = await s.ctx.db.selectFrom("webhook_outbox").select(["next_attempt_at", "delivered_at"]).orderBy("id").execute();
    expect(left.map((r) => (r.next_attempt_at !== null ? "pending" : "delivered"))).toEqual(["pending", "delivered"]);
  });
});
