import { describe, expect, it } from "vitest";
import type { Archive, EventOf } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildChatSetup, buildMessage, buildMessageKinds } from "../../test/factories.js";
import { call, messageApi, midOf } from "../../test/api.js";
import { expectChatDelivery } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

const ARCHIVE_PATH = /^\d{4}\/[1-9]\d?\/[1-9]\d?\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Forwarding: `POST /resource/archive`, `GET /resource/archive`, and `vocechat/archive` sends. */
describe.each(dialects())("archives and forwarding (%s)", (dialect) => {
  // One server for the file: every test archives messages of its own.
  const suite = useSuite(dialect, { per: "file", seed: buildChatSetup });
  const api = messageApi(suite);

  const archive = (who: Session | null, payload: unknown) => call(suite.s, "POST", "/resource/archive", who, payload);
  const fetchArchive = (path: string) => call(suite.s, "GET", `/resource/archive?file_path=${encodeURIComponent(path)}`);
  const pathOf = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
    const path = JSON.parse(res.body) as unknown;
    expect(typeof path).toBe("string");
    expect(path).toMatch(ARCHIVE_PATH);
    return path as string;
  };

  it("creates an archive (a JSON string path) that anyone holding the path can read, cached for good", async () => {
    const { s, seed: { bob, carol, team } } = suite;
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
    const { s, seed: { admin, bob, carol, team, fence } } = suite;
    const dm = await buildMessage(s, bob, { uid: carol.uid }, "forward me");
    const path = pathOf(await archive(carol, { mid_list: [dm] }));
    expect((await fetchArchive(path)).json()).toMatchObject({ messages: [{ mid: dm, source: { uid: bob.uid } }] });
    const [b, c, a] = await suite.connect(bob, carol, admin);
    const mid = midOf(await api.send(carol, `group/${team}/send`, `${path}\n`, "vocechat/archive", { local_id: 7 }));
    const event: EventOf<"chat"> = await expectChatDelivery(mid, [b, c], [a], fence);
    assertMatches("ChatMessage", event);
    expect(event.detail).toEqual({ type: "normal", properties: { local_id: 7 }, content_type: "vocechat/archive", content: path, expires_in: null });
    for (const body of ["", "2024/1/1/00000000-0000-4000-8000-000000000000", "../etc"]) {
      expect((await api.send(carol, `user/${bob.uid}/send`, body, "vocechat/archive")).statusCode, body).toBe(400);
    }
    // A forward can be replied to with another forward.
    midOf(await api.reply(bob, mid, path, "vocechat/archive"));
  });

  it("permissions: what the caller can read, admins included (403); 404 unknown, deleted or reaction; 400 unarchivable kind", async () => {
    const { s, seed } = suite;
    const { admin, bob, carol, team } = seed;
    const { dm, priv, pub, like } = await buildMessageKinds(s, seed, admin);
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
    const { s, seed: { bob, guest, bot, general, team } } = suite;
    const pub = await buildMessage(s, bob, { gid: general }, "pub");
    const priv = await buildMessage(s, bob, { gid: team }, "team");
    await expectMatrix(suite.seed, (who) => archive(who, { mid_list: [pub] }), { anonymous: 401, guest: 403 });
    expect((await archive(guest, { mid_list: [priv] })).statusCode).toBe(403);
    pathOf(await archive(bot, { mid_list: [pub] }));
  });

  it("GET: 400 empty path or one with a dot, 404 unknown", async () => {
    const { s } = suite;
    expect((await call(s, "GET", "/resource/archive")).statusCode).toBe(400);
    expect((await fetchArchive("")).statusCode).toBe(400);
    expect((await fetchArchive("2024/1/1/x.zip")).statusCode).toBe(400);
    expect((await fetchArchive("2024/1/1/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});
