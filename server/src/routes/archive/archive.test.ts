import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Archive, EventOf, ServerEvent } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { openEvents, type SseClient } from "../../test/sse.js";
import { dialects, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { buildAdmin, buildBot, buildChannel, buildGuest, buildMember, buildMessage } from "../../test/factories.js";
import { messageApi, midOf } from "../../test/api.js";
import { expectChatDelivery } from "../../test/events.js";

const ARCHIVE_PATH = /^\d{4}\/[1-9]\d?\/[1-9]\d?\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Forwarding: `POST /resource/archive`, `GET /resource/archive`, and `vocechat/archive` sends. */
describe.each(dialects())("archives and forwarding (%s)", (dialect) => {
  let s: TestServer;
  let api: ReturnType<typeof messageApi>;
  let admin: Session;
  let bob: Session;
  let carol: Session;
  let general: number;
  let team: number;
  const open: SseClient[] = [];

  beforeEach(async () => {
    s = await startTestServer(dialect);
    await s.listen();
    api = messageApi(s);
    admin = await buildAdmin(s);
    bob = await buildMember(s, admin, "Bob");
    carol = await buildMember(s, admin, "Carol");
    general = await buildChannel(s, admin, { name: "general", is_public: true });
    team = await buildChannel(s, bob, { name: "team", members: [carol.uid] });
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.close();
    await s.close();
  });

  const archive = (who: Session | null, payload: unknown) =>
    s.app.inject({ method: "POST", url: "/api/resource/archive", headers: who?.headers ?? {}, payload: payload as object });
  const fetchArchive = (path: string) => s.app.inject({ method: "GET", url: `/api/resource/archive?file_path=${encodeURIComponent(path)}` });
  const pathOf = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
    const path = JSON.parse(res.body) as unknown;
    expect(typeof path).toBe("string");
    expect(path).toMatch(ARCHIVE_PATH);
    return path as string;
  };

  it("creates an archive (a JSON string path) that anyone holding the path can read, cached for good", async () => {
    const m1 = await buildMessage(s, bob, { gid: team }, "first");
    const m2 = await buildMessage(s, carol, { gid: team }, "second", { mentions: [bob.uid] });
    midOf(await api.edit(bob, m1, "first (edited)"));
    const res = await archive(carol, { mid_list: [m2, m1] });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const path = pathOf(res);
    const now = new Date();
    expect(path.startsWith(`${now.getUTCFullYear()}/${now.getUTCMonth() + 1}/`)).toBe(true);

    const got = await fetchArchive(path);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(got.headers["cache-control"]).toBe("public, max-age=31536000");
    const body = got.json() as Archive;
    assertMatches("Archive", body);
    expect(body).toEqual({
      users: [
        { name: "Bob", avatar: null },
        { name: "Carol", avatar: null },
      ],
      messages: [
        { from_user: 0, created_at: expect.any(Number), mid: m1, source: { gid: team }, properties: null, content_type: "text/plain", content: "first (edited)", file_id: null, thumbnail_id: null },
        { from_user: 1, created_at: expect.any(Number), mid: m2, source: { gid: team }, properties: { mentions: [bob.uid] }, content_type: "text/plain", content: "second", file_id: null, thumbnail_id: null },
      ],
      num_attachments: 0,
    });
  });

  it("forwards: a vocechat/archive send carries the path to the audience; an unknown path is a 400", async () => {
    const dm = await buildMessage(s, bob, { uid: carol.uid }, "forward me");
    const path = pathOf(await archive(carol, { mid_list: [dm] }));
    expect((await fetchArchive(path)).json()).toMatchObject({ messages: [{ mid: dm, source: { uid: bob.uid } }] });
    const [b, c, a] = await Promise.all([bob, carol, admin].map((w) => openEvents(s.url, { "api-key": w.token })));
    open.push(a, b, c);
    await Promise.all([a, b, c].map((x) => x.waitFor((e: ServerEvent) => e.type === "ready")));
    const mid = midOf(await api.send(carol, `group/${team}/send`, `${path}\n`, "vocechat/archive", { local_id: 7 }));
    const event: EventOf<"chat"> = await expectChatDelivery(mid, [b, c], [a], () => buildMessage(s, admin, { gid: general }, "fence"));
    assertMatches("ChatMessage", event);
    expect(event.detail).toEqual({ type: "normal", properties: { local_id: 7 }, content_type: "vocechat/archive", content: path, expires_in: null });
    for (const body of ["", "2024/1/1/00000000-0000-4000-8000-000000000000", "../etc"]) {
      expect((await api.send(carol, `user/${bob.uid}/send`, body, "vocechat/archive")).statusCode, body).toBe(400);
    }
    // A forward can be replied to with another forward.
    midOf(await api.reply(bob, mid, path, "vocechat/archive"));
  });

  it("permissions: what the caller can read, admins included (403); 404 unknown, deleted or reaction; 400 unarchivable kind", async () => {
    const dm = await buildMessage(s, bob, { uid: admin.uid }, "to admin");
    const priv = await buildMessage(s, bob, { gid: team }, "team");
    const pub = await buildMessage(s, bob, { gid: general }, "pub");
    const like = midOf(await api.like(carol, pub, "👍"));
    pathOf(await archive(admin, { mid_list: [dm, pub] }));
    // An admin outside the private channel cannot read it by forwarding it to themselves.
    expect((await archive(admin, { mid_list: [priv] })).statusCode).toBe(403);
    expect((await archive(carol, { mid_list: [pub, dm] })).statusCode).toBe(403);
    expect((await archive(admin, { mid_list: [999_999] })).statusCode).toBe(404);
    expect((await archive(admin, { mid_list: [like] })).statusCode).toBe(404);
    const path = pathOf(await archive(carol, { mid_list: [priv] }));
    const forward = midOf(await api.send(carol, `group/${team}/send`, path, "vocechat/archive"));
    expect((await archive(carol, { mid_list: [forward] })).statusCode).toBe(400);
    midOf(await api.remove(bob, pub));
    expect((await archive(carol, { mid_list: [pub] })).statusCode).toBe(404);
    for (const body of [{}, { mid_list: [] }, { mid_list: [-1] }, { mid_list: "1" }]) {
      expect((await archive(carol, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("callers: 401 anonymous; guests 403 (they cannot forward or save); bots may", async () => {
    const guest = await buildGuest(s);
    const bot = await buildBot(s);
    const pub = await buildMessage(s, bob, { gid: general }, "pub");
    const priv = await buildMessage(s, bob, { gid: team }, "team");
    expect((await archive(null, { mid_list: [pub] })).statusCode).toBe(401);
    expect((await archive(guest, { mid_list: [pub] })).statusCode).toBe(403);
    expect((await archive(guest, { mid_list: [priv] })).statusCode).toBe(403);
    pathOf(await archive(bot, { mid_list: [pub] }));
  });

  it("GET: 400 empty path or one with a dot, 404 unknown", async () => {
    expect((await s.app.inject({ method: "GET", url: "/api/resource/archive" })).statusCode).toBe(400);
    expect((await fetchArchive("")).statusCode).toBe(400);
    expect((await fetchArchive("2024/1/1/x.zip")).statusCode).toBe(400);
    expect((await fetchArchive("2024/1/1/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});
