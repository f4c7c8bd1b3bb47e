/**
 * The real VoceChat web client (release 0.9.121, kept outside this repository: see
 * docs/COMPATIBILITY.md) against Parley: served from an origin of its own with `/api` proxied to
 * the compiled server, an admin signs in, opens a channel, sends and receives a message, a DM,
 * opens Files, Favorites, Users and every settings page the client shows an admin. Every `/api`
 * response is recorded: the test fails on any 4xx/5xx the client did not cause on purpose, and on
 * any error toast. Screenshots: /tmp/shots/vc-*.png (or VOCECHAT_SHOTS).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveVocechat, vocechatBuild, type ClientServer } from "../helpers/vocechat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const BUILD = vocechatBuild();
const SHOTS = process.env.VOCECHAT_SHOTS ?? "/tmp/shots";
if (!BUILD) console.warn("vocechat-client e2e skipped: no VoceChat web build (set VOCECHAT_WEB_BUILD, or put it in ../shared/clients/vocechat-web/build)");

/**
 * Routes that other work in progress owns and that may still answer 404 here: each names who
 * builds it. Remove an entry once its route lands.
 */
const NOT_YET: { route: RegExp; owner: string }[] = [];

/** Failures the client causes on purpose and handles silently (the probes of features it may not find). */
const EXPECTED: { route: RegExp; status: number; why: string }[] = [];

interface Answer {
  method: string;
  path: string;
  status: number;
  body: string;
}

describe.skipIf(!BUILD)("the VoceChat web client against Parley", () => {
  const suite = useSuite({ members: [BOB], channels: [{ name: "general", description: "Everyone" }] });
  let client: ClientServer;
  beforeAll(async () => {
    client = await serveVocechat(BUILD as string, suite.url);
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await client?.close();
  });

  it("signs in, chats, and opens files, favorites, users and every settings page with no failed request, no toast and no page error", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", serviceWorkers: "block" });
    const origin = new URL(client.url).origin;
    // The client loads a few external assets and analytics: none leaves the test's origin.
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    const page = await context.newPage();
    const answers: Answer[] = [];
    const inflight = new Set<unknown>();
    page.on("request", (r) => {
      const url = new URL(r.url());
      // Everything the page loads from its origin (its lazy chunks too), but the event stream,
      // which stays open, and the blocked service worker's script, which never finishes.
      if (url.origin === origin && url.pathname !== "/api/user/events" && url.pathname !== "/service-worker.js") inflight.add(r);
    });
    page.on("requestfinished", (r) => inflight.delete(r));
    page.on("requestfailed", (r) => inflight.delete(r));
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("response", (res) => {
      const url = new URL(res.url());
      if (url.origin !== origin || !url.pathname.startsWith("/api/")) return;
      const entry: Answer = { method: res.request().method(), path: url.pathname + url.search, status: res.status(), body: "" };
      answers.push(entry);
      if (res.status() >= 400) void res.text().then((t) => (entry.body = t.slice(0, 200)), () => {});
    });
    const toasts: string[] = [];
    await page.exposeFunction("__vcToast", (text: string) => toasts.push(text));
    // Every toast the client shows (react-hot-toast: each a role=status live region), as it
    // appears. The session saves nothing, so no toast is expected at all: an error toast ("Request
    // Not Found" …) is what a failing route shows, and a success toast would mean a stray write.
    await page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const el of Array.from(document.querySelectorAll('[role="status"]'))) {
          const text = el.textContent?.trim() ?? "";
          if (seen.has(el) || !text) continue;
          seen.add(el);
          (window as unknown as { __vcToast(t: string): void }).__vcToast(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `vc-${name}.png`) });
    const go = async (hash: string, name: string) => {
      step(hash);
      await page.goto(`${client.url}/#${hash}`);
      // The event stream keeps a request open: "network idle" never comes. Wait for the page's
      // requests of the moment to be answered instead.
      await settle(page, inflight);
      await shot(name);
    };

    // A favorite of Ada's from before she signs in: the client reads the list and each favorite at start.
    const gid = suite.gid("general");
    const kept = await suite.admin.sendToChannel(gid, "A message worth keeping");
    await suite.admin.request("POST", "/favorite", { mid_list: [kept] });

    // Sign in.
    await page.goto(`${client.url}/#/login`);
    await page.locator('input[name="email"]').fill(ADA.email);
    await page.locator('input[name="password"]').fill(ADA.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => !u.hash.startsWith("#/login"));
    await settle(page, inflight);
    await shot("home");

    // A channel: send, and receive Bob's answer live.
    await go(`/chat/channel/${gid}`, "channel");
    const composer = page.locator('[contenteditable="true"]').first();
    await composer.click();
    await composer.pressSequentially("Hello from the VoceChat client", { delay: 20 });
    await page.waitForTimeout(500);
    await page.keyboard.press("Enter");
    await page.getByText("Hello from the VoceChat client").first().waitFor();
    const bob = await suite.api(BOB);
    await bob.sendToChannel(gid, "Bob answers live");
    await page.getByText("Bob answers live").first().waitFor();
    await shot("channel-chat");

    // A DM with Bob.
    await go(`/chat/dm/${suite.uid(BOB)}`, "dm");
    const dmComposer = page.locator('[contenteditable="true"]').first();
    await dmComposer.click();
    await dmComposer.pressSequentially("Hi Bob, a DM", { delay: 20 });
    await page.waitForTimeout(500);
    await page.keyboard.press("Enter");
    await page.getByText("Hi Bob, a DM").first().waitFor();
    await bob.send({ uid: suite.uid(ADA) }, "Bob's DM answer");
    await page.getByText("Bob's DM answer").first().waitFor();
    await shot("dm-chat");

    // A file in the channel, for the Files screen (which asks for 1000 rows at once).
    const uploaded = await bob.upload("notes.txt", "text/plain", Buffer.from("meeting notes"));
    await bob.send({ gid }, JSON.stringify({ path: uploaded.path }), { contentType: "vocechat/file" });
    await go("/files", "files");
    await page.getByText("notes.txt").first().waitFor();
    await shot("files");
    await go("/favs", "favorites");
    await page.getByText("A message worth keeping").first().waitFor();
    await shot("favorites");
    await go("/users", "users");
    await go(`/users/${suite.uid(BOB)}`, "user-bob");

    // Every settings page the client lists for an admin: read from its own navigation.
    await go("/setting", "setting");
    const navs = await settingNavs(page);
    // What 0.9.121 lists for an admin at the version Parley reports: none may go missing.
    expect(navs).toEqual(
      expect.arrayContaining(["overview", "my_account", "notification", "members", "data_management", "bot", "notification_channels", "firebase", "video", "smtp", "login_method", "third_app", "widget", "license", "api_doc", "version"]),
    );
    for (const nav of navs) await go(`/setting/${nav}`, `setting-${nav}`);
    // And every page of a channel's settings, from its own navigation.
    await go(`/setting/channel/${gid}/overview`, "setting-channel-overview");
    const channelNavs = await settingNavs(page, new RegExp(`setting/channel/${gid}/([a-z_]+)$`));
    expect(channelNavs).toContain("members");
    for (const nav of channelNavs.filter((n) => n !== "overview")) await go(`/setting/channel/${gid}/${nav}`, `setting-channel-${nav}`);

    await page.waitForTimeout(500);
    await context.close();
    const unexpected = answers.filter(
      (a) => a.status >= 400 && !EXPECTED.some((e) => e.route.test(`${a.method} ${a.path}`) && e.status === a.status) && !NOT_YET.some((n) => n.route.test(`${a.method} ${a.path}`)),
    );
    console.log(`settings pages: ${navs.join(", ")}; ${answers.length} /api answers`);
    expect(unexpected.map((a) => `${a.method} ${a.path} → ${a.status} ${a.body}`)).toEqual([]);
    expect(toasts).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

const started = Date.now();
function step(what: string) {
  if (process.env.VOCECHAT_E2E_DEBUG) console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);
}

/** Waits until no request but the event stream is in flight for 300 ms (at most 5 s). */
async function settle(page: Page, inflight: Set<unknown>) {
  const until = Date.now() + 5_000;
  let quietSince = Date.now();
  while (Date.now() < until) {
    await page.waitForTimeout(100);
    if (inflight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) return;
  }
  step(`still in flight: ${[...inflight].map((r) => (r as { url(): string }).url()).join(", ")}`);
}

/** The `nav` keys of the settings sidebar's links (`#/setting/<nav>`, or what `pattern` captures), in its order. */
async function settingNavs(page: Page, pattern = /setting\/([a-z_]+)$/): Promise<string[]> {
  const hrefs = await page.locator('a[href*="/setting/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const navs = hrefs.map((h) => pattern.exec(h)?.[1]).filter((n): n is string => !!n);
  return [...new Set(navs)];
}
