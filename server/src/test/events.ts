import { expect } from "vitest";
import type { EventOf, ServerEvent } from "@parley/protocol";
import { assertMatches } from "./contract.js";
import type { Session, TestServer } from "./harness.js";
import { openEvents, type SseClient } from "./sse.js";

/**
 * Event-stream assertions for the server suites: open streams past their connect sequence,
 * and capture what each stream got between a mark and a fence, so a test can assert both who
 * got an event and who did not.
 */

export const isType =
  <T extends ServerEvent["type"]>(type: T) =>
  (e: ServerEvent): e is EventOf<T> =>
    e.type === type;

/** Opens `who`'s event stream, waits for `ready` and adds it to `open` (closed by the suite). */
export async function connect(s: TestServer, who: Session, open: SseClient[], extra: Record<string, string | number> = {}): Promise<SseClient> {
  const c = await openEvents(s.url, { "api-key": who.token, ...extra });
  open.push(c);
  expect(c.status).toBe(200);
  await c.waitFor(isType("ready"));
  return c;
}

/** Fence markers: a `group_message_cleared` of a gid no channel has. */
const FENCE_BASE = 1_000_000;
let fenceSeq = FENCE_BASE;
const isFence = (e: ServerEvent) => e.type === "group_message_cleared" && e.gid > FENCE_BASE;

/**
 * Publishes a marker to every stream and waits until each client got it; returns, per client,
 * the events received before the marker since `from` (the index given, or 0). Events published
 * before the fence are delivered before it, so anything absent here was never sent.
 */
export async function fence(s: TestServer, clients: SseClient[], from: number[] = clients.map(() => 0)): Promise<ServerEvent[][]> {
  const gid = ++fenceSeq;
  s.ctx.bus.publish({ type: "group_message_cleared", gid }, { kind: "everyone" });
  const mine = (e: ServerEvent) => e.type === "group_message_cleared" && e.gid === gid;
  const out: ServerEvent[][] = [];
  for (const [i, c] of clients.entries()) {
    await c.waitFor(mine, 5_000, from[i]);
    const at = c.events.findIndex((e, j) => j >= from[i] && mine(e));
    out.push(c.events.slice(from[i], at).filter((e) => !isFence(e)));
  }
  return out;
}

/** Each client's current event count, to pass to `fence` as `from`. */
export const marks = (clients: SseClient[]): number[] => clients.map((c) => c.events.length);

/** Removes presence and heartbeat noise from a list of events. */
export const withoutNoise = (events: ServerEvent[]): ServerEvent[] => events.filter((e) => e.type !== "users_state_changed" && e.type !== "heartbeat");

/** Live event streams for a set of named sessions, each past its connect sequence. */
export class Streams<K extends string> {
  private constructor(
    private readonly s: TestServer,
    readonly clients: Record<K, SseClient>,
  ) {}

  static async open<K extends string>(s: TestServer, who: Record<K, Session>): Promise<Streams<K>> {
    const clients = {} as Record<K, SseClient>;
    const open: SseClient[] = [];
    for (const [name, session] of Object.entries(who) as [K, Session][]) clients[name] = await connect(s, session, open);
    return new Streams(s, clients);
  }

  close(): void {
    for (const c of Object.values(this.clients) as SseClient[]) c.close();
  }

  /** Runs `action`, then fences every stream: answers, per stream, the events in between (noise dropped). */
  async capture(action: () => Promise<unknown>): Promise<Record<K, ServerEvent[]>> {
    const names = Object.keys(this.clients) as K[];
    const clients = names.map((n) => this.clients[n]);
    const from = marks(clients);
    await action();
    const got = await fence(this.s, clients, from);
    return Object.fromEntries(names.map((n, i) => [n, withoutNoise(got[i])])) as Record<K, ServerEvent[]>;
  }
}

/** Asserts every stream got exactly `expected[name]` (absent names: nothing). */
export function expectEvents<K extends string>(got: Record<K, ServerEvent[]>, expected: Partial<Record<K, unknown[]>>): void {
  for (const name of Object.keys(got) as K[]) {
    expect(got[name], `events of ${name}`).toEqual(expected[name] ?? []);
  }
}

const isChat = (mid: number) => (e: ServerEvent) => e.type === "chat" && e.mid === mid;

/**
 * Waits until every stream in `to` got the `chat` event of `mid` and returns it (all copies
 * equal); then sends `fence` (a message every stream receives after it) and checks that no
 * stream in `notTo` got `mid`.
 */
export async function expectChatDelivery(mid: number, to: SseClient[], notTo: SseClient[], fenceMessage: () => Promise<number>): Promise<EventOf<"chat">> {
  const copies = await Promise.all(to.map((c) => c.waitFor<EventOf<"chat">>(isChat(mid))));
  for (const copy of copies) expect(copy).toEqual(copies[0]);
  const fenceMid = await fenceMessage();
  await Promise.all(notTo.map((c) => c.waitFor(isChat(fenceMid))));
  for (const c of notTo) expect(c.events.some(isChat(mid))).toBe(false);
  return copies[0];
}

/** A `user_settings_changed` from `from_device` with every list present and empty, plus the given entries. */
export const settingsChanged = (from_device: string, entries: Record<string, unknown[]> = {}) => ({
  type: "user_settings_changed",
  from_device,
  add_mute_users: [],
  remove_mute_users: [],
  add_mute_groups: [],
  remove_mute_groups: [],
  read_index_users: [],
  read_index_groups: [],
  burn_after_reading_users: [],
  burn_after_reading_groups: [],
  add_contacts: [],
  remove_contacts: [],
  add_pin_chats: [],
  remove_pin_chats: [],
  ...entries,
});

/**
 * Asserts a `chat` event matches the OpenAPI ChatMessage (protocol/openapi/) and is exactly `expected` (its mid,
 * sender, target and detail), sent at any time.
 */
export function expectChatEvent(event: EventOf<"chat">, expected: Omit<EventOf<"chat">, "type" | "created_at">): void {
  assertMatches("ChatMessage", event);
  expect(event).toEqual({ type: "chat", created_at: expect.any(Number), ...expected });
}

/**
 * One entry of a `users_log` event: every column `null` but those given (an update names only
 * what changed; a delete nothing). `log_id` may be a matcher (`expect.any(Number)`).
 */
export const userLogEntry = (log_id: unknown, action: "create" | "update" | "delete", uid: number, changed: Record<string, unknown> = {}) => {
  const unchanged = { email: null, name: null, gender: null, language: null, is_admin: null, is_bot: null, avatar_updated_at: null };
  return { log_id, action, uid, ...unchanged, ...changed };
};

/** Runs `call` while `ev` captures: its reply, and what every stream got meanwhile. */
export async function captureReply<K extends string, R>(ev: Streams<K>, call: () => Promise<R>): Promise<{ res: R; got: Record<K, ServerEvent[]> }> {
  let res!: R;
  const got = await ev.capture(async () => {
    res = await call();
  });
  return { res, got };
}

/** `captureReply` of a change that must answer 200 with an empty body; answers what every stream got. */
export async function captureEmptyOk<K extends string>(ev: Streams<K>, call: () => Promise<{ statusCode: number; body: string }>): Promise<Record<K, ServerEvent[]>> {
  const { res, got } = await captureReply(ev, call);
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe("");
  return got;
}

/** Runs `action`, then fences `clients`: what each got in between, presence and heartbeats aside (`Streams.capture` for a list). */
export async function observeStreams(s: TestServer, clients: SseClient[], action: () => Promise<unknown>): Promise<ServerEvent[][]> {
  const from = marks(clients);
  await action();
  return (await fence(s, clients, from)).map(withoutNoise);
}
