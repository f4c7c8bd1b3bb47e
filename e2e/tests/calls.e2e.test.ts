/**
 * Built-in calls in Chromium with fake media devices (docs/CALLS.md): a DM call rings, is
 * accepted, and both sides receive audio and video; muting stops the outbound audio; leaving
 * ends it for the other side and posts "Call ended" into the conversation. A channel call of
 * three connects every pair, and a shared screen shows on the others' side. Screenshots of the
 * call window in both themes (/tmp/shots/calls-*.png), checked by axe.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeCleanly, switchColorScheme, type TestPage } from "../helpers/browser";
import { expectNoSeriousA11yViolations } from "../helpers/axe";
import { expectFlowing, expectStill, launchCallBrowser, openCallRoute, rtp } from "../helpers/calls";
import { ADA, BOB, CAROL, useSuite, type Person } from "../helpers/suite";

const suite = useSuite({ members: [BOB, CAROL], channels: [{ name: "general", description: "Company-wide chatter" }], browser: false });
const SHOTS = "/tmp/shots";
let browser: Browser;

beforeAll(async () => {
  browser = await launchCallBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const signedIn = (who: Person, route: string): Promise<TestPage> => openCallRoute(browser, suite, who, route);


const panel = (page: Page) => page.getByTestId("call-panel");

describe("built-in calls", () => {
  it("a DM call rings, is accepted, carries audio and video both ways; mute stops the audio; leaving ends it for the other side", async () => {
    const [bobUid, carolUid] = [suite.uid(BOB), suite.uid(CAROL)];
    const b = await signedIn(BOB, `/chat/dm/${carolUid}`);
    const c = await signedIn(CAROL, `/chat/channel/${suite.gid("general")}`);

    await b.page.getByTestId("call-video").click();
    await expect.poll(() => b.page.getByTestId("call-status").innerText()).toBe("Ringing…");
    const ring = c.page.getByTestId("call-ring");
    await ring.waitFor();
    expect(await ring.innerText()).toContain(BOB.name);
    await c.page.getByTestId("call-accept").click();

    await expectFlowing(b.page, carolUid, ["inAudio", "inVideo", "outAudio", "outVideo"]);
    await expectFlowing(c.page, bobUid, ["inAudio", "inVideo", "outAudio", "outVideo"]);
    expect((await rtp(b.page, carolUid)).state).toBe("connected");
    await expect.poll(() => c.page.getByTestId("call-tile").count()).toBe(2);

    await b.page.mouse.move(0, 0);
    await b.page.screenshot({ path: `${SHOTS}/calls-dm-light.png` });
    // Bob mutes: his microphone's bytes stop, and Carol receives no more audio; video goes on.
    await b.page.getByTestId("call-mute").click();
    await expectStill(b.page, carolUid, "outAudio");
    await expectStill(c.page, bobUid, "inAudio");
    await expectFlowing(c.page, bobUid, ["inVideo"]);
    await expect.poll(() => c.page.locator('[data-testid="call-tile"][data-uid="' + bobUid + '"] figcaption svg').count()).toBe(1);
    await b.page.getByTestId("call-mute").click();
    await expectFlowing(c.page, bobUid, ["inAudio"]);

    // The call survives navigating to another conversation.
    await c.page.goto(`${suite.url}/#/chat/dm/${bobUid}`);
    await c.page.getByTestId("channel-title").waitFor();
    await expectFlowing(c.page, bobUid, ["inVideo"]);

    // Bob leaves: Carol's window closes, both see the call's end in the conversation.
    await b.page.getByTestId("call-leave").click();
    await panel(c.page).waitFor({ state: "detached", timeout: 10_000 });
    await expect.poll(() => c.page.getByTestId("call-event").first().innerText()).toMatch(/^Call ended · \d+ (s|min)$/);
    await expect.poll(() => b.page.getByTestId("call-event").count()).toBe(1);
    await closeCleanly(b, c);
  });

  it("a declined DM call ends for the caller", async () => {
    const carolUid = suite.uid(CAROL);
    const b = await signedIn(BOB, `/chat/dm/${carolUid}`);
    const c = await signedIn(CAROL, `/chat/channel/${suite.gid("general")}`);
    await b.page.getByTestId("call-voice").click();
    await c.page.getByTestId("call-ring").waitFor();
    for (const scheme of ["light", "dark"] as const) {
      await switchColorScheme(c.page, scheme);
      await c.page.getByTestId("call-ring").screenshot({ path: `${SHOTS}/calls-ring-${scheme}.png` });
      await expectNoSeriousA11yViolations(c.page, `incoming call (${scheme})`);
    }
    await c.page.getByTestId("call-decline").click();
    await panel(b.page).waitFor({ state: "detached", timeout: 10_000 });
    await expect.poll(() => b.page.getByText("The call was declined.").count()).toBe(1);
    await expect.poll(() => b.page.getByTestId("call-event").last().innerText()).toBe("Call declined");
    await closeCleanly(b, c);
  });

  it("Settings → Calls: the admin sets STUN/TURN and the secret, shown masked afterwards", async () => {
    const a = await signedIn(ADA, `/chat/channel/${suite.gid("general")}`);
    const { page } = a;
    await page.goto(`${suite.url}/#/setting/calls`);
    await page.getByTestId("calls-form").waitFor();
    await page.getByTestId("calls-stun").fill("stun:turn.example.com:3478");
    await page.getByTestId("calls-turn").fill("turn:turn.example.com:3478?transport=udp\nturn:turn.example.com:3478?transport=tcp");
    await page.getByTestId("calls-turn-secret").fill("a-long-shared-secret");
    await page.getByTestId("calls-save").click();
    await expect.poll(() => page.getByTestId("calls-turn-secret").inputValue()).toBe("********");
    const stored = await suite.admin.request<{ turn_urls: string[]; turn_secret: string }>("GET", "/admin/call/config");
    expect(stored).toMatchObject({ turn_urls: ["turn:turn.example.com:3478?transport=udp", "turn:turn.example.com:3478?transport=tcp"], turn_secret: "********" });
    const bob = await suite.api(BOB);
    const config = await bob.request<{ ice_servers: { urls: string[]; username?: string }[] }>("GET", "/call/config");
    expect(config.ice_servers[1].username).toMatch(new RegExp(`^\\d{10}:${suite.uid(BOB)}$`));
    for (const scheme of ["light", "dark"] as const) {
      await switchColorScheme(page, scheme);
      await page.screenshot({ path: `${SHOTS}/calls-settings-${scheme}.png` });
      await expectNoSeriousA11yViolations(page, `Settings → Calls (${scheme})`);
    }
    // Back to no ICE servers for the calls below.
    await suite.admin.request("POST", "/admin/call/config", { stun_urls: [], turn_urls: [], turn_secret: "", turn_ttl_s: 86400, max_participants: 6, relay_only: false });
    await closeCleanly(a);
  });

  // Three browsers with fake camera video beside another e2e file on two cores: 60-90 s on a
  // quiet machine, past 120 s on a slow one (a CI run timed out at 120 s).
  it("a channel call of three connects every pair; a shared screen shows on the others' side", { timeout: 300_000 }, async () => {
    const gid = suite.gid("general");
    const people = [ADA, BOB, CAROL];
    const uids = people.map((p) => suite.uid(p));
    const pages: TestPage[] = [];
    for (const who of people) pages.push(await signedIn(who, `/chat/channel/${gid}`));
    const [a, b, c] = pages.map((p) => p.page);

    await a.getByTestId("call-video").click();
    await panel(a).waitFor();
    // The others see the call in the sidebar and the header, and join it.
    await b.getByTestId("sidebar-call").waitFor();
    for (const page of [b, c]) {
      await page.getByTestId("call-join").click();
      await panel(page).waitFor();
      await page.getByTestId("call-camera").click();
    }
    for (const [i, page] of [a, b, c].entries()) {
      for (const [j, other] of uids.entries()) if (i !== j) await expectFlowing(page, other, ["inAudio", "inVideo"]);
    }

    // Bob shares his screen: a screen tile plays on Ada's and Carol's side.
    await b.getByTestId("call-screen").click();
    for (const page of [a, c]) {
      const tile = page.getByTestId("call-screen-tile");
      await tile.waitFor({ timeout: 20_000 });
      await expect.poll(() => tile.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    }

    // The call window, in both themes (shot for review, and axe-clean).
    for (const scheme of ["light", "dark"] as const) {
      await switchColorScheme(a, scheme);
      await a.mouse.move(0, 0);
      await a.screenshot({ path: `${SHOTS}/calls-channel-${scheme}.png` });
      await expectNoSeriousA11yViolations(a, `call window (${scheme})`);
    }

    await b.getByTestId("call-screen").click();
    await expect.poll(() => a.getByTestId("call-screen-tile").count(), { timeout: 20_000 }).toBe(0);
    // Leaving a channel call leaves the others in it.
    await c.getByTestId("call-leave").click();
    await expect.poll(() => a.getByTestId("call-tile").count()).toBe(2);
    await expectFlowing(a, uids[1], ["inVideo"]);
    await closeCleanly(...pages);
  });
});
