import { expect } from "vitest";
import type { EventOf, ServerEvent } from "@parley/protocol";
import { openSession } from "../../commands/sessions.js";
import { login, seedAdmin, seedGuest, seedMember, type Session, type TestServer } from "../../test/harness.js";
import { openEvents, type SseClient } from "../../test/sse.js";

/** Test helpers shared by the user-route suites. */

export const isType =
  <T extends ServerEvent["type"]>(type: T) =>
  (e: ServerEvent): e is EventOf<T> =>
    e.type === type;

/**
 * A bot account with a session. Bots have no password and their API-key auth arrives with the
 * bots work, so the session is opened directly, as a login would (device row + tokens).
 */
export async function seedBot(s: TestServer, admin: Session, name = "Robot", extra: Record<string, unknown> = {}): Promise<Session> {
  const res = await s.app.inject({
    method: "POST",
    url: "/api/admin/user",
    headers: admin.headers,
    payload: { email: `${name.toLowerCase()}@bots.example`, password: "", name, gender: 0, is_admin: false, is_bot: true, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`create bot: ${res.statusCode} ${res.body}`);
  const user = await s.ctx.repos.users.byId((res.json() as { uid: number }).uid);
  if (!user) throw new Error("bot vanished");
  const device = `bot:${name}`;
  const body = await openSession(s.ctx, user, device, null);
  return { uid: user.uid, token: body.token, refresh_token: body.refresh_token, device, login: body, headers: { "x-api-key": body.token } };
}

export interface Cast {
  admin: Session;
  bob: Session;
  carol: Session;
  guest: Session;
  bot: Session;
}

/** Admin (uid 1), Bob, Carol, a guest and a bot, all signed in. */
export async function seedCast(s: TestServer): Promise<Cast> {
  const admin = await seedAdmin(s);
  const bob = await seedMember(s, admin, "Bob");
  const carol = await seedMember(s, admin, "Carol");
  const guest = await seedGuest(s);
  const bot = await seedBot(s, admin);
  return { admin, bob, carol, guest, bot };
}

/** A second device of a member (password "member-pass"). */
export const secondDevice = (s: TestServer, who: Session, name: string, device = `phone:${who.uid}`) =>
  login(s, `${name.toLowerCase()}@example.com`, "member-pass", device);

export type Caller = "anonymous" | "guest" | "member" | "bot" | "admin";

/**
 * The authorization matrix: calls `call` as each kind of caller and checks the statuses.
 * `call` gets the session (null when anonymous) and must be safe to repeat per caller.
 */
export async function expectMatrix(
  cast: Cast,
  call: (who: Session | null, role: Caller) => Promise<{ statusCode: number; body: string }>,
  expected: Record<Caller, number>,
): Promise<void> {
  const sessions: Record<Caller, Session | null> = {
    anonymous: null,
    guest: cast.guest,
    member: cast.bob,
    bot: cast.bot,
    admin: cast.admin,
  };
  const got: Partial<Record<Caller, number>> = {};
  for (const role of Object.keys(expected) as Caller[]) {
    const res = await call(sessions[role], role);
    got[role] = res.statusCode;
  }
  expect(got).toEqual(expected);
}

/** Opens `who`'s event stream and waits for `ready`. */
export async function connect(s: TestServer, who: Session, open: SseClient[], extra: Record<string, string | number> = {}): Promise<SseClient> {
  const c = await openEvents(s.url, { "api-key": who.token, ...extra });
  open.push(c);
  expect(c.status).toBe(200);
  await c.waitFor(isType("ready"));
  return c;
}

let fenceSeq = 1_000_000;

/**
 * Publishes a marker to every stream and waits until each client got it; returns, per client,
 * the events received before the marker since `from` (the index given, or 0). Events published
 * before the fence are delivered before it, so anything absent here was never sent.
 */
export async function fence(s: TestServer, clients: SseClient[], from: number[] = clients.map(() => 0)): Promise<ServerEvent[][]> {
  const gid = ++fenceSeq;
  s.ctx.bus.publish({ type: "group_message_cleared", gid }, { kind: "everyone" });
  const out: ServerEvent[][] = [];
  for (const [i, c] of clients.entries()) {
    await c.waitFor((e) => e.type === "group_message_cleared" && e.gid === gid, 5_000, from[i]);
    const at = c.events.findIndex((e, j) => j >= from[i] && e.type === "group_message_cleared" && e.gid === gid);
    out.push(c.events.slice(from[i], at).filter((e) => !(e.type === "group_message_cleared" && e.gid > 1_000_000)));
  }
  return out;
}

/** Each client's current event count, to pass to `fence` as `from`. */
export const marks = (clients: SseClient[]): number[] => clients.map((c) => c.events.length);

/** Removes presence and heartbeat noise from a list of events. */
export const withoutNoise = (events: ServerEvent[]): ServerEvent[] =>
  events.filter((e) => e.type !== "users_state_changed" && e.type !== "heartbeat");
