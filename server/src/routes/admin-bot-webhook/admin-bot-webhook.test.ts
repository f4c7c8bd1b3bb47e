import { afterEach, describe, expect, it } from "vitest";
import type { AuditLogEntry } from "@parley/protocol";
import { call, jsonOk, messageApi } from "../../test/api.js";
import { buildBot, buildCast } from "../../test/factories.js";
import { dialects, type Session } from "../../test/harness.js";
import { expectMatrix, expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";
import { expectSigned, startWebhookReceiver, type WebhookReceiver } from "../../test/webhookReceiver.js";
import type { DeliveryView } from "../../webhooks/outbox.js";

/** The admin routes of a bot's webhook (docs/API.md "Webhooks"): its signing secret and its deliveries. */
describe.each(dialects())("admin bot webhook routes (%s)", (dialect) => {
  // One server; each test has a cast of its own. The worker's poll is long: a delivery is sent
  // when a commit (or a retry) wakes it, not by a tick in the middle of a test.
  let casts = 0;
  const suite = useSuite(dialect, {
    per: "file",
    seedEach: true,
    seed: (s) => buildCast(s, { tag: String(++casts) }),
    config: { previewAllowPrivate: true, webhookPollMs: 60_000 },
  });
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  const secret = (who: Session | null, uid: number) => call(suite.s, "GET", `/admin/user/bot-webhook-secret/${uid}`, who);
  const rotate = (who: Session | null, uid: number) => call(suite.s, "POST", `/admin/user/bot-webhook-secret/${uid}`, who);
  const deliveries = (who: Session | null, uid: number | string, query = "") => call(suite.s, "GET", `/admin/user/bot-webhook-deliveries/${uid}${query}`, who);
  const retry = (who: Session | null, uid: number | string, id: number | string) => call(suite.s, "POST", `/admin/user/bot-webhook-deliveries/${uid}/${id}/retry`, who);
  const rotations = async (admin: Session) => jsonOk<AuditLogEntry[]>(await call(suite.s, "GET", "/admin/audit_log?action=user.bot_webhook_secret_rotated", admin));

  /** Outbox rows of the bot in each state, written directly (the worker is not woken). */
  const queue = async (bot: number) => {
    const now = Date.now();
    const row = { bot_uid: bot, mid: 1, payload: "{}", last_status: null, last_error: null };
    const [pending, delivered, givenUp] = await suite.s.ctx.db
      .insertInto("webhook_outbox")
      .values([
        { ...row, attempts: 1, next_attempt_at: now + 3_600_000, delivered_at: null, created_at: now - 2 },
        { ...row, attempts: 1, next_attempt_at: null, delivered_at: now, created_at: now - 1 },
        { ...row, attempts: 20, next_attempt_at: null, delivered_at: null, created_at: now - 25 * 3_600_000 },
      ])
      .returning("id")
      .execute();
    return { pending: pending.id, delivered: delivered.id, givenUp: givenUp.id };
  };

  it("who may call: admins only (anonymous 401, everyone else 403, a bot's own session too)", async () => {
    const { seed: cast } = suite;
    const bot = cast.bot.uid;
    const only = { anonymous: 401, guest: 403, member: 403, bot: 403 };
    await expectMatrix(cast, (who) => secret(who, bot), { ...only, admin: 200 });
    await expectMatrix(cast, (who) => rotate(who, bot), { ...only, admin: 200 });
    await expectMatrix(cast, (who) => deliveries(who, bot), { ...only, admin: 200 });
    await expectMatrix(cast, (who) => retry(who, bot, 999_999), { ...only, admin: 404 });
  });

  it("refuses: a person or an unknown uid (404), an unknown or another bot's delivery (404), bad ids and limits (400)", async () => {
    const { s, seed: { admin, bob, bot } } = suite;
    const other = await buildBot(s, `Other${casts}`);
    const { pending } = await queue(other.uid);
    const before = (await rotations(admin)).length;
    await expectStatuses({
      "secret of a person": [() => secret(admin, bob.uid), 404],
      "secret of nobody": [() => secret(admin, 999_999), 404],
      "rotate a person's": [() => rotate(admin, bob.uid), 404],
      "deliveries of a person": [() => deliveries(admin, bob.uid), 404],
      "retry for a person": [() => retry(admin, bob.uid, pending), 404],
      "another bot's delivery": [() => retry(admin, bot.uid, pending), 404],
      "unknown delivery": [() => retry(admin, bot.uid, 999_999), 404],
      "uid not a number": [() => deliveries(admin, "abc"), 400],
      "delivery id not a number": [() => retry(admin, bot.uid, "abc"), 400],
      "limit 0": [() => deliveries(admin, bot.uid, "?limit=0"), 400],
    });
    // A refused rotation changed nothing, so recorded nothing.
    expect(await rotations(admin)).toHaveLength(before);
  });

  it("the secret: read twice it is the same; rotated, it changes, signs from then on, and is audited without its value", async () => {
    const { s, seed: { admin, bob } } = suite;
    const hook = await startWebhookReceiver();
    receivers.push(hook);
    const bot = await buildBot(s, `Signer${casts}`, { webhook_url: hook.url });
    s.ctx.webhooks.bots.invalidate(); // inserted directly: no users_log told the cache

    const first = jsonOk<{ secret: string }>(await secret(admin, bot.uid)).secret;
    expect(first).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(jsonOk<{ secret: string }>(await secret(admin, bot.uid)).secret).toBe(first);
    const ofThisBot = async () => (await rotations(admin)).filter((e) => e.target_uid === bot.uid);
    expect(await ofThisBot()).toEqual([]); // reading is not rotating

    const rotated = jsonOk<{ secret: string }>(await rotate(admin, bot.uid)).secret;
    expect(rotated).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(rotated).not.toBe(first);
    expect(jsonOk<{ secret: string }>(await secret(admin, bot.uid)).secret).toBe(rotated);

    // Listed in the audit log, under the action and under its category, naming the bot only.
    const [entry, ...more] = await ofThisBot();
    expect(more).toEqual([]);
    expect(entry).toEqual({
      id: expect.any(Number),
      created_at: expect.any(Number),
      actor_uid: admin.uid,
      action: "user.bot_webhook_secret_rotated",
      target_uid: bot.uid,
      target_gid: null,
      detail: {},
      ip: expect.any(String),
    });
    const users = jsonOk<AuditLogEntry[]>(await call(s, "GET", "/admin/audit_log?action=user", admin));
    expect(users.map((e) => e.id)).toContain(entry.id);
    expect(JSON.stringify(users)).not.toContain(rotated.slice("whsec_".length));
    expect(JSON.stringify(users)).not.toContain(first.slice("whsec_".length));

    const sent = await messageApi(s).send(bob, `user/${bot.uid}/send`, "signed anew");
    expect(sent.statusCode).toBe(200);
    const [post] = await hook.waitFor(1, 5_000);
    expectSigned(post, rotated);
  });

  it("deliveries: newest first, as many as asked; a retry makes a pending or given-up one due now, never a delivered one (409)", async () => {
    const { s, seed: { admin, bot } } = suite;
    const ids = await queue(bot.uid);
    const list = jsonOk<DeliveryView[]>(await deliveries(admin, bot.uid));
    expect(list.map((d) => [d.id, d.status])).toEqual([
      [ids.givenUp, "failed"],
      [ids.delivered, "delivered"],
      [ids.pending, "pending"],
    ]);
    expect(list[2]).toEqual({
      id: ids.pending,
      mid: 1,
      status: "pending",
      attempts: 1,
      next_attempt_at: expect.any(Number),
      last_status: null,
      last_error: null,
      created_at: expect.any(Number),
      delivered_at: null,
    });
    expect(jsonOk<DeliveryView[]>(await deliveries(admin, bot.uid, "?limit=1")).map((d) => d.id)).toEqual([ids.givenUp]);

    const before = Date.now();
    for (const id of [ids.pending, ids.givenUp]) {
      const view = jsonOk<DeliveryView>(await retry(admin, bot.uid, id));
      expect(view).toMatchObject({ id, status: "pending" });
      expect(view.next_attempt_at).toBeGreaterThanOrEqual(before);
      expect(view.next_attempt_at).toBeLessThanOrEqual(Date.now());
    }
    const refused = await retry(admin, bot.uid, ids.delivered);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ reason: "delivered" });
    const [delivered] = await s.ctx.db.selectFrom("webhook_outbox").select(["delivered_at", "next_attempt_at"]).where("id", "=", ids.delivered).execute();
    expect(delivered).toMatchObject({ next_attempt_at: null, delivered_at: expect.any(Number) });
  });
});
