import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_FAVORITE_ARCHIVES, type Archive, type FavoriteArchive } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildArchive, buildChatSetup, buildMessage, buildMessageKinds } from "../../test/factories.js";
import { call, messageApi, midOf } from "../../test/api.js";
import { expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("favorite routes (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildChatSetup });
  const api = messageApi(suite);

  const create = (who: Session | null, payload: unknown) => call(suite.s, "POST", "/favorite", who, payload);
  const get = (who: Session | null, url: string) => call(suite.s, "GET", url, who);
  const remove = (who: Session | null, id: string) => call(suite.s, "DELETE", `/favorite/${id}`, who);
  const favorite = async (who: Session, mids: number[]) => {
    const res = await create(who, { mid_list: mids });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FavoriteArchive;
    assertMatches("FavoriteArchive", body);
    expect(Object.keys(body).sort()).toEqual(["created_at", "id"]);
    return body;
  };

  it("saves a snapshot of the current content, lists it and serves it as an Archive", async () => {
    const { s, seed: { bob, carol, team } } = suite;
    const m1 = await buildMessage(s, bob, { uid: carol.uid }, "a", { mentions: [] });
    const m2 = await buildMessage(s, carol, { uid: bob.uid }, "b");
    const m3 = await buildMessage(s, bob, { gid: team }, "c");
    midOf(await api.edit(bob, m1, "a (edited)", "text/markdown"));
    const before = Date.now();
    const first = await favorite(carol, [m3, m1, m2, m1]);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.created_at).toBeGreaterThanOrEqual(before);

    const res = await get(carol, `/favorite/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const archive = res.json() as Archive;
    assertMatches("Archive", archive);
    const at = (mid: number) => ({ created_at: expect.any(Number), mid });
    expect(archive).toEqual({
      users: [
        { name: "Bob", avatar: null },
        { name: "Carol", avatar: null },
      ],
      messages: [
        // Merged content; `source` is the conversation as Carol sees it.
        { ...at(m1), from_user: 0, source: { uid: bob.uid }, properties: null, content_type: "text/markdown", content: "a (edited)", file_id: null, thumbnail_id: null },
        { ...at(m2), from_user: 1, source: { uid: bob.uid }, properties: null, content_type: "text/plain", content: "b", file_id: null, thumbnail_id: null },
        { ...at(m3), from_user: 0, source: { gid: team }, properties: null, content_type: "text/plain", content: "c", file_id: null, thumbnail_id: null },
      ],
      num_attachments: 0,
    });

    const second = await favorite(carol, [m2]);
    const list = await get(carol, "/favorite");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([first, second]);
    for (const f of list.json() as FavoriteArchive[]) assertMatches("FavoriteArchive", f);

    // A snapshot: later edits and deletes of the originals do not change it.
    midOf(await api.remove(carol, m2));
    expect((await get(carol, `/favorite/${second.id}`)).json()).toMatchObject({ messages: [{ mid: m2, content: "b" }] });
  });

  it("only the owner sees or deletes a favorite", async () => {
    const { s, seed: { admin, bob, carol, general } } = suite;
    const mid = await buildMessage(s, bob, { gid: general }, "shared");
    const fav = await favorite(bob, [mid]);
    await expectStatuses({
      "another member reads": [() => get(carol, `/favorite/${fav.id}`), 404],
      "the admin reads": [() => get(admin, `/favorite/${fav.id}`), 404],
      "another member deletes": [() => remove(carol, fav.id), 404],
      "the admin deletes": [() => remove(admin, fav.id), 404],
    });
    expect((await get(carol, "/favorite")).json()).toEqual([]);
    const res = await remove(bob, fav.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
    expect((await get(bob, `/favorite/${fav.id}`)).statusCode).toBe(404);
    expect((await remove(bob, fav.id)).statusCode).toBe(404);
    expect((await get(bob, "/favorite")).json()).toEqual([]);
  });

  it(`429 beyond ${MAX_FAVORITE_ARCHIVES} favorites per user; room again after a delete`, async () => {
    const { s, seed: { bob, carol, general } } = suite;
    const mid = await buildMessage(s, bob, { gid: general }, "keep");
    const rows = Array.from({ length: MAX_FAVORITE_ARCHIVES - 1 }, (_, i) => ({
      id: randomUUID(),
      uid: bob.uid,
      created_at: 1_000 + i,
      body: '{"users":[],"messages":[],"num_attachments":0}',
    }));
    await s.ctx.db.insertInto("favorites").values(rows).execute();
    const last = await favorite(bob, [mid]);
    const res = await create(bob, { mid_list: [mid] });
    expect(res.statusCode).toBe(429);
    // The limit is per user.
    await favorite(carol, [mid]);
    expect((await remove(bob, last.id)).statusCode).toBe(200);
    await favorite(bob, [mid]);
    const list = (await get(bob, "/favorite")).json() as FavoriteArchive[];
    expect(list).toHaveLength(MAX_FAVORITE_ARCHIVES);
    expect(list.map((f) => f.created_at)).toEqual([...list.map((f) => f.created_at)].sort((a, b) => a - b));
  });

  it("404 unknown or deleted message or a reaction; 403 a message the caller cannot read; 400 an unarchivable kind or bad body", async () => {
    const { s, seed } = suite;
    const { admin, bob, carol, general } = seed;
    const { dm, priv, pub, like } = await buildMessageKinds(s, seed, admin);
    const gone = await buildMessage(s, carol, { gid: general }, "gone");
    midOf(await api.remove(carol, gone));
    await expectStatuses({
      "an unknown message": [() => create(carol, { mid_list: [pub, 999_999] }), 404],
      "a deleted message": [() => create(carol, { mid_list: [gone] }), 404],
      "a reaction": [() => create(carol, { mid_list: [like] }), 404],
      "a DM of others": [() => create(carol, { mid_list: [pub, dm] }), 403],
    });
    // Admins save what they can read; a private channel they are not in stays closed to them.
    await favorite(admin, [dm]);
    expect((await create(admin, { mid_list: [priv] })).statusCode).toBe(403);
    const path = await buildArchive(s, bob, [pub]);
    const forward = midOf(await api.send(bob, `group/${general}/send`, path, "vocechat/archive"));
    expect((await create(bob, { mid_list: [forward] })).statusCode).toBe(400);
    for (const body of [{}, { mid_list: [] }, { mid_list: ["1"] }, { mid_list: [0] }, { mid_list: Array(1_001).fill(pub) }, []]) {
      expect((await create(bob, body)).statusCode, JSON.stringify(body).slice(0, 30)).toBe(400);
    }
    expect((await s.ctx.db.selectFrom("favorites").selectAll().execute()).length).toBe(1);
  });

  it("400 for an id with a dot; 404 for an unknown id", async () => {
    const { bob } = suite.seed;
    expect((await get(bob, "/favorite/a.b")).statusCode).toBe(400);
    expect((await get(bob, `/favorite/${randomUUID()}`)).statusCode).toBe(404);
    expect((await remove(bob, "a.b")).statusCode).toBe(400);
  });

  it("callers: 401 anonymous everywhere; guests list (empty) but cannot save or delete; bots save", async () => {
    const { s, seed: { bob, guest, bot, general } } = suite;
    const mid = await buildMessage(s, bob, { gid: general }, "hi");
    await expectStatuses({
      "anonymous saves": [() => create(null, { mid_list: [mid] }), 401],
      "anonymous lists": [() => get(null, "/favorite"), 401],
      "anonymous reads": [() => get(null, `/favorite/${randomUUID()}`), 401],
      "anonymous deletes": [() => remove(null, randomUUID()), 401],
      "a guest saves": [() => create(guest, { mid_list: [mid] }), 403],
      "a guest deletes": [() => remove(guest, randomUUID()), 403],
    });
    const list = await get(guest, "/favorite");
    expect(list.statusCode).toBe(200);
    expect(list.body).toBe("[]");
    const fav = await favorite(bot, [mid]);
    expect((await get(bot, `/favorite/${fav.id}`)).json()).toMatchObject({ users: [{ name: "Bob" }], messages: [{ mid, source: { gid: general } }] });
  });

  it("GET /favorite/attachment/{uid}/{id}/{attachment_id}: no auth, 404 (text archives have no attachments), 400 bad path", async () => {
    const { s, seed: { bob, general } } = suite;
    const mid = await buildMessage(s, bob, { gid: general }, "hi");
    const fav = await favorite(bob, [mid]);
    await expectStatuses({
      "no attachment, anonymous": [() => get(null, `/favorite/attachment/${bob.uid}/${fav.id}/0`), 404],
      "no attachment, the owner": [() => get(bob, `/favorite/attachment/${bob.uid}/${fav.id}/0?download=true`), 404],
      "a uid that is no number": [() => get(null, `/favorite/attachment/x/${fav.id}/0`), 400],
      "an id with a dot": [() => get(null, `/favorite/attachment/${bob.uid}/a.b/0`), 400],
      "a negative index": [() => get(null, `/favorite/attachment/${bob.uid}/${fav.id}/-1`), 400],
    });
  });
});
