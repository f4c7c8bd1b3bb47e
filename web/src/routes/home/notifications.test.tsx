/**
 * What arriving messages do outside the conversation: the unread count in the title and on the
 * page icon (live, and gone once everything is read), and a desktop notification only while the
 * tab is hidden, under the server's rule (not own, muted only when it mentions me).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp, session } from "../../test/render";
import { chat, CONVERSATION_ROUTES, conversationEvents } from "./conversations.fixture";

/** An Image that loads at once (happy-dom loads none), so the badge is drawn over it. */
class LoadingImage {
  onload: (() => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  width = 64;
  height = 64;
  private url = "";
  get src() {
    return this.url;
  }
  set src(url: string) {
    this.url = url;
    setTimeout(() => this.onload?.(), 0);
  }
}

const drawn: string[] = [];

beforeEach(() => {
  drawn.length = 0;
  // happy-dom has no 2D canvas: one that records the badge's text and answers a data URL.
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (target, key) => (key === "fillText" ? (text: string) => drawn.push(text) : (target[key as string] ?? (() => undefined))),
    set: (target, key, value) => ((target[key as string] = value), true),
  });
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockImplementation(() => `data:image/png;base64,badge-${drawn.at(-1)}`);
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, "visibilityState");
});

async function connected(storage: Record<string, string> = {}) {
  const app = await renderApp({
    route: "/chat/channel/10",
    storage: { ...session(), ...storage },
    api: {
      ...CONVERSATION_ROUTES,
      "POST /api/user/read-index": () => ({ body: "" }),
    },
  });
  vi.stubGlobal("Image", LoadingImage);
  const es = await app.openStream(...conversationEvents("@1 are you in?"));
  await vi.waitFor(() => expect(document.querySelector('[data-conv="dm:2"]')).not.toBeNull());
  const send = (...events: Record<string, unknown>[]) => app.rtl.act(() => events.forEach((e) => es.send(e)));
  return { app, send };
}

const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute("href");

describe("unread count in the title and the page icon", () => {
  it("counts unread messages (a muted channel only by its mentions), live, and clears when read", async () => {
    const { app, send } = await connected();
    // random: 2 unread; design (muted): no mention; Bob's DM: 1.
    await vi.waitFor(() => expect(document.title).toBe("(3) Testbed Web App"));
    await vi.waitFor(() => expect(icon()).toBe("data:image/png;base64,badge-3"));

    send(chat(7, { gid: 12 }, "@1 look", { mentions: [1] }), chat(8, { uid: 1 }, "and this"));
    await vi.waitFor(() => expect(document.title).toBe("(5) Testbed Web App"));
    await vi.waitFor(() => expect(icon()).toBe("data:image/png;base64,badge-5"));

    send({
      type: "user_settings_changed",
      read_index_groups: [
        { gid: 11, mid: 3 },
        { gid: 12, mid: 7 },
      ],
      read_index_users: [{ uid: 2, mid: 8 }],
    });
    await vi.waitFor(() => expect(document.title).toBe("Testbed Web App"));
    await vi.waitFor(() => expect(icon()).not.toMatch(/^data:/));
    expect(app.path()).toBe("/chat/channel/10");
  });
});

describe("desktop notifications", () => {
  function stubNotification() {
    const shown: { title: string; options: NotificationOptions; onclick: (() => void) | null; close: () => void }[] = [];
    const requestPermission = vi.fn(async () => "granted" as NotificationPermission);
    function FakeNotification(this: (typeof shown)[number], title: string, options: NotificationOptions) {
      this.title = title;
      this.options = options;
      this.onclick = null;
      this.close = () => undefined;
      shown.push(this);
    }
    vi.stubGlobal("Notification", Object.assign(FakeNotification, { permission: "granted", requestPermission }));
    return { shown, requestPermission };
  }
  const hide = (hidden: boolean) => Object.defineProperty(document, "visibilityState", { value: hidden ? "hidden" : "visible", configurable: true });

  it("shows a hidden tab's new messages by the rule, and a click opens the conversation", async () => {
    const { app, send } = await connected({ "parley:desktop_notify": "1" });
    const { shown, requestPermission } = stubNotification();
    hide(true);
    send(
      chat(7, { gid: 11 }, "pizza at noon"),
      chat(8, { gid: 12 }, "muted chatter"),
      chat(9, { gid: 12 }, "@1 please review", { mentions: [1] }),
      chat(10, { gid: 11 }, "my own words", null, 1),
      chat(11, { uid: 1 }, "psst"),
    );
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    // Newest first; the muted channel's plain message and my own message are not shown.
    expect(shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ["Bob Builder", "psst", "parley-u2"],
      ["Bob Builder · #design", "@Ada Admin please review", "parley-g12"],
      ["Bob Builder · #random", "pizza at noon", "parley-g11"],
    ]);
    expect(requestPermission).not.toHaveBeenCalled();
    app.rtl.act(() => shown[2].onclick?.());
    await vi.waitFor(() => expect(app.path()).toBe("/chat/channel/11"));
  });

  it("shows nothing while the tab is visible, or when the user has not turned them on", async () => {
    const { send } = await connected({ "parley:desktop_notify": "1" });
    const { shown } = stubNotification();
    hide(false);
    send(chat(7, { gid: 11 }, "you are looking"));
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toHaveLength(0);

    localStorage.setItem("parley:desktop_notify", "0");
    hide(true);
    send(chat(8, { gid: 11 }, "switched off"));
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toHaveLength(0);
  });

  it("offers desktop notifications once, after the user's own first message, without asking the browser", async () => {
    const { app, send } = await connected();
    const requestPermission = vi.fn(async () => "granted" as NotificationPermission);
    vi.stubGlobal("Notification", Object.assign(function Notification() {}, { permission: "default", requestPermission }));
    expect(app.queryByText(/Get a desktop notification/)).toBeNull();
    send(chat(7, { gid: 10 }, "hello all", null, 1));
    await app.findByText("Get a desktop notification when a message arrives while Parley is in the background?");
    expect(requestPermission).not.toHaveBeenCalled();
    await app.user.click(app.getByRole("button", { name: "Turn on" }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(localStorage.getItem("parley:desktop_notify")).toBe("1"));
  });
});
