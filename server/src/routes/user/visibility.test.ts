import { beforeEach, describe, expect, it } from "vitest";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildBot, buildChannel, buildGuest, buildUser } from "../../test/factories.js";

/**
 * A channel or a user the caller may not see is exactly one that does not exist (docs/API.md,
 * "General"): for each route that names one, the hidden id and an id never used get the same
 * status and the same body, and neither request stores anything. The positive case shows that a
 * caller who may see the channel (a member) or the user still gets through.
 * `server/src/reliability/visibility.test.ts` walks every route of the registry for channels;
 * this table reads the stored settings back for the routes of the defect and covers user ids.
 *
 * One server per dialect; each test gets people and a private channel of its own (`buildPeople`),
 * so no test sees what another stored or changed (a leave, a mute, a contact).
 */
const UNKNOWN = 987_654;

interface Call {
  method: "GET" | "POST" | "PUT";
  /** `own` is a private channel of the caller's, for the routes that name users in a channel. */
  url: (id: number, own: number) => string;
  body?: (id: number) => unknown;
  /** The positive case names a member of `own` (removing one) rather than someone outside it. */
  namesMemberOfOwn?: boolean;
}

const channelRoutes: Record<string, Call> = {
  "read-index": { method: "POST", url: () => "/api/user/read-index", body: (gid) => ({ groups: [{ gid, mid: 1 }] }) },
  mute: { method: "POST", url: () => "/api/user/mute", body: (gid) => ({ add_groups: [{ gid }] }) },
  "mute (remove)": { method: "POST", url: () => "/api/user/mute", body: (gid) => ({ remove_groups: [gid] }) },
  "burn-after-reading": { method: "POST", url: () => "/api/user/burn-after-reading", body: (gid) => ({ groups: [{ gid, expires_in: 60 }] }) },
  pin_chat: { method: "POST", url: () => "/api/user/pin_chat", body: (gid) => ({ target: { gid } }) },
  unpin_chat: { method: "POST", url: () => "/api/user/unpin_chat", body: (gid) => ({ target: { gid } }) },
  typing: { method: "POST", url: () => "/api/user/typing", body: (gid) => ({ target: { gid } }) },
  card: { method: "GET", url: (gid) => `/api/group/${gid}` },
  history: { method: "GET", url: (gid) => `/api/group/${gid}/history` },
  send: { method: "POST", url: (gid) => `/api/group/${gid}/send`, body: () => "hello" },
  search: { method: "GET", url: (gid) => `/api/message/search?keyword=hello&gid=${gid}` },
  announcement: { method: "GET", url: (gid) => `/api/group/${gid}/announcement` },
  leave: { method: "GET", url: (gid) => `/api/group/${gid}/leave` },
  "members/add": { method: "POST", url: (gid) => `/api/group/${gid}/members/add`, body: () => [] },
  "invite link": { method: "GET", url: (gid) => `/api/group/create_invite_private_magic_link?gid=${gid}` },
  "register link": { method: "GET", url: (gid) => `/api/group/create_reg_magic_link?gid=${gid}` },
};

const userRoutes: Record<string, Call> = {
  profile: { method: "GET", url: (uid) => `/api/user/${uid}` },
  "direct send": { method: "POST", url: (uid) => `/api/user/${uid}/send`, body: () => "hello" },
  "direct history": { method: "GET", url: (uid) => `/api/user/${uid}/history` },
  "read-index": { method: "POST", url: () => "/api/user/read-index", body: (uid) => ({ users: [{ uid, mid: 1 }] }) },
  mute: { method: "POST", url: () => "/api/user/mute", body: (uid) => ({ add_users: [{ uid }] }) },
  "burn-after-reading": { method: "POST", url: () => "/api/user/burn-after-reading", body: (uid) => ({ users: [{ uid, expires_in: 60 }] }) },
  pin_chat: { method: "POST", url: () => "/api/user/pin_chat", body: (uid) => ({ target: { uid } }) },
  typing: { method: "POST", url: () => "/api/user/typing", body: (uid) => ({ target: { uid } }) },
  "contact status": { method: "POST", url: () => "/api/user/update_contact_status", body: (uid) => ({ target_uid: uid, action: "add" }) },
  "contact remark": { method: "PUT", url: () => "/api/user/contact_remark", body: (uid) => ({ contact_uid: uid, remark: "pal" }) },
  search: { method: "GET", url: (uid) => `/api/message/search?keyword=hello&uid=${uid}` },
  "channel members/add": { method: "POST", url: (_uid, own) => `/api/group/${own}/members/add`, body: (uid) => [uid] },
  "channel members/remove": { method: "POST", url: (_uid, own) => `/api/group/${own}/members/remove`, body: (uid) => [uid], namesMemberOfOwn: true },
  "new channel's members": { method: "POST", url: () => "/api/group", body: (uid) => ({ name: "club", is_public: false, members: [uid] }) },
};

/** The people of one test: Carol owns the private channel `secret`, Bea is a plain member of it; Otto, a guest and a bot are outside. */
let people = 0;
async function buildPeople(s: TestServer) {
  const n = ++people;
  const carol = await buildUser(s, `Carol${n}`);
  const bea = await buildUser(s, `Bea${n}`);
  const otto = await buildUser(s, `Otto${n}`);
  const guest = await buildGuest(s, `Guest${n}`);
  const bot = await buildBot(s, `Robo${n}`);
  const secret = await buildChannel(s, carol, { name: "secret", is_public: false, members: [bea.uid] });
  return { n, carol, bea, otto, guest, bot, secret };
}

describe.each(dialects())("hidden ids answer as unknown ones (%s)", (dialect) => {
  const suite = useSuite(dialect, { per: "file", seed: buildAdmin });
  let seed: Awaited<ReturnType<typeof buildPeople>> & { admin: Session };
  beforeEach(async () => {
    seed = { admin: suite.seed, ...(await buildPeople(suite.s)) };
  });

  async function call(c: Call, id: number, who: Session, own = 0) {
    const body = c.body?.(id);
    const res = await suite.s.app.inject({
      method: c.method,
      url: c.url(id, own),
      headers: { ...who.headers, ...(body === undefined ? {} : { "content-type": typeof body === "string" ? "text/plain" : "application/json" }) },
      payload: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.body };
  }

  /** What the routes under test could write for `uid` (settings, contacts, messages) and channels, read back. */
  async function storedFor(uid: number) {
    return JSON.stringify({
      settings: await suite.s.ctx.repos.userSettings.settingsOf(uid),
      contacts: await suite.s.ctx.db.selectFrom("user_contacts").selectAll().where("uid", "=", uid).execute(),
      messages: await suite.s.ctx.db.selectFrom("messages").select("mid").where("from_uid", "=", uid).execute(),
      channels: await suite.s.ctx.db.selectFrom("groups").select("gid").orderBy("gid").execute(),
      members: await suite.s.ctx.db.selectFrom("group_members").select(["gid", "uid"]).orderBy("gid").orderBy("uid").execute(),
    });
  }

  it.each(Object.keys(channelRoutes))("a private channel: %s", async (name) => {
    const { bea, otto, guest, bot, secret } = seed;
    const route = channelRoutes[name];
    const outsiders: [string, Session][] = [["guest", guest], ["bot", bot], ["non-member", otto]];
    for (const [who, outsider] of outsiders) {
      const before = await storedFor(outsider.uid);
      const hidden = await call(route, secret, outsider);
      const unknown = await call(route, UNKNOWN, outsider);
      expect(hidden, who).toEqual(unknown);
      expect(await storedFor(outsider.uid)).toBe(before);
    }
    // A member of the channel gets through.
    expect((await call(route, secret, bea)).status).toBeLessThan(300);
  });

  it("a public channel stays visible to a guest: card, history and their own settings", async () => {
    const { s } = suite;
    const { admin, guest } = seed;
    const pub = await buildChannel(s, admin, { name: "lobby", is_public: true });
    for (const name of ["card", "history", "announcement", "read-index", "mute", "burn-after-reading"]) {
      expect((await call(channelRoutes[name], pub, guest)).status, name).toBe(200);
    }
    const settings = await s.ctx.repos.userSettings.settingsOf(guest.uid);
    expect(settings.read_index_groups).toEqual([{ gid: pub, mid: 1 }]);
    expect(settings.mute_groups.map((m) => m.gid)).toEqual([pub]);
  });

  it.each(Object.keys(userRoutes))("a suite.seed.guest's uid and a deleted user's: %s", async (name) => {
    const { s } = suite;
    const { n, admin, carol, bea, otto, guest } = seed;
    const route = userRoutes[name];
    const gone = await buildUser(s, `Gone${n}`);
    expect((await s.app.inject({ method: "DELETE", url: `/api/admin/user/${gone.uid}`, headers: admin.headers })).statusCode).toBe(200);
    const own = await buildChannel(s, otto, { name: "otto's", is_public: false, members: [bea.uid] });
    const before = await storedFor(otto.uid);
    const unknown = await call(route, UNKNOWN, otto, own);
    expect(await call(route, guest.uid, otto, own), "a guest").toEqual(unknown);
    expect(await call(route, gone.uid, otto, own), "a deleted user").toEqual(unknown);
    expect(await storedFor(otto.uid)).toBe(before);
    // A member's uid gets through.
    expect((await call(route, (route.namesMemberOfOwn ? bea : carol).uid, otto, own)).status).toBeLessThan(300);
  });
});
