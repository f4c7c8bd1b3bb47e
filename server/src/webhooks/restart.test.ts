/**
 * Issue 18's "a server killed between the message and the delivery delivers it after restart",
 * as an operator's crash is: the compiled server in its own process (`reliability/serverProcess.ts`,
 * as the crash probe starts one), killed with SIGKILL (no shutdown hook, nothing flushed) while
 * the delivery is still owed, and started again on the same data.
 */
import { describe, expect, it } from "vitest";
import { probeCall, probeLogin } from "../reliability/probeApi.js";
import { dialects } from "../test/harness.js";
import { useProcessSuite } from "../test/processSuite.js";
import { expectSigned, startWebhookReceiver } from "../test/webhookReceiver.js";
import type { DeliveryView } from "./outbox.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The first retry's wait (`WEBHOOK_RETRY_BASE_MS`): long enough that the kill comes before a
 * second attempt, short enough that the delivery is due again by the time the new process runs.
 */
const RETRY_BASE_MS = 1_500;
/** The worker's tick (`DEFAULT_POLL_MS`, 2 s) and a margin: a delivered one would have been sent again by then. */
const QUIET_MS = 2_500;

describe.each(dialects())("webhook delivery across a kill -9 (%s)", (dialect) => {
  // The compiled server, as `npm start` runs it.
  const suite = useProcessSuite(dialect, "webhook-kill", {
    PREVIEW_ALLOW_PRIVATE: "1", // the receiver is on loopback
    WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
  });

  it("a DM owed to a bot whose receiver is down is delivered once, signed, by the restarted server", async () => {
    const hook = suite.closeAfter(await startWebhookReceiver());
    hook.answer(503); // down until the server has died
    const first = await suite.start();

    await probeCall(first.url, "POST", "/admin/system/create_admin", null, { email: "admin@kill.test", name: "Admin", password: "kill-pass-1", gender: 0 });
    const admin = await probeLogin(first.url, "admin@kill.test", "kill-pass-1");
    const bot = await probeCall<{ uid: number }>(first.url, "POST", "/admin/user", admin, {
      email: "patient@bots.example",
      password: "",
      name: "Patient",
      gender: 0,
      is_admin: false,
      is_bot: true,
      webhook_url: hook.url,
    });
    await probeCall(first.url, "POST", "/admin/user", admin, { email: "alice@kill.test", name: "Alice", password: "kill-pass-1", gender: 0 });
    const alice = await probeLogin(first.url, "alice@kill.test", "kill-pass-1");
    const { secret } = await probeCall<{ secret: string }>(first.url, "GET", `/admin/user/bot-webhook-secret/${bot.uid}`, admin);
    const deliveries = (url: string) => probeCall<DeliveryView[]>(url, "GET", `/admin/user/bot-webhook-deliveries/${bot.uid}`, admin);

    const sent = await fetch(`${first.url}/api/user/${bot.uid}/send`, { method: "POST", headers: { "x-api-key": alice, "content-type": "text/plain" }, body: "while you were down" });
    expect(sent.status).toBe(200);
    const mid = Number(await sent.text());

    // The first attempt was refused and recorded: the delivery is owed, due again in RETRY_BASE_MS.
    await hook.waitFor(1, 10_000);
    let owed: DeliveryView | undefined;
    for (let i = 0; i < 250 && !owed?.attempts; i++, await sleep(20)) [owed] = await deliveries(first.url);
    expect(owed).toMatchObject({ mid, status: "pending", attempts: 1, last_status: 503, delivered_at: null });

    await first.kill();
    const refused = hook.posts.length; // 1, unless a slow machine let a second 503 in before the kill
    hook.answer(200);

    const again = await suite.start();
    const posts = await hook.waitFor(refused + 1, 15_000);
    const delivered = posts[refused];
    expect(JSON.parse(delivered.body)).toMatchObject({ mid, from_uid: expect.any(Number), target: { uid: bot.uid }, detail: { type: "normal", content: "while you were down" } });
    // The same delivery as the refused attempts (one outbox row), signed with the secret that survived.
    expect(posts.map((p) => p.headers["x-parley-delivery"])).toEqual(posts.map(() => String(owed?.id)));
    expect(new Set(posts.map((p) => p.body)).size).toBe(1);
    expectSigned(delivered, secret);

    let view: DeliveryView | undefined;
    for (let i = 0; i < 250 && view?.status !== "delivered"; i++, await sleep(20)) [view] = await deliveries(again.url);
    expect(view).toMatchObject({ id: owed?.id, status: "delivered", attempts: refused + 1, last_status: 200, next_attempt_at: null, last_error: null });
    // Exactly once: nothing more arrives over a worker tick and more.
    await sleep(QUIET_MS);
    expect(hook.posts).toHaveLength(refused + 1);
  }, 60_000);
});
