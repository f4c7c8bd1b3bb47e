/**
 * Issue 20's "a restart loses nothing and sends nothing twice", as an operator's crash is: the
 * compiled server in its own process, killed with SIGKILL while a Web Push is owed (queued,
 * not yet due), and started again on the same data. As `webhooks/restart.test.ts` does.
 */
import { describe, expect, it } from "vitest";
import { probeCall, probeLogin } from "../reliability/probeApi.js";
import { dialects } from "../test/harness.js";
import { useProcessSuite } from "../test/processSuite.js";
import { startPushReceiver } from "../test/pushReceiver.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Long enough to kill the server before the push is due, short enough for a test. */
const DELAY_MS = 3_000;

describe.each(dialects())("a Web Push owed across a kill -9 (%s)", (dialect) => {
  const suite = useProcessSuite(dialect, "notify-kill", {
    PREVIEW_ALLOW_PRIVATE: "1", // the push service is on loopback
    NOTIFY_PUSH_DELAY_MS: String(DELAY_MS),
  });

  it("is pushed once by the restarted server", async () => {
    const push = suite.closeAfter(await startPushReceiver());
    const first = await suite.start();
    await probeCall(first.url, "POST", "/admin/system/create_admin", null, { email: "admin@kill.test", name: "Admin", password: "kill-pass-1", gender: 0 });
    const admin = await probeLogin(first.url, "admin@kill.test", "kill-pass-1");
    const bob = await probeCall<{ uid: number }>(first.url, "POST", "/admin/user", admin, { email: "bob@kill.test", name: "Bob", password: "kill-pass-1", gender: 0 });
    const bobToken = await probeLogin(first.url, "bob@kill.test", "kill-pass-1");
    await probeCall(first.url, "POST", "/user/push/subscriptions", bobToken, { endpoint: push.endpoint("bob"), keys: push.keys });

    const sent = await fetch(`${first.url}/api/user/${bob.uid}/send`, { method: "POST", headers: { "x-api-key": admin, "content-type": "text/plain" }, body: "before the crash" });
    expect(sent.status).toBe(200);
    const mid = Number(await sent.text());
    // Expanded into the queue (100 ms after the send), then killed well before it is due.
    await sleep(800);
    await first.kill();
    expect(push.received).toHaveLength(0);

    await suite.start();
    const [got] = await push.waitFor(1, DELAY_MS + 10_000);
    expect(got.payload).toMatchObject({ mid, title: "Admin", body: "before the crash" });
    // Exactly once: nothing more over another delay and a poll.
    await sleep(DELAY_MS);
    expect(push.received).toHaveLength(1);
    expect(push.rejected).toEqual([]);
  }, 90_000);
});
