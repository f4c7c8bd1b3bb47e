/**
 * Chromium for the call tests: fake camera and microphone (a test pattern at 5 fps and a beep), the
 * permission prompts answered yes, the screen picker choosing the whole screen, loopback ICE
 * candidates allowed, and host addresses not hidden behind mDNS names (nothing resolves them in
 * a container). The peer connections are read through the client's test hook
 * (`window.__parleyCalls`, web/src/calls/engine.ts).
 */
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { launchBrowser, openPage, type TestPage } from "./browser";
import type { Person, Suite } from "./suite";

export function launchCallBrowser(): Promise<Browser> {
  return launchBrowser([
    "--use-fake-ui-for-media-stream",
    // Five frames a second (the fake camera's least; 20 by default): three pages each encode
    // and decode video for two others on two shared cores, and the tests only ask that it flows.
    "--use-fake-device-for-media-stream=fps=5",
    "--allow-loopback-in-peer-connection",
    "--auto-select-desktop-capture-source=Entire screen",
    "--autoplay-policy=no-user-gesture-required",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
  ]);
}

/** A new page of `browser` signed in as `who`, on `route` (a conversation, whose title it waits for). */
export async function openCallRoute(browser: Browser, suite: Suite, who: Person, route: string): Promise<TestPage> {
  const tp = await openPage(browser);
  await suite.signIn(tp.page, who);
  await tp.page.goto(`${suite.url}/#${route}`);
  await tp.page.getByTestId("channel-title").waitFor();
  return tp;
}

export interface RtpTotals {
  inAudio: number;
  inVideo: number;
  outAudio: number;
  outVideo: number;
  state: string;
  /** The local candidate type of the selected pair: host, srflx or relay. */
  localType: string | null;
}

/** Byte counters of the connection to `uid` (zeros when there is none). */
export function rtp(page: Page, uid: number): Promise<RtpTotals> {
  return page.evaluate(async (peer) => {
    const totals = { inAudio: 0, inVideo: 0, outAudio: 0, outVideo: 0, state: "none", localType: null as string | null };
    const pc = (window as unknown as { __parleyCalls?: { peers: Record<number, RTCPeerConnection> } }).__parleyCalls?.peers[peer];
    if (!pc) return totals;
    totals.state = pc.connectionState;
    const stats = await pc.getStats();
    let pairId: string | undefined;
    const byId = new Map<string, Record<string, unknown>>();
    stats.forEach((s: Record<string, unknown>) => {
      byId.set(String(s.id), s);
      if (s.type === "inbound-rtp") totals[s.kind === "audio" ? "inAudio" : "inVideo"] += Number(s.bytesReceived ?? 0);
      if (s.type === "outbound-rtp") totals[s.kind === "audio" ? "outAudio" : "outVideo"] += Number(s.bytesSent ?? 0);
      if (s.type === "transport" && s.selectedCandidatePairId) pairId = String(s.selectedCandidatePairId);
    });
    const pair = pairId ? byId.get(pairId) : undefined;
    const local = pair?.localCandidateId ? byId.get(String(pair.localCandidateId)) : undefined;
    totals.localType = local?.candidateType ? String(local.candidateType) : null;
    return totals;
  }, uid);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the counters of `keys` on the connection to `uid` grow between two readings. */
export async function expectFlowing(page: Page, uid: number, keys: (keyof RtpTotals)[], timeoutMs = 20_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const a = await rtp(page, uid);
        await sleep(700);
        const b = await rtp(page, uid);
        return keys.filter((k) => !((b[k] as number) > (a[k] as number)));
      },
      { timeout: timeoutMs, interval: 300 },
    )
    .toEqual([]);
}

/** The counter `key` stays put over `ms` (after a moment for packets in flight). */
export async function expectStill(page: Page, uid: number, key: keyof RtpTotals, ms = 1_500): Promise<void> {
  await sleep(600);
  const a = await rtp(page, uid);
  await sleep(ms);
  const b = await rtp(page, uid);
  expect(b[key], `${key} still growing`).toBe(a[key]);
}
