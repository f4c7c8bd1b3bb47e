/**
 * The event stream state machine (docs/ARCHITECTURE.md "Client rules") with the app rendered: connecting → connected
 * → ready; on an error it reconnects after 2 s, or stops while offline or hidden and comes back
 * (1.5 s after the page is shown again); 20 s without a heartbeat reconnects; the cursor
 * (`after_mid`, `users_version`) is persisted and sent; kicks and role changes reach the user.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, GROUP, ME, renderApp, session, type RenderOptions } from "../../test/render";

const chat = (mid: number) => ({
  type: "chat",
  mid,
  from_uid: 2,
  created_at: Date.now(),
  target: { gid: 1 },
  detail: { type: "normal", content: `hello ${mid}`, content_type: "text/plain", properties: null, expires_in: null },
});

let visibility: DocumentVisibilityState = "visible";
let online = true;

beforeEach(() => {
  visibility = "visible";
  online = true;
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
});
afterEach(() => {
  vi.useRealTimers();
});

async function connected(api: RenderOptions["api"] = {}) {
  const app = await renderApp({ route: "/", storage: session(), api });
  await app.findByText("Welcome to Testbed");
  // The stream opens after the app is up (a renewal check comes first): wait for it, so a slow
  // machine does not see "no EventSource yet".
  await vi.waitFor(() => expect(FakeEventSource.last()).toBeDefined());
  // Fake timers only once the app is up: React and happy-dom keep the timers they start with.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const act = app.rtl.act;
  const es = FakeEventSource.last();
  return { app, es, act, pill: () => document.querySelector("[data-sse]")?.getAttribute("data-sse") };
}

describe("event stream", () => {
  it("goes connecting → connected → ready and applies the connect sequence", async () => {
    const { app, es, act, pill } = await connected();
    expect(es.url).toBe("/api/user/events?limit=500&api-key=tok-1");
    expect(pill()).toBe("connecting");
    act(() => es.open());
    expect(pill()).toBe("syncing");
    act(() => {
      es.send({ type: "users_snapshot", users: [ME], version: 7 });
      es.send({ type: "related_groups", groups: [GROUP] });
      es.send(chat(41));
      es.send({ type: "ready" });
    });
    expect(pill()).toBe("connected");
    // The channel, with its one unread message.
    await app.findByRole("link", { name: /^general/ });
    await vi.advanceTimersByTimeAsync(50);
    expect(localStorage.getItem("VOCECHAT_USERS_VERSION")).toBe("7");
    expect(localStorage.getItem("VOCECHAT_AFTER_MID")).toBe("41");
  });

  it("reconnects 2 s after an error, sending the persisted cursor", async () => {
    const { es, act, pill } = await connected();
    act(() => {
      es.open();
      es.send({ type: "users_snapshot", users: [ME], version: 3 });
      es.send(chat(12));
      es.send({ type: "ready" });
    });
    await vi.advanceTimersByTimeAsync(50);
    act(() => es.fail());
    expect(pill()).toBe("reconnecting");
    const before = FakeEventSource.instances.length;
    await vi.advanceTimersByTimeAsync(1_900);
    expect(FakeEventSource.instances.length).toBe(before);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeEventSource.instances.length).toBe(before + 1);
    expect(FakeEventSource.last().url).toBe("/api/user/events?limit=500&api-key=tok-1&after_mid=12&users_version=3");
  });

  it("stops while hidden and resumes 1.5 s after the page is shown", async () => {
    const { es, act, pill } = await connected();
    act(() => es.open());
    visibility = "hidden";
    document.dispatchEvent(new Event("visibilitychange"));
    act(() => es.fail());
    expect(pill()).toBe("disconnected");
    const before = FakeEventSource.instances.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeEventSource.instances.length).toBe(before);

    visibility = "visible";
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await vi.advanceTimersByTimeAsync(1_400);
    expect(FakeEventSource.instances.length).toBe(before);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeEventSource.instances.length).toBe(before + 1);
  });

  it("reconnects from scratch after more than 24 h hidden, saying 'Reconnecting...'", async () => {
    // A day later the token has expired too: it is renewed before the new stream opens.
    const { es, act } = await connected({ "POST /api/token/renew": () => ({ body: { token: "tok-2", refresh_token: "refresh-2", expired_in: 300 } }) });
    act(() => {
      es.open();
      es.send({ type: "ready" });
    });
    visibility = "hidden";
    document.dispatchEvent(new Event("visibilitychange"));
    vi.setSystemTime(Date.now() + 86_401_000);
    visibility = "visible";
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await vi.waitFor(() => expect(document.querySelector('[data-toast="loading"]')?.textContent).toBe("Reconnecting..."));
    await vi.waitFor(() => expect(FakeEventSource.last().url).toContain("api-key=tok-2"));
    expect(es.readyState).toBe(FakeEventSource.CLOSED);
    // The toast goes once the new stream is ready.
    act(() => {
      FakeEventSource.last().open();
      FakeEventSource.last().send({ type: "ready" });
    });
    expect(document.querySelector('[data-toast="loading"]')).toBeNull();
  });

  it("stops while offline and reconnects when the network is back", async () => {
    const { app, es, act, pill } = await connected();
    act(() => es.open());
    online = false;
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(pill()).toBe("offline");
    await app.findByText("Network Offline!");
    expect(es.readyState).toBe(FakeEventSource.CLOSED);
    const before = FakeEventSource.instances.length;
    online = true;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(FakeEventSource.instances.length).toBe(before + 1);
    expect(app.queryByText("Network Offline!")).toBeNull();
  });

  it("reconnects when no heartbeat arrives for 20 s", async () => {
    const { es, act } = await connected();
    act(() => {
      es.open();
      es.send({ type: "ready" });
    });
    await vi.advanceTimersByTimeAsync(15_000);
    act(() => es.send({ type: "heartbeat", time: Date.now() }));
    await vi.advanceTimersByTimeAsync(15_000);
    const before = FakeEventSource.instances.length;
    expect(es.readyState).not.toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(5_100);
    expect(es.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances.length).toBe(before + 1);
  });

  it("logs out on a kick from another device", async () => {
    const { app, es, act } = await connected();
    act(() => {
      es.open();
      es.send({ type: "kick", reason: "login_from_other_device" });
    });
    await app.findByText("kicked from the other device");
    await app.findByRole("heading", { name: "Sign in to Testbed" });
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBeNull();
  });

  it("keeps the session on a device kick that comes after a newer tab took over", async () => {
    // The newer tab of this browser opened its stream before this one's had closed: the server
    // kicks this one (same device). The session is the newer tab's too: it must stay.
    const { app, es, act } = await connected();
    act(() => {
      es.open();
      es.send({ type: "ready" });
      app.store.dispatch({ type: "ui/setInactive", payload: true });
      es.send({ type: "kick", reason: "login_from_other_device" });
    });
    await app.findByRole("heading", { name: "Only one active tab is allowed" });
    expect(localStorage.getItem("VOCECHAT_TOKEN")).not.toBeNull();
    expect(app.rtl.screen.queryByText("kicked from the other device")).toBeNull();
  });

  it("asks to re-login when the user's role changes", async () => {
    const { app, es, act } = await connected();
    act(() => {
      es.open();
      es.send({ type: "ready" });
      es.send({ type: "users_log", logs: [{ log_id: 8, action: "update", uid: ME.uid, email: null, name: null, gender: null, language: null, is_admin: false, is_bot: null, avatar_updated_at: null }] });
    });
    await app.findByText("Detected your role has changed, would you re-login to take effect?");
    await app.user.click(app.getByRole("button", { name: "Maybe later" }));
    expect(app.queryByText("Detected your role has changed, would you re-login to take effect?")).toBeNull();
  });
});
