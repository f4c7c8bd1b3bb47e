/**
 * Notifications in Chromium (issue 20, docs/API.md "Web Push (addition)"): on Settings → Notifications
 * a member turns on Web Push; the production build's service worker (sw.js importing
 * push-sw.js) is subscribed with the server's VAPID key and the server stores the subscription;
 * turning it off removes it, and so does signing out. The worker shows a push delivered through
 * DevTools. A notification channel is added from its schema and the admin's
 * Firebase page saves its config. The pages are axe-clean; screenshots light and dark.
 *
 * The push service: headless Chromium has no push service to register with (its
 * `pushManager.subscribe` fails with "push service error"), so the test gives the page's
 * PushManager a subscription whose endpoint is a local HTTP receiver and whose keys are a real
 * P-256 key pair and auth secret (made in the page with WebCrypto). Everything after the browser's
 * registration is real: the service worker, the VAPID key from the server, the POST and DELETE.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolationsInBothSchemes } from "../helpers/axe";
import { closeCleanly, switchColorScheme } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

// PREVIEW_ALLOW_PRIVATE: the server takes (and sends to) the local receiver's http endpoint.
// The whole Chromium: the headless shell denies notification permission, so its switch stays off.
const suite = useSuite({
  members: [BOB],
  channels: [{ name: "general", description: "Everyone" }, { name: "releases", description: "Ship notes" }],
  env: { PREVIEW_ALLOW_PRIVATE: "1", NOTIFY_PUSH_DELAY_MS: "200" },
  browser: "full",
});
const SHOTS = "/tmp/shots";

let receiver: Server;
let receiverUrl = "";
const pushes: { path: string; headers: Record<string, string | string[] | undefined> }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    pushes.push({ path: req.url ?? "", headers: req.headers });
    req.resume();
    req.on("end", () => res.writeHead(201).end());
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

/** Light and dark screenshots under /tmp/shots/notify-<name>-<scheme>.png. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(1, 1);
  for (const scheme of ["light", "dark"] as const) {
    await switchColorScheme(page, scheme);
    await page.screenshot({ path: path.join(SHOTS, `notify-${name}-${scheme}.png`), fullPage: true });
  }
}

/**
 * Stands in for the push service (see the header): `subscribe` answers a subscription to the
 * local receiver with a fresh P-256 key and auth secret, `getSubscription` answers it afterwards,
 * `unsubscribe` forgets it. The real `subscribe` is tried first and kept if it works.
 */
function stubPushService(endpointBase: string) {
  const b64url = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const realSubscribe = PushManager.prototype.subscribe;
  let current: PushSubscription | null = null;
  (window as unknown as { __pushStub: string }).__pushStub = "unused";
  PushManager.prototype.subscribe = async function (this: PushManager, options?: PushSubscriptionOptionsInit) {
    try {
      current = await realSubscribe.call(this, options);
      (window as unknown as { __pushStub: string }).__pushStub = "real";
      return current;
    } catch {
      (window as unknown as { __pushStub: string }).__pushStub = "stubbed";
    }
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const p256dh = b64url(await crypto.subtle.exportKey("raw", pair.publicKey));
    const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const endpoint = `${endpointBase}/push/${crypto.randomUUID()}`;
    const sub = {
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey ?? null },
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    current = sub as unknown as PushSubscription;
    return current;
  };
  const realGet = PushManager.prototype.getSubscription;
  PushManager.prototype.getSubscription = async function (this: PushManager) {
    return current ?? (await realGet.call(this));
  };
}

describe("Settings → Notifications in Chromium", () => {
  it("subscribes this browser to Web Push through the service worker, and the server keeps the subscription", async () => {
    // The one page of the suites whose service worker runs (push needs it).
    const tp = await suite.page("light", { serviceWorkers: "allow" });
    const { page, context } = tp;
    await context.grantPermissions(["notifications"], { origin: suite.url });
    await page.addInitScript(stubPushService, receiverUrl);
    await suite.signIn(page, BOB);
    await openRoute(page, "/setting/notifications");
    // The production worker is registered and active (push needs one), and it imports push-sw.js.
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration("/"))?.active, undefined, { timeout: 30_000 });
    // What the worker installs: the client's shell, without translations (nine languages' for a
    // reader who needs one) and without Agora's SDK. Polled: once in CI the precache held
    // index.html but no script yet when first read, though the worker was already active.
    const installed = () =>
      page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) if (name.includes("-precache-")) paths.push(...(await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname));
        return paths;
      });
    await expect.poll(async () => (await installed()).some((p) => /^\/assets\/index-.+\.js$/.test(p)), { timeout: 30_000 }).toBe(true);
    const precached = await installed();
    expect(precached).toContain("/index.html");
    expect(precached.filter((p) => p.startsWith("/locales/") || p.includes("agoraMedia"))).toEqual([]);
    const push = page.getByRole("switch", { name: "Push notifications" });
    await expect.poll(() => push.isDisabled()).toBe(false);
    await push.click();
    await expect.poll(() => push.getAttribute("aria-checked")).toBe("true");
    const bob = await suite.api(BOB);
    const stored = await bob.request<{ id: number; endpoint_origin: string }[]>("GET", "/user/push/subscriptions");
    const via = await page.evaluate(() => (window as unknown as { __pushStub: string }).__pushStub);
    console.info(`[e2e] push subscription through the ${via === "real" ? "browser's push service" : "local stand-in for the push service"}`);
    expect(stored).toHaveLength(1);
    if (via !== "real") expect(stored[0].endpoint_origin).toBe(receiverUrl);
    // A DM from Ada reaches the subscription: the server posts an encrypted, VAPID-signed push to it.
    if (via !== "real") {
      await suite.admin.send({ uid: suite.uid(BOB) }, "lunch at noon?");
      await expect.poll(() => pushes.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(pushes[0].headers["content-encoding"]).toBe("aes128gcm");
      expect(String(pushes[0].headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    }
    // The worker has the push handlers of push-sw.js.
    const sw = await page.evaluate(async () => (await fetch("/sw.js")).text());
    expect(sw).toContain("push-sw.js");

    await page.getByRole("switch", { name: "Desktop notifications" }).click();
    await expect.poll(() => page.getByRole("switch", { name: "Desktop notifications" }).getAttribute("aria-checked")).toBe("true");
    await expectNoSeriousA11yViolationsInBothSchemes(page, "notifications (push on)");
    await shoot(page, "settings");

    await push.click();
    await expect.poll(() => push.getAttribute("aria-checked")).toBe("false");
    await expect.poll(() => bob.request<unknown[]>("GET", "/user/push/subscriptions")).toEqual([]);

    // Signing out takes this browser's subscription with the session.
    await push.click();
    await expect.poll(() => bob.request<unknown[]>("GET", "/user/push/subscriptions").then((l) => l.length)).toBe(1);
    await page.getByRole("button", { name: "Log out" }).first().click();
    await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/#\/login/);
    await expect.poll(() => bob.request<unknown[]>("GET", "/user/push/subscriptions")).toEqual([]);
    expect(await page.evaluate(async () => !!(await (await navigator.serviceWorker.getRegistration("/"))?.pushManager.getSubscription()))).toBe(false);

    // The worker shows a push (push-sw.js), delivered through DevTools while no window of the app
    // is open (an open, focused one shows messages itself), and keeps the conversation's URL.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const reg = registrations.find((r) => !r.isDeleted && r.scopeURL === `${suite.url}/`);
        if (reg) resolve(reg.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const id = await registrationId;
    await page.goto("about:blank");
    const payload = { title: "Ada Admin", body: "the push worker shows this", url: "/#/chat/dm/1", tag: "parley-u1", mid: 4242 };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: suite.url, registrationId: id, data: JSON.stringify(payload) });
    await page.goto(`${suite.url}/#/login`);
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration("/"))!.getNotifications()).map((n) => [n.title, n.body, n.tag, (n.data as { url: string }).url])))
      .toEqual([["Ada Admin", "the push worker shows this", "parley-u1", "/#/chat/dm/1"]]);
    await closeCleanly(tp);
  });

  it("adds a notification channel from its schema, and the admin's channel types and Firebase pages work", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/notifications");
    await page.getByRole("switch", { name: "Gotify" }).click();
    await expect.poll(() => page.getByRole("switch", { name: "Gotify" }).getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => page.getByTestId("channel-add").isDisabled()).toBe(false);
    await page.getByText("Login Successfully!").waitFor({ state: "hidden", timeout: 15_000 });
    await page.getByTestId("channel-add").click();
    await page.getByTestId("channel-type").selectOption("gotify");
    await page.getByTestId("channel-name").fill("Home server");
    const fields = page.getByTestId("channel-form").locator("input, textarea");
    expect(await fields.count()).toBeGreaterThan(1);
    await shoot(page, "channel-form");
    await page.getByRole("checkbox", { name: "#releases" }).scrollIntoViewIfNeeded();
    await shoot(page, "channel-form-groups");
    await expectNoSeriousA11yViolationsInBothSchemes(page, "notification channel form");
    await page.getByTestId("channel-save").click();
    // The schema's required fields are said in words before anything is sent.
    await page.getByText(/is required\./).waitFor();
    // Filled in, to the local receiver standing in for Gotify: saved, listed, and its test reaches it.
    await page.getByTestId("channel-field-server_url").fill(receiverUrl);
    await page.getByTestId("channel-field-app_token").fill("gotify-app-token");
    await page.getByTestId("channel-save").click();
    await page.getByRole("switch", { name: /Home server/ }).waitFor();
    const before = pushes.length;
    await page.getByRole("button", { name: "Send test to Home server" }).click();
    await page.getByText("Test notification sent.").waitFor();
    expect(pushes.slice(before).map((p) => p.path)).toEqual(["/message"]);
    await expectNoSeriousA11yViolationsInBothSchemes(page, "notification channels");
    await shoot(page, "channels");

    await openRoute(page, "/setting/firebase");
    await page.getByTestId("fcm-form").waitFor();
    // One's own project: the service-account fields.
    await page.getByRole("switch", { name: "Use the official relay" }).click();
    await page.getByTestId("fcm-project-id").fill("parley-1234");
    await page.getByTestId("fcm-client-email").fill("fcm@parley-1234.iam.gserviceaccount.com");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    await page.getByTestId("fcm-private-key").fill(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    await page.getByTestId("fcm-save").click();
    await page.getByText("Saved.").waitFor();
    // Read back, the stored key is the mask.
    await expect.poll(() => page.getByTestId("fcm-private-key").inputValue()).toBe("********");
    expect(await suite.admin.request("GET", "/admin/fcm/config")).toMatchObject({ use_official: false, project_id: "parley-1234", private_key: "********" });
    await expectNoSeriousA11yViolationsInBothSchemes(page, "firebase");
    await shoot(page, "firebase");
    await closeCleanly(tp);
  });
});
