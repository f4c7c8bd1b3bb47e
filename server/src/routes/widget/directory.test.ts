/**
 * Widget visitors in the user directory (docs/API.md "Widget"): `GET /user`, `GET /user/{uid}`,
 * search, the stream's `users_snapshot`, `users_log` diffs and live entries. A visitor is listed
 * for the admins, its host and the members it talks with, and for nobody else.
 */
import { describe, expect, it } from "vitest";
import type { EventOf, LoginResponse, UserInfo } from "@parley/protocol";
import { call } from "../../test/api.js";
import { buildCast, buildMessage } from "../../test/factories.js";
import { isType } from "../../test/events.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("widget visitors in the directory (%s)", (dialect) => {
  let casts = 0;
  const suite = useSuite(dialect, { per: "file", seedEach: true, seed: (s) => buildCast(s, { tag: String(++casts) }) });

  async function visitor(hostId: number): Promise<Session> {
    const res = await call(suite.s, "POST", "/widget/visitor", null, { host_id: hostId });
    expect(res.statusCode, res.body).toBe(200);
    const login = res.json() as LoginResponse;
    return { uid: login.user.uid, token: login.token, refresh_token: login.refresh_token, device: "widget", login, headers: { "x-api-key": login.token } };
  }

  /** Bob hosts visitor V; Carol hosts W; Otto wrote to V; Carol and the guest have nothing to do with V. */
  async function scene() {
    const cast = suite.seed;
    const v = await visitor(cast.bob.uid);
    const w = await visitor(cast.carol.uid);
    await buildMessage(suite.s, cast.otto, { uid: v.uid }, "hello from Otto");
    return { ...cast, v, w };
  }

  const listed = async (who: Session) => {
    const res = await call(suite.s, "GET", "/user", who);
    return { status: res.statusCode, uids: res.statusCode === 200 ? (res.json() as UserInfo[]).map((u) => u.uid) : [] };
  };

  it("GET /user lists a visitor for the admin, its host and a member who talks with it only", async () => {
    const { admin, bob, carol, otto, guest, v, w } = await scene();
    const expected: [string, Session, boolean][] = [
      ["admin", admin, true],
      ["host", bob, true],
      ["member with a DM", otto, true],
      ["other member", carol, false],
      ["guest", guest, false],
    ];
    for (const [role, who, sees] of expected) {
      const got = await listed(who);
      expect(got.status, role).toBe(200);
      expect(got.uids.includes(v.uid), role).toBe(sees);
      expect(got.uids, role).toContain(bob.uid); // people stay listed for everyone
    }
    // Carol hosts W: she sees hers, Bob does not.
    expect((await listed(carol)).uids).toContain(w.uid);
    expect((await listed(bob)).uids).not.toContain(w.uid);
    // A visitor reads no directory at all.
    expect((await listed(w)).status).toBe(403);
  });

  it("GET /user/{uid} and search answer 404 for a visitor the caller does not list", async () => {
    const { admin, bob, carol, otto, v } = await scene();
    for (const [who, status] of [[admin, 200], [bob, 200], [otto, 200], [carol, 404]] as const) {
      expect((await call(suite.s, "GET", `/user/${v.uid}`, who)).statusCode, String(who.uid)).toBe(status);
      const search = await call(suite.s, "POST", "/user/search", who, { search_type: "id", keyword: String(v.uid) });
      expect(search.statusCode, `search ${who.uid}`).toBe(status);
    }
  });

  it("the stream's users_snapshot and users_state carry a visitor only for those who list it", async () => {
    const { admin, bob, carol, otto, v } = await scene();
    for (const [who, sees] of [[admin, true], [bob, true], [otto, true], [carol, false]] as const) {
      const [c] = await suite.connect(who);
      const snapshot = c.events.find(isType("users_snapshot"));
      expect(snapshot?.users.some((u) => u.uid === v.uid), `snapshot of ${who.uid}`).toBe(sees);
      const uids = snapshot?.users.map((u) => u.uid) ?? [];
      expect(uids).toEqual([...uids].sort((a, b) => a - b));
      const state = c.events.find(isType("users_state"));
      expect(state?.users.some((u) => u.uid === v.uid), `presence of ${who.uid}`).toBe(sees);
      c.close();
    }
  });

  it("a new visitor's users_log goes to its host and the admins; a diff from an old version leaves it out for others", async () => {
    const { admin, bob, carol } = suite.seed;
    const [carolFirst] = await suite.connect(carol);
    const version = carolFirst.events.find(isType("users_snapshot"))?.version ?? 0;
    carolFirst.close();
    const ev = await suite.streams({ admin, bob, carol });
    let v: Session | undefined;
    const got = await ev.capture(async () => (v = await visitor(bob.uid)));
    const created = (events: typeof got.admin) => events.filter(isType("users_log")).flatMap((e) => e.logs).filter((l) => l.uid === v?.uid);
    expect(created(got.admin)).toHaveLength(1);
    expect(created(got.bob)).toHaveLength(1);
    expect(created(got.carol)).toEqual([]);
    // No `user_joined_group` for a visitor either.
    expect(got.bob.filter((e) => e.type === "user_joined_group")).toEqual([]);

    const resumed = await suite.connectWith(carol, { users_version: version });
    const logs = resumed.events.filter(isType("users_log")).flatMap((e: EventOf<"users_log">) => e.logs);
    expect(logs.some((l) => l.uid === v?.uid)).toBe(false);
    const hostResumed = await suite.connectWith(bob, { users_version: version });
    expect(hostResumed.events.filter(isType("users_log")).flatMap((e) => e.logs).some((l) => l.uid === v?.uid)).toBe(true);
  });
});
