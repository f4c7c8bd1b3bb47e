/**
 * Calls through TURN (docs/CALLS.md "TURN with coturn"): Debian's coturn, started here with
 * `use-auth-secret`, relays a DM call whose browsers may use nothing but relay candidates (the
 * admin's "relay every call" setting), with the time-limited credentials Parley issues. Media
 * flows both ways over a relay candidate pair, and coturn's log names the `<expiry>:<uid>` users.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/src/reliability/serverProcess";
import { closeCleanly, type TestPage } from "../helpers/browser";
import { expectFlowing, launchCallBrowser, openCallRoute, rtp } from "../helpers/calls";
import { BOB, CAROL, useSuite, type Person } from "../helpers/suite";

const suite = useSuite({ members: [BOB, CAROL], channels: [{ name: "general", description: "Company-wide chatter" }], browser: false });
const SECRET = "turn-shared-secret-for-the-test";
let browser: Browser;
let turn: ChildProcess;
let turnLog = "";
let turnPort = 0;
let dir = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "parley-coturn-"));
  turnPort = await freePort();
  const relayBase = 40_000 + Math.floor(Math.random() * 20_000);
  turn = spawn(
    "/usr/bin/turnserver",
    [
      "-n",
      "--no-cli",
      "--listening-ip=127.0.0.1",
      "--relay-ip=127.0.0.1",
      `--listening-port=${turnPort}`,
      `--min-port=${relayBase}`,
      `--max-port=${relayBase + 200}`,
      "--use-auth-secret",
      `--static-auth-secret=${SECRET}`,
      "--realm=parley.test",
      "--no-tls",
      "--no-dtls",
      // Both browsers' relayed addresses are on this machine's loopback.
      "--allow-loopback-peers",
      "--log-file=stdout",
      "--simple-log",
      "--verbose",
      `--userdb=${path.join(dir, "turndb")}`,
      `--pidfile=${path.join(dir, "turn.pid")}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  turn.stdout?.on("data", (d: Buffer) => (turnLog += d.toString()));
  turn.stderr?.on("data", (d: Buffer) => (turnLog += d.toString()));
  for (let waited = 0; !turnLog.includes("Total General servers"); waited += 100) {
    if (waited > 15_000) throw new Error(`coturn did not start:\n${turnLog}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await launchCallBrowser();
});
afterAll(async () => {
  await browser?.close();
  turn?.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const signedIn = (who: Person, route: string): Promise<TestPage> => openCallRoute(browser, suite, who, route);

const localTypeOf = (page: Page, uid: number) => rtp(page, uid).then((t) => t.localType);

describe("calls through coturn", () => {
  it("relay-only: media flows both ways through TURN with the credentials Parley issues", async () => {
    const [bobUid, carolUid] = [suite.uid(BOB), suite.uid(CAROL)];
    await suite.admin.request("POST", "/admin/call/config", {
      stun_urls: [],
      turn_urls: [`turn:127.0.0.1:${turnPort}?transport=udp`],
      turn_secret: SECRET,
      turn_ttl_s: 600,
      max_participants: 6,
      relay_only: true,
    });
    const b = await signedIn(BOB, `/chat/dm/${carolUid}`);
    const c = await signedIn(CAROL, `/chat/channel/${suite.gid("general")}`);
    await b.page.getByTestId("call-video").click();
    await c.page.getByTestId("call-accept").click();

    await expectFlowing(b.page, carolUid, ["inAudio", "inVideo", "outAudio", "outVideo"], 30_000);
    await expectFlowing(c.page, bobUid, ["inAudio", "inVideo", "outAudio", "outVideo"], 30_000);
    expect(await localTypeOf(b.page, carolUid)).toBe("relay");
    expect(await localTypeOf(c.page, bobUid)).toBe("relay");
    // coturn checked each browser's HMAC of `<expiry>:<uid>` against its own copy of the secret.
    for (const uid of [bobUid, carolUid]) expect(turnLog).toMatch(new RegExp(`user <\\d{10}:${uid}>: incoming packet ALLOCATE processed, success`));

    await b.page.getByTestId("call-leave").click();
    await c.page.getByTestId("call-panel").waitFor({ state: "detached", timeout: 10_000 });
    await closeCleanly(b, c);
  });

  it("a wrong secret on Parley's side gets no relay: the browsers never connect", async () => {
    const carolUid = suite.uid(CAROL);
    await suite.admin.request("POST", "/admin/call/config", {
      stun_urls: [],
      turn_urls: [`turn:127.0.0.1:${turnPort}?transport=udp`],
      turn_secret: "not-the-secret",
      turn_ttl_s: 600,
      max_participants: 6,
      relay_only: true,
    });
    const b = await signedIn(BOB, `/chat/dm/${carolUid}`);
    const c = await signedIn(CAROL, `/chat/channel/${suite.gid("general")}`);
    const logFrom = turnLog.length;
    await b.page.getByTestId("call-video").click();
    await c.page.getByTestId("call-accept").click();
    await new Promise((r) => setTimeout(r, 6_000));
    const totals = await rtp(b.page, carolUid);
    expect(totals.inVideo).toBe(0);
    expect(totals.state).not.toBe("connected");
    // coturn refused the allocations: the HMAC of the username did not match its secret.
    expect(turnLog.slice(logFrom)).toMatch(/user <\d{10}:\d+>: incoming packet message processed, error 401/);
    expect(turnLog.slice(logFrom)).not.toMatch(/ALLOCATE processed, success/);
    await b.page.getByTestId("call-leave").click();
    await closeCleanly(b, c);
  });
});
