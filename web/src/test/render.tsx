/**
 * The render helper of the screen tests: the real app (router, store, services, Guard, Toaster)
 * on a fresh module graph, a scripted server behind `fetch`, a fake `EventSource`, and the English
 * translations loaded synchronously. For one component or hook on a fresh store, without the rest
 * of the app, use `renderWithStore` (renderWithStore.tsx).
 *
 * Every call resets the module registry, so each test gets its own store and module state; React
 * and Testing Library are imported from the same fresh registry as the app.
 */
import { afterEach, expect, vi } from "vitest";
import { DEFAULT_LOGIN_CONFIG } from "@parley/protocol";
import type { UserEvent } from "@testing-library/user-event";
import { initEnglish } from "./i18n";

type Json = unknown;
export interface MockResponse {
  status?: number;
  /** JSON body (or a string sent as text/plain). */
  body?: Json;
  /** Wait before answering (a pending promise until `release()` when `hold` is set). */
  delay?: number;
}
export type Handler = (req: RecordedCall) => MockResponse | Promise<MockResponse>;

export interface RecordedCall {
  method: string;
  /** Path with query, e.g. `/api/user/events?limit=500`. */
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export const ME = {
  uid: 1,
  email: "ada@example.com",
  name: "Ada Admin",
  gender: 0,
  language: "en-US",
  is_admin: true,
  is_bot: false,
  avatar_updated_at: 0,
  create_by: "password",
};

/** A public channel "general" (gid 1) as the server presents it, with every field. */
export const GROUP = {
  gid: 1,
  owner: null,
  name: "general",
  description: null,
  members: [],
  is_public: true,
  avatar_updated_at: 0,
  pinned_messages: [],
  show_email: false,
  add_friend: true,
  dm_to_member: true,
  only_owner_can_send_msg: false,
  ext_setting: null,
};

/** The boot calls of a healthy, initialized server. */
export const DEFAULT_API: Record<string, Handler> = {
  "GET /api/admin/system/initialized": () => ({ body: true }),
  "GET /api/admin/system/organization": () => ({ body: { name: "Testbed", description: null, server_id: "srv-1" } }),
  "GET /api/admin/login/config": () => ({ body: DEFAULT_LOGIN_CONFIG }),
  "GET /api/admin/system/version": () => ({ body: "0.3.20" }),
  "GET /api/admin/smtp/enabled": () => ({ body: false }),
  "GET /api/admin/system/common": () => ({ body: {} }),
  "GET /api/user": () => ({ body: [ME] }),
  "GET /api/user/me": () => ({ body: ME }),
  "GET /api/user/contacts": () => ({ body: [] }),
  "GET /api/user/contact_remarks": () => ({ body: [] }),
};

/**
 * The system settings routes of an admin page: `GET /admin/system/common` answers `stored`, and
 * `PUT` answers them merged with the change, or refuses with a 403 and `refuse` as its text.
 */
export function systemCommonApi(stored: object, refuse?: string): Record<string, Handler> {
  return {
    "GET /api/admin/system/common": () => ({ body: stored }),
    "PUT /api/admin/system/common": (req) => (refuse ? { status: 403, body: refuse } : { body: { ...stored, ...(req.body as object) } }),
  };
}

/**
 * An admin config route pair (`GET`/`POST /api/admin/<name>/config`, as SMTP, FCM and Agora have):
 * `stored` answered, each POST recorded in `posts`, refused with a 400 of `refuse` when given.
 */
export function adminConfigApi(name: string, stored: object, posts: RecordedCall[], refuse?: string): Record<string, Handler> {
  return {
    [`GET /api/admin/${name}/config`]: () => ({ body: stored }),
    [`POST /api/admin/${name}/config`]: (req) => (posts.push(req), refuse ? { status: 400, body: refuse } : { body: "" }),
  };
}

/** A stored session (the localStorage keys of docs/ARCHITECTURE.md "Client rules") whose token expires in `expiresInMs`. */
export function session(expiresInMs = 300_000, token = "tok-1"): Record<string, string> {
  return {
    VOCECHAT_TOKEN: token,
    VOCECHAT_REFRESH_TOKEN: `refresh-${token}`,
    VOCECHAT_TOKEN_EXPIRE: String(Date.now() + expiresInMs),
    VOCECHAT_CURR_UID: String(ME.uid),
    VOCECHAT_LOGIN_USER: JSON.stringify(ME),
    VOCECHAT_DEVICE_KEY: "web:test-device",
  };
}

/** A controllable stand-in for the browser's EventSource. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent<string>) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  static last(): FakeEventSource {
    return FakeEventSource.instances[FakeEventSource.instances.length - 1];
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  send(event: Record<string, unknown>) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(event) }));
  }
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event("error"));
  }
  close() {
    this.readyState = 2;
  }
}

/**
 * A minimal Response: happy-dom's own reads bodies through its timer-driven task manager, which
 * fake timers can stall.
 */
function toResponse({ status = 200, body }: MockResponse): Response {
  const text = typeof body === "string" ? body : body === undefined ? "" : JSON.stringify(body);
  const type = typeof body === "string" ? "text/plain" : "application/json";
  const make = (): Response =>
    ({
      ok: status >= 200 && status < 300,
      status,
      statusText: "",
      url: "",
      redirected: false,
      type: "basic",
      body: null,
      bodyUsed: false,
      headers: new Headers({ "Content-Type": type }),
      text: async () => text,
      json: async () => JSON.parse(text),
      clone: make,
    }) as unknown as Response;
  return make();
}

export interface RenderOptions {
  /** The hash route to open, e.g. `/chat/channel/1`. */
  route?: string;
  /** localStorage before the app loads. */
  storage?: Record<string, string>;
  /** Server routes by `METHOD /path` (no query); they override `DEFAULT_API`. */
  api?: Record<string, Handler>;
}

// The first render of a file loads the app's modules cold; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

let teardown: (() => void) | null = null;
/** Unmounts the app `renderApp` rendered last, if any, and lifts its stubs. */
function unmountApp() {
  teardown?.();
  teardown = null;
}
afterEach(unmountApp);

export async function renderApp({ route = "/", storage = {}, api = {} }: RenderOptions = {}) {
  // One app at a time, as a page load replaces the last: an app left mounted beside the new one
  // would hear its tab announcement and go inactive, on a busy machine only after the test had
  // already found both apps' controls (seen in CI).
  unmountApp();
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
  window.location.hash = `#${route}`;

  const calls: RecordedCall[] = [];
  const routes = { ...DEFAULT_API, ...api };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(req.url);
    const text = req.method === "GET" ? "" : await req.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // a text body
    }
    const call: RecordedCall = { method: req.method, url: url.pathname + url.search, path: url.pathname, headers: Object.fromEntries([...req.headers].map(([k, v]) => [k.toLowerCase(), v])), body };
    calls.push(call);
    const handler = routes[`${req.method} ${url.pathname}`];
    if (!handler) return toResponse({ status: 404, body: "Not Found" });
    const res = await handler(call);
    if (res.delay) await new Promise((r) => setTimeout(r, res.delay));
    return toResponse(res);
  });
  vi.stubGlobal("fetch", fetchMock);
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);

  // One module graph: React, Testing Library and the app.
  const [{ default: React }, rtl, { default: userEvent }, { default: i18n }, { initReactI18next }, { store }, { default: AppRouter }, { Provider }] = await Promise.all([
    import("react"),
    import("@testing-library/react"),
    import("@testing-library/user-event"),
    import("../i18n"),
    import("react-i18next"),
    import("../app/store"),
    import("../routes"),
    import("react-redux"),
  ]);
  rtl.configure({ asyncUtilTimeout: 8_000 });
  await initEnglish(i18n, initReactI18next);

  const view = rtl.render(
    <Provider store={store}>
      <React.Suspense fallback={null}>
        <AppRouter />
      </React.Suspense>
    </Provider>,
  );
  teardown = () => {
    view.unmount();
    vi.unstubAllGlobals();
  };
  const user: UserEvent = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  return {
    ...rtl.screen,
    rtl,
    view,
    store,
    user,
    calls,
    fetch: fetchMock,
    /** The current hash route. */
    path: () => window.location.hash.replace(/^#/, ""),
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /**
     * Waits for the app's event stream, opens it and sends `events` (the session's first
     * `related_groups`, `user_settings`, messages…), then `ready`; answers the stream.
     */
    async openStream(...events: Record<string, unknown>[]) {
      await vi.waitFor(() => expect(FakeEventSource.last()).toBeDefined(), { timeout: 15_000 });
      const es = FakeEventSource.last();
      rtl.act(() => {
        es.open();
        for (const event of events) es.send(event);
        es.send({ type: "ready" });
      });
      return es;
    },
  };
}
