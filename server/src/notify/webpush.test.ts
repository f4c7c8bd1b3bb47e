import { DEFAULT_SYSTEM_COMMON } from "@parley/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { call, ok } from "../test/api.js";
import { buildAdmin, buildChannel, buildMessage, buildUser } from "../test/factories.js";
import { dialects, type Session, type TestServer } from "../test/harness.js";
import { FRONTEND } from "../test/identity.js";
import { startPushReceiver, type PushReceiver } from "../test/pushReceiver.js";
import { useSuite } from "../test/suite.js";
import { pruneFinished } from "./queue.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `NOTIFY_PUSH_DELAY_MS` here: long enough to read a message before it fires. */
const DELAY_MS = 600;

describe.each(dialects())("Web Push (%s)", (dialect) => {
  // Receivers on loopback need the private-address switch (and it allows their http endpoints).
  const suite = useSuite(dialect, { config: { previewAllowPrivate: true, notifyPollMs: 50, notifyPushDelayMs: DELAY_MS } });
  const receivers: PushReceiver[] = [];
  const receiver = async () => {
    const r = await startPushReceiver();
    receivers.push(r);
    return r;
  };
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  /** `who` subscribes this receiver's endpoint `id` through the API. */
  const subscribe = async (s: TestServer, who: Session, r: PushReceiver, id: string) =>
    (ok(await call(s, "POST", "/user/push/subscriptions", who, { endpoint: r.endpoint(id), keys: r.keys }), "subscribe").json() as { id: number }).id;
  const rowsOf = (s: TestServer) => s.ctx.db.selectFrom("notify_queue").selectAll().where("path", "=", "webpush").orderBy("id").execute();

  it("a DM reaches the recipient's browser after the delay: VAPID-signed for the endpoint's origin, aes128gcm, the preview and the conversation", async () => {
    const { s } = suite;
    const admin = await buildAdmin(s);
    ok(await call(s, "POST", "/admin/system/update_frontend_url", admin, FRONTEND, { "content-type": "text/plain" }), "frontend url");
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const push = await receiver();
    await subscribe(s, bob, push, "bob");
    const { public_key } = ok(await call(s, "GET", "/user/push/vapid_public_key", bob), "key").json() as { public_key: string };

    const sent = Date.now();
    const mid = await buildMessage(s, alice, { uid: bob.uid }, "lunch at 12?");
    await sleep(DELAY_MS / 2);
    expect(push.received).toHaveLength(0);
    const [got] = await push.waitFor(1);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(DELAY_MS - 50);
    expect(push.rejected).toEqual([]);
    expect(got.path).toBe("/push/bob");
    // Signed with the key the browser subscribed with.
    expect(got.vapid.k).toBe(public_key);
    // The operator's contact for the push service: the https frontend URL.
    expect(got.vapid.sub).toBe(FRONTEND);
    expect(got.headers).toMatchObject({ ttl: "86400", urgency: "high", "content-type": "application/octet-stream" });
    expect(got.payload).toEqual({ title: "Alice", body: "lunch at 12?", url: `${FRONTEND}/#/chat/dm/${alice.uid}`, tag: `parley-u${alice.uid}`, mid });
    await sleep(300);
    expect(push.received).toHaveLength(1);
    expect((await rowsOf(s)).map((r) => [r.uid, r.outcome])).toEqual([[bob.uid, "sent"]]);
  });

  it("previews off: 'New message' in the user's language; a channel message names the channel; no frontend URL: a relative link", async () => {
    const { s } = suite;
    const admin = await buildAdmin(s);
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    await s.ctx.db.updateTable("users").set({ language: "fr" }).where("uid", "=", bob.uid).execute();
    const gid = await buildChannel(s, admin, { name: "general", is_public: true });
    const push = await receiver();
    await subscribe(s, bob, push, "bob");
    await s.ctx.repos.config.set("system_common", { ...DEFAULT_SYSTEM_COMMON, ext_setting: JSON.stringify({ notify_preview: false }) });
    const mid = await buildMessage(s, alice, { gid }, "the secret plan");
    const [got] = await push.waitFor(1);
    expect(got.payload).toEqual({ title: "Alice (#general)", body: "Nouveau message", url: `/#/chat/channel/${gid}`, tag: `parley-g${gid}`, mid });
    expect(got.headers.urgency).toBe("normal");
    expect(JSON.stringify(got.payload)).not.toContain("secret");
  });

  it("a 410 drops the subscription; 404 too; a 500 is retried later", async () => {
    const { s } = suite;
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const carol = await buildUser(s, "Carol");
    const dave = await buildUser(s, "Dave");
    const gone = await receiver();
    const down = await receiver();
    const unknown = await receiver();
    gone.answer(410);
    down.answer(500);
    unknown.answer(404);
    await subscribe(s, bob, gone, "bob");
    await subscribe(s, carol, down, "carol");
    await subscribe(s, dave, unknown, "dave");
    await buildMessage(s, alice, { uid: bob.uid }, "anyone?");
    await buildMessage(s, alice, { uid: carol.uid }, "anyone?");
    await buildMessage(s, alice, { uid: dave.uid }, "anyone?");
    await gone.waitFor(1);
    await down.waitFor(1);
    await unknown.waitFor(1);
    for (let i = 0; i < 100 && (await rowsOf(s)).some((r) => r.attempts === 0); i++) await sleep(20);
    expect(ok(await call(s, "GET", "/user/push/subscriptions", bob), "list").json()).toEqual([]);
    expect(ok(await call(s, "GET", "/user/push/subscriptions", dave), "list").json()).toEqual([]);
    expect(ok(await call(s, "GET", "/user/push/subscriptions", carol), "list").json()).toHaveLength(1);
    const rows = await rowsOf(s);
    expect(rows.find((r) => r.uid === bob.uid)).toMatchObject({ outcome: "skipped", due_at: null });
    // Due again after the first backoff step (10 s), not given up.
    expect(rows.find((r) => r.uid === carol.uid)).toMatchObject({ outcome: null, attempts: 1, due_at: expect.any(Number) });
    expect(rows.find((r) => r.uid === carol.uid)?.due_at).toBeGreaterThan(Date.now() + 5_000);
  });

  it("nothing for the sender, a bot, a guest, a user who muted the channel or read the message in time; a mention goes through the mute", async () => {
    const { s } = suite;
    const admin = await buildAdmin(s);
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const carol = await buildUser(s, "Carol");
    const dave = await buildUser(s, "Dave");
    const bot = await buildUser(s, "Robot", "bot");
    const guest = await buildUser(s, "Visitor", "guest");
    const gid = await buildChannel(s, admin, { name: "general", is_public: true });
    const push = await receiver();
    for (const who of [alice, bob, carol, dave]) await subscribe(s, who, push, who.login.user.name);
    // The routes refuse bots (403) and guests (403); rows written directly are still never used.
    expect((await call(s, "POST", "/user/push/subscriptions", bot, { endpoint: push.endpoint("bot"), keys: push.keys })).statusCode).toBe(403);
    expect((await call(s, "POST", "/user/push/subscriptions", guest, { endpoint: push.endpoint("guest"), keys: push.keys })).statusCode).toBe(403);
    for (const [who, id] of [[bot, "bot"], [guest, "guest"]] as const) {
      await s.ctx.db.insertInto("push_subscriptions").values({ uid: who.uid, endpoint: push.endpoint(id), ...push.keys, device: null, created_at: Date.now() }).execute();
    }
    ok(await call(s, "POST", "/user/mute", bob, { add_groups: [{ gid, expired_in: null }] }), "mute");
    ok(await call(s, "POST", "/user/mute", dave, { add_groups: [{ gid, expired_in: null }] }), "mute");

    const mid = await buildMessage(s, alice, { gid }, "hi @Dave", { mentions: [dave.uid] });
    // Carol reads it at once, on another device.
    ok(await call(s, "POST", "/user/read-index", carol, { users: [], groups: [{ gid, mid }] }), "read");
    const [got] = await push.waitFor(1);
    await sleep(DELAY_MS);
    expect(push.received.map((p) => p.path)).toEqual(["/push/Dave"]);
    expect(got.payload).toMatchObject({ mid, body: "hi @Dave" });
    expect(got.headers.urgency).toBe("high");
    expect((await rowsOf(s)).map((r) => [r.uid, r.outcome])).toEqual([
      [carol.uid, "read"],
      [dave.uid, "sent"],
    ]);
  });

  it("an account frozen before the push fires gets nothing; a deleted account's subscriptions are pruned", async () => {
    const { s } = suite;
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const carol = await buildUser(s, "Carol");
    const push = await receiver();
    await subscribe(s, bob, push, "bob");
    await subscribe(s, carol, push, "carol");
    await buildMessage(s, alice, { uid: bob.uid }, "still there?");
    // Queued for Bob (expanded), then frozen before the delay ends.
    let rows = await rowsOf(s);
    for (let i = 0; i < 100 && rows.length === 0; i++, await sleep(10)) rows = await rowsOf(s);
    expect(rows).toMatchObject([{ uid: bob.uid, outcome: null }]);
    await s.ctx.db.updateTable("users").set({ status: "frozen" }).where("uid", "=", bob.uid).execute();
    for (let i = 0; i < 100 && rows[0]?.outcome == null; i++, await sleep(20)) rows = await rowsOf(s);
    expect(rows).toMatchObject([{ uid: bob.uid, outcome: "skipped" }]);
    expect(push.received).toHaveLength(0);

    await s.ctx.db.deleteFrom("users").where("uid", "=", carol.uid).execute();
    await pruneFinished(s.ctx.db, Date.now());
    expect((await s.ctx.db.selectFrom("push_subscriptions").select("uid").execute()).map((r) => r.uid)).toEqual([bob.uid]);
  });

  it("a browser whose device signed out hears nothing more (until that device signs in again)", async () => {
    const { s } = suite;
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const push = await receiver();
    await subscribe(s, bob, push, "bob");
    ok(await call(s, "GET", "/token/logout", bob), "logout");
    await buildMessage(s, alice, { uid: bob.uid }, "after you left");
    let rows = await rowsOf(s);
    for (let i = 0; i < 50 && rows.length === 0; i++, await sleep(20)) rows = await rowsOf(s);
    await sleep(DELAY_MS + 200);
    // Not even queued: no live subscription.
    expect(await rowsOf(s)).toEqual([]);
    expect(push.received).toHaveLength(0);
  });

  it("a private channel reaches its members only", async () => {
    const { s } = suite;
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const otto = await buildUser(s, "Otto");
    const gid = await buildChannel(s, alice, { name: "team", members: [bob.uid] });
    const push = await receiver();
    await subscribe(s, bob, push, "bob");
    await subscribe(s, otto, push, "otto");
    await buildMessage(s, alice, { gid }, "team only");
    await push.waitFor(1);
    await sleep(DELAY_MS);
    expect(push.received.map((p) => p.path)).toEqual(["/push/bob"]);
  });

  it("without PREVIEW_ALLOW_PRIVATE a loopback endpoint is refused on subscribe and never called", async () => {
    const s = await suite.restart({ previewAllowPrivate: false });
    const alice = await buildUser(s, "Alice");
    const bob = await buildUser(s, "Bob");
    const push = await receiver();
    expect((await call(s, "POST", "/user/push/subscriptions", bob, { endpoint: push.endpoint(), keys: push.keys })).statusCode).toBe(400);
    // An https endpoint naming a loopback address gets in, but the guard refuses it at send time.
    ok(await call(s, "POST", "/user/push/subscriptions", bob, { endpoint: "https://127.0.0.1:1/push/x", keys: push.keys }), "subscribe");
    await buildMessage(s, alice, { uid: bob.uid }, "psst");
    let rows = await rowsOf(s);
    for (let i = 0; i < 150 && !rows[0]?.attempts; i++, await sleep(20)) rows = await rowsOf(s);
    expect(rows).toMatchObject([{ uid: bob.uid, outcome: null, attempts: 1 }]);
    expect(push.received).toHaveLength(0);
  });
});
