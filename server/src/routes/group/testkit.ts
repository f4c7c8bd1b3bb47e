import { expect } from "vitest";
import type { ServerEvent } from "@parley/protocol";
import { seedUser, type Session, type TestServer } from "../../test/harness.js";
import { openEvents, type SseClient } from "../../test/sse.js";

/**
 * Test helpers for the channel suites: users with open sessions created without the password
 * hashing of the API (fast), the usual cast, and event capture between a before-mark and a
 * fence so tests can assert both who got an event and who did not.
 */

export { seedUser, type Role } from "../../test/harness.js";

/** Fence ids for `Streams.capture`. */
let seq = 0;

/**
 * Admin (uid 1), Olive (owner of private channels in tests), Mia (a member), Otto (an
 * outsider), a guest and a bot.
 */
export async function seedCast(s: TestServer) {
  const admin = await seedUser(s, "Admin", "admin");
  const olive = await seedUser(s, "Olive");
  const mia = await seedUser(s, "Mia");
  const otto = await seedUser(s, "Otto");
  const guest = await seedUser(s, "Guest123456", "guest");
  const bot = await seedUser(s, "Robo", "bot");
  return { admin, olive, mia, otto, guest, bot };
}
export type Cast = Awaited<ReturnType<typeof seedCast>>;

export async function api(
  s: TestServer,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who: Session | null,
  payload?: unknown,
): Promise<{ statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown }> {
  const res = await s.app.inject({
    method,
    url: `/api${url}`,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return res;
}

/** Creates a channel through the API; private ones are owned by `owner`. */
export async function channel(s: TestServer, owner: Session, body: { name: string; is_public?: boolean; members?: number[] }): Promise<number> {
  const res = await api(s, "POST", "/group", owner, body);
  if (res.statusCode !== 200) throw new Error(`create group: ${res.statusCode} ${res.body}`);
  return (res.json() as { gid: number }).gid;
}

export async function postText(s: TestServer, who: Session, gid: number, text: string): Promise<number> {
  const res = await s.app.inject({
    method: "POST",
    url: `/api/group/${gid}/send`,
    headers: { ...who.headers, "content-type": "text/plain" },
    payload: text,
  });
  if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
  return res.json() as number;
}

/** Live event streams for a set of named sessions, each past its connect sequence. */
export class Streams<K extends string> {
  private constructor(
    private readonly s: TestServer,
    readonly clients: Record<K, SseClient>,
  ) {}

  static async open<K extends string>(s: TestServer, url: string, who: Record<K, Session>): Promise<Streams<K>> {
    const clients = {} as Record<K, SseClient>;
    for (const [name, session] of Object.entries(who) as [K, Session][]) {
      const c = await openEvents(url, { "api-key": session.token });
      if (c.status !== 200) throw new Error(`events for ${name}: ${c.status}`);
      await c.waitFor((e) => e.type === "ready");
      clients[name] = c;
    }
    return new Streams(s, clients);
  }

  close(): void {
    for (const c of Object.values(this.clients) as SseClient[]) c.close();
  }

  /**
   * Runs `action`, then publishes a fence event to every stream and waits for it everywhere:
   * answers, per stream, the events that arrived in between (presence and heartbeats dropped).
   */
  async capture(action: () => Promise<unknown>): Promise<Record<K, ServerEvent[]>> {
    const names = Object.keys(this.clients) as K[];
    const base = new Map(names.map((n) => [n, this.clients[n].events.length]));
    await action();
    const fence = ++seq + 1_000_000;
    this.s.ctx.bus.publish({ type: "typing", uid: fence, target: { gid: 0 } }, { kind: "everyone" });
    const out = {} as Record<K, ServerEvent[]>;
    for (const n of names) {
      const c = this.clients[n];
      const from = base.get(n) ?? 0;
      await c.waitFor((e) => e.type === "typing" && e.uid === fence, 5_000, from);
      const end = c.events.findIndex((e, i) => i >= from && e.type === "typing" && e.uid === fence);
      out[n] = c.events.slice(from, end).filter((e) => e.type !== "heartbeat" && e.type !== "users_state_changed");
    }
    return out;
  }
}

/** Asserts every stream got exactly `expected[name]` (absent names: nothing). */
export function expectEvents<K extends string>(got: Record<K, ServerEvent[]>, expected: Partial<Record<K, unknown[]>>): void {
  for (const name of Object.keys(got) as K[]) {
    expect(got[name], `events of ${name}`).toEqual(expected[name] ?? []);
  }
}
