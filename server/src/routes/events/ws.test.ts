import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { EventOf, ServerEvent } from "@parley/protocol";
import { call } from "../../test/api.js";
import { isType } from "../../test/events.js";
import { buildAdmin, buildChannel, buildMember, buildMessage } from "../../test/factories.js";
import { dialects, login, type Session, type TestServer } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";

/** A WebSocket client of `/api/user/events_ws` that records each text frame as one event. */
interface WsClient {
  ws: WebSocket;
  events: ServerEvent[];
  /** Every text frame as received (each must be exactly one event's JSON). */
  frames: string[];
  waitFor<T extends ServerEvent = ServerEvent>(pred: (e: ServerEvent) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
}

const open: WsClient[] = [];

/** Connects and waits for `ready` (the end of the connect sequence). */
async function connectWs(s: TestServer, query: Record<string, string | number>): Promise<WsClient> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const ws = new WebSocket(`${s.url.replace(/^http/, "ws")}/api/user/events_ws?${qs}`);
  const client: WsClient = {
    ws,
    events: [],
    frames: [],
    closed: new Promise((resolve) => ws.on("close", (code) => resolve(code))),
    waitFor(pred, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = client.events.find(pred);
          if (!found) return false;
          clearTimeout(timer);
          ws.off("message", check);
          resolve(found as never);
          return true;
        };
        const timer = setTimeout(() => reject(new Error(`timed out; got ${client.events.map((e) => e.type).join(",")}`)), timeoutMs);
        if (!check()) ws.on("message", check);
      });
    },
  };
  ws.on("message", (data, isBinary) => {
    expect(isBinary).toBe(false);
    const text = (data as Buffer).toString("utf8");
    client.frames.push(text);
    client.events.push(JSON.parse(text) as ServerEvent);
  });
  open.push(client);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  await client.waitFor(isType("ready"));
  return client;
}

/** The status of a refused handshake (the HTTP answer before any upgrade), with its body. */
function refusal(s: TestServer, query: Record<string, string>, headers: Record<string, string> = { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==" }): Promise<{ status: number; body: string }> {
  const qs = new URLSearchParams(query).toString();
  return new Promise((resolve, reject) => {
    const req = http.get(`${s.url}/api/user/events_ws?${qs}`, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("upgrade", () => reject(new Error("upgraded")));
    req.on("error", reject);
  });
}

const chatMids = (c: WsClient) => c.events.filter(isType("chat")).map((e) => e.mid);

async function seed(s: TestServer) {
  const admin = await buildAdmin(s);
  return { admin, bob: await buildMember(s, admin, "Bob") };
}

const key = (who: Session) => ({ "api-key": who.token });

describe.each(dialects())("WS /api/user/events_ws (%s)", (dialect) => {
  const suite = useSuite(dialect, { listen: true, seed });
  afterEach(() => {
    for (const c of open.splice(0)) c.ws.terminate();
  });

  it("sends the connect sequence, one event JSON per text frame, then live events", async () => {
    const { s, seed: { admin, bob } } = suite;
    const general = await buildChannel(s, admin, { name: "general", is_public: true });
    const m1 = await buildMessage(s, admin, { gid: general }, "hello");
    const m2 = await buildMessage(s, admin, { uid: bob.uid }, "hi bob");
    const c = await connectWs(s, key(bob));
    expect(c.events.map((e) => e.type)).toEqual(["users_snapshot", "users_state", "related_groups", "user_settings", "chat", "chat", "ready"]);
    expect(chatMids(c)).toEqual([m1, m2]);
    // Each frame is exactly one JSON object, without the SSE `data: ` framing.
    for (const frame of c.frames) expect(frame).toMatch(/^\{.*\}$/s);

    const live = await buildMessage(s, admin, { gid: general }, "live");
    const event = await c.waitFor<EventOf<"chat">>((e) => e.type === "chat" && e.mid === live);
    expect(event.detail).toMatchObject({ type: "normal", content: "live" });
    // The SSE stream of another user hears the same event through the same hub.
    const [sse] = await suite.connect(admin);
    const again = await buildMessage(s, bob, { gid: general }, "from bob");
    await c.waitFor((e) => e.type === "chat" && e.mid === again);
    await sse.waitFor((e) => e.type === "chat" && e.mid === again);
    expect(chatMids(c)).toEqual([m1, m2, live, again]);
  });

  it("resumes with after_mid without gaps or duplicates, and users_version sends only the log diff", async () => {
    const { s, seed: { admin, bob } } = suite;
    const general = await buildChannel(s, admin, { name: "general", is_public: true });
    const first = await connectWs(s, key(bob));
    const seen = await buildMessage(s, admin, { gid: general }, "seen live");
    await first.waitFor((e) => e.type === "chat" && e.mid === seen);
    first.ws.close();
    await first.closed;

    const missed: number[] = [];
    for (let i = 0; i < 4; i++) missed.push(await buildMessage(s, admin, { gid: general }, `missed ${i}`));
    missed.push(await buildMessage(s, admin, { uid: bob.uid }, "missed dm"));
    const version = await s.ctx.repos.users.usersVersion();
    const again = await connectWs(s, { ...key(bob), after_mid: seen, users_version: version });
    expect(again.events.some((e) => e.type === "users_snapshot" || e.type === "users_log")).toBe(false);
    expect(chatMids(again)).toEqual(missed);
    const live = await buildMessage(s, admin, { gid: general }, "live again");
    await again.waitFor((e) => e.type === "chat" && e.mid === live);
    expect(chatMids(again)).toEqual([...missed, live]);
  });

  it("keeps one stream per (user, device) across SSE and WebSocket: the older one is kicked", async () => {
    const { s, seed: { bob } } = suite;
    const older = await connectWs(s, key(bob));
    const [newer] = await suite.connect(bob);
    expect((await older.waitFor<EventOf<"kick">>(isType("kick"))).reason).toBe("login_from_other_device");
    expect(await older.closed).toBe(1000);
    const newest = await connectWs(s, key(bob));
    expect((await newer.waitFor<EventOf<"kick">>(isType("kick"))).reason).toBe("login_from_other_device");
    expect(newest.events.some((e) => e.type === "kick")).toBe(false);
  });

  it("logout and deleting the device kick the socket, which is then closed", async () => {
    const { s, seed: { bob } } = suite;
    const c = await connectWs(s, key(bob));
    expect((await call(s, "GET", "/token/logout", bob)).statusCode).toBe(200);
    expect((await c.waitFor<EventOf<"kick">>(isType("kick"))).reason).toBe("logout");
    expect(await c.closed).toBe(1000);

    const phone = await login(s, "bob@example.com", "member-pass", "phone");
    const desk = await login(s, "bob@example.com", "member-pass", "desk");
    const onPhone = await connectWs(s, key(phone));
    expect((await call(s, "DELETE", "/user/devices/phone", desk)).statusCode).toBe(200);
    expect((await onPhone.waitFor<EventOf<"kick">>(isType("kick"))).reason).toBe("delete_device");
    await onPhone.closed;
  });

  it("refuses before the upgrade: 401 without or with a bad token, 403 for a signed-out device, 400 for bad parameters, 426 without Upgrade", async () => {
    const { s, seed: { bob } } = suite;
    expect(await refusal(s, {})).toMatchObject({ status: 401 });
    expect(await refusal(s, { "api-key": "garbage" })).toMatchObject({ status: 401 });
    expect((await refusal(s, { ...key(bob), after_mid: "-1" })).status).toBe(400);
    expect((await refusal(s, key(bob), {})).status).toBe(426);
    expect((await call(s, "GET", "/token/logout", bob)).statusCode).toBe(200);
    // The access token is still valid until it expires, but its device is gone.
    expect(await refusal(s, key(bob))).toEqual({ status: 403, body: "unknown device" });
    expect(s.ctx.hub.connectionCount()).toBe(0);
  });

  it("pings an idle socket (the SSE stream's keep-alive comment)", async () => {
    const { s, seed: { bob } } = suite;
    const c = await connectWs(s, key(bob));
    await new Promise<void>((resolve) => c.ws.once("ping", () => resolve()));
    // The keep-alive is a control frame, not an event.
    expect(c.frames.every((f) => f.startsWith("{"))).toBe(true);
  }, 15_000);

  it("ignores what the client sends and answers its pings; a message over 4 KB closes the socket", async () => {
    const { s, seed: { bob } } = suite;
    const c = await connectWs(s, key(bob));
    const pong = new Promise<string>((resolve) => c.ws.once("pong", (data) => resolve(data.toString())));
    c.ws.ping("are you there");
    c.ws.send("hello server");
    expect(await pong).toBe("are you there");
    expect(s.ctx.hub.connectionCount()).toBe(1);
    c.ws.send("x".repeat(5_000));
    expect(await c.closed).toBe(1009);
    await expect.poll(() => s.ctx.hub.connectionCount()).toBe(0);
  });
});
