import type { Gid, Uid, UserInfo } from "@parley/protocol";
import { openSession } from "../commands/sessions.js";
import { insertUser, type UserRow } from "../repos/users.js";
import { login, sessionOf, type Session, type TestServer } from "./harness.js";

/**
 * Factories for the server suites (in the style of Outline's `server/test/factories.ts`): each
 * `build…` makes one thing, with sensible defaults, and answers what a test needs of it. Users
 * come in two kinds: `buildAdmin`/`buildMember` go through the API and can sign in with a
 * password; `buildUser` and its shorthands insert the row and open a session directly (no
 * password hashing), for suites that need many users fast.
 */

export const ADMIN = { email: "admin@example.com", name: "Admin", password: "admin-pass" };
export const MEMBER_PASSWORD = "member-pass";

export type Role = "user" | "admin" | "bot" | "guest";

/** The first admin, created through `create_admin` and signed in with its password. */
export async function buildAdmin(s: TestServer): Promise<Session> {
  const res = await s.app.inject({ method: "POST", url: "/api/admin/system/create_admin", payload: { ...ADMIN, gender: 0 } });
  if (res.statusCode !== 200) throw new Error(`create_admin: ${res.statusCode} ${res.body}`);
  return login(s, ADMIN.email, ADMIN.password);
}

/** A member created by `admin` through the API (`name@example.com`, `MEMBER_PASSWORD`), signed in. */
export async function buildMember(s: TestServer, admin: Session, name: string, extra: Record<string, unknown> = {}): Promise<Session> {
  const email = `${name.toLowerCase()}@example.com`;
  const res = await s.app.inject({
    method: "POST",
    url: "/api/admin/user",
    headers: admin.headers,
    payload: { email, password: MEMBER_PASSWORD, name, gender: 0, is_admin: false, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`create user: ${res.statusCode} ${res.body}`);
  return login(s, email, MEMBER_PASSWORD);
}

/**
 * The `UserInfo` the API answers for a person made with a password (`buildAdmin`, `buildMember`):
 * `name@example.com`, no avatar, plus `overrides`.
 */
export const userInfo = (uid: number, name: string, overrides: Partial<UserInfo> = {}): UserInfo => {
  const email = `${name.toLowerCase()}@example.com`;
  return { uid, email, name, gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password", ...overrides };
};

let deviceSeq = 0;

/** An open session of `user` on `device`, as a sign-in makes it (device row and tokens). */
export async function buildSession(s: TestServer, user: UserRow, device = `seed:${++deviceSeq}`): Promise<Session> {
  const body = await openSession(s.ctx, user, device, null);
  return sessionOf(body, device);
}

/** Another device of a user who has a session already (a phone beside the browser). */
export async function buildDevice(s: TestServer, who: Session, device = `phone:${who.uid}`): Promise<Session> {
  const user = await s.ctx.repos.users.byId(who.uid);
  if (!user) throw new Error(`no user ${who.uid}`);
  return buildSession(s, user, device);
}

export interface UserOptions {
  /** The device of the session (guests: `guest_device`, as `login_guest` names it). */
  device?: string;
  /** A bot that is also an admin, and similar combinations. */
  is_admin?: boolean;
  webhook_url?: string | null;
}

/** A user of the given kind, inserted directly, with an open session. */
export async function buildUser(s: TestServer, name: string, role: Role = "user", options: UserOptions = {}): Promise<Session> {
  const now = Date.now();
  const user = await insertUser(s.ctx.db, {
    email: role === "guest" ? null : role === "bot" ? `${name.toLowerCase()}@bots.example` : `${name.toLowerCase()}@example.com`,
    name,
    password_hash: null,
    gender: 0,
    language: "en-US",
    is_admin: role === "admin" || options.is_admin ? 1 : 0,
    is_bot: role === "bot" ? 1 : 0,
    create_by: role === "guest" ? "guest" : "password",
    status: "normal",
    webhook_url: options.webhook_url ?? null,
    avatar_updated_at: 0,
    created_at: now,
    updated_at: now,
  });
  return buildSession(s, user, options.device ?? (role === "guest" ? "guest_device" : role === "bot" ? `bot:${name}` : undefined));
}

/** A guest (`create_by: "guest"`) on `guest_device`, as `GET /token/login_guest` makes one. */
export const buildGuest = (s: TestServer, name = "Guest123456"): Promise<Session> => buildUser(s, name, "guest");

/** A bot user (`is_bot`) with an open session: bots post through user sessions as well. */
export const buildBot = (s: TestServer, name = "Robot", options: UserOptions = {}): Promise<Session> => buildUser(s, name, "bot", options);

/** A channel made through the API; a private one is owned by `owner`. Answers its gid. */
export async function buildChannel(s: TestServer, owner: Session, body: { name: string; is_public?: boolean; members?: number[] }): Promise<Gid> {
  const res = await s.app.inject({ method: "POST", url: "/api/group", headers: owner.headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`create group: ${res.statusCode} ${res.body}`);
  return (res.json() as { gid: number }).gid;
}

/** Where a message goes: a channel or a user (a DM). */
export type To = { gid: Gid } | { uid: Uid };

const sendPath = (to: To) => ("gid" in to ? `/api/group/${to.gid}/send` : `/api/user/${to.uid}/send`);

/** A text message sent through the API (with `properties` in `X-Properties`); answers its mid. */
export async function buildMessage(s: TestServer, who: Session, to: To, text: string, properties?: object): Promise<number> {
  const headers: Record<string, string> = { ...who.headers, "content-type": "text/plain" };
  if (properties) headers["x-properties"] = Buffer.from(JSON.stringify(properties)).toString("base64");
  const res = await s.app.inject({ method: "POST", url: sendPath(to), headers, payload: text });
  if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
  return res.json() as number;
}

export interface CastOptions {
  passwords?: boolean;
  /**
   * Appended to every name (and so to the e-mails): a second cast on the same server (`seedEach`
   * suites), such as "Bob2". Only without `passwords` (the first admin is made once per server).
   */
  tag?: string;
}

/**
 * The usual people of a suite, all signed in: the admin (uid 1 on a new server), Bob and Carol (members), Otto
 * (a member who is outside the private channels a test makes), a guest and a bot. They are
 * inserted directly, unless `passwords`: then the admin and the members are made through the
 * API and sign in with `ADMIN.password` and `MEMBER_PASSWORD` (account and sign-in suites).
 */
export async function buildCast(s: TestServer, { passwords = false, tag = "" }: CastOptions = {}) {
  if (passwords && tag) throw new Error("buildCast: a tag needs passwords: false");
  const admin = passwords ? await buildAdmin(s) : await buildUser(s, `Admin${tag}`, "admin");
  const member = (name: string) => (passwords ? buildMember(s, admin, name) : buildUser(s, `${name}${tag}`));
  const bob = await member("Bob");
  const carol = await member("Carol");
  const otto = await member("Otto");
  const guest = await buildGuest(s, `Guest123456${tag}`);
  const bot = await buildBot(s, `Robot${tag}`);
  return { admin, bob, carol, otto, guest, bot };
}
export type Cast = Awaited<ReturnType<typeof buildCast>>;

/**
 * The chat suites' opening (messages, archives, favorites, search): the cast of `buildCast`, a
 * public channel "general" made by the admin, and a private channel "team" of Bob (owner) and
 * Carol, which the admin (and Otto) are not in. `fence()` posts to "general": a message every
 * stream receives, for `expectChatDelivery`.
 */
export async function buildChatSetup(s: TestServer, options: CastOptions = {}) {
  const cast = await buildCast(s, options);
  const general = await buildChannel(s, cast.admin, { name: "general", is_public: true });
  const team = await buildChannel(s, cast.bob, { name: "team", members: [cast.carol.uid] });
  const fence = () => buildMessage(s, cast.admin, { gid: general }, "fence");
  return { ...cast, general, team, fence };
}
export type ChatSetup = Awaited<ReturnType<typeof buildChatSetup>>;

/** An archive of `mids` made by `who` (`POST /resource/archive`, as a forward makes one); answers its path. */
export async function buildArchive(s: TestServer, who: Session, mids: number[]): Promise<string> {
  const res = await s.app.inject({ method: "POST", url: "/api/resource/archive", headers: who.headers, payload: { mid_list: mids } });
  if (res.statusCode !== 200) throw new Error(`archive: ${res.statusCode} ${res.body}`);
  return res.json() as string;
}

/**
 * A message of Bob in each kind of conversation of the chat setup — a DM to `dmTo`, one in
 * "team", one in "general" — and Carol's like of the public one (a reaction), for the tables of
 * who may read or act on which message.
 */
export async function buildMessageKinds(s: TestServer, setup: ChatSetup, dmTo: Session) {
  const dm = await buildMessage(s, setup.bob, { uid: dmTo.uid }, "a DM");
  const priv = await buildMessage(s, setup.bob, { gid: setup.team }, "in team");
  const pub = await buildMessage(s, setup.bob, { gid: setup.general }, "in general");
  const res = await s.app.inject({ method: "PUT", url: `/api/message/${pub}/like`, headers: setup.carol.headers, payload: { action: "👍" } });
  if (res.statusCode !== 200) throw new Error(`like: ${res.statusCode} ${res.body}`);
  return { dm, priv, pub, like: res.json() as number };
}
