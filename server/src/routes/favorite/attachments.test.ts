import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_FAVORITE_ARCHIVES, type Archive, type FavoriteArchive } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { pseudoRandom, sendFile, uploadFile } from "../../test/uploads.js";
import { dialects, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { buildAdmin, buildChannel, buildGuest, buildMember } from "../../test/factories.js";
import { midOf } from "../../test/api.js";

/** Favorites with attachments: `POST /favorite` copies files and thumbnails; `/favorite/attachment/…` serves them. */
describe.each(dialects())("favorite attachments (%s)", (dialect) => {
  let s: TestServer;
  let admin: Session;
  let bob: Session;
  let carol: Session;
  let dave: Session;
  let general: number;
  let team: number;
  let imageBytes: Buffer;
  let imageMid: number;
  let imagePath: string;

  beforeEach(async () => {
    s = await startTestServer(dialect);
    admin = await buildAdmin(s);
    bob = await buildMember(s, admin, "Bob");
    carol = await buildMember(s, admin, "Carol");
    dave = await buildMember(s, admin, "Dave");
    general = await buildChannel(s, admin, { name: "general", is_public: true });
    team = await buildChannel(s, bob, { name: "team", members: [carol.uid] });
    imageBytes = await sharp({ create: { width: 640, height: 640, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const image = await uploadFile(s, bob, imageBytes, { filename: "green.png", content_type: "image/png" });
    imagePath = image.path;
    imageMid = midOf(await sendFile(s, bob, `/group/${team}/send`, JSON.stringify({ path: image.path })));
  });
  afterEach(async () => {
    await s.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: "GET", url: `/api${url}`, headers });
  const create = (who: Session | null, mids: number[]) =>
    s.app.inject({ method: "POST", url: "/api/favorite", headers: who?.headers ?? {}, payload: { mid_list: mids } });
  const favorite = async (who: Session, mids: number[]) => {
    const res = await create(who, mids);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FavoriteArchive;
  };
  const onDisk = (...key: string[]) => path.join(s.ctx.config.dataDir, ...key.flatMap((k) => k.split("/")));

  it("saves a file with its thumbnail; anyone with the URL fetches the bytes; ranges and download as for files", async () => {
    const fav = await favorite(carol, [imageMid]);
    const archive = (await get(`/favorite/${fav.id}`, carol.headers)).json() as Archive;
    assertMatches("Archive", archive);
    expect(archive).toEqual({
      users: [{ name: "Bob", avatar: null }],
      messages: [
        {
          from_user: 0,
          created_at: expect.any(Number),
          mid: imageMid,
          source: { gid: team },
          properties: { name: "green.png", content_type: "image/png", size: imageBytes.length },
          content_type: "vocechat/file",
          content: null,
          file_id: 0,
          thumbnail_id: 1,
        },
      ],
      num_attachments: 2,
    });

    // The clients load it as an image URL, without headers.
    const url = `/favorite/attachment/${carol.uid}/${fav.id}/0`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(imageBytes)).toBe(true);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="green.png"`);
    expect(res.headers["cache-control"]).toBe("private, max-age=31536000");
    expect((await get(`${url}?download=true`)).headers["content-disposition"]).toMatch(/^attachment; filename="green.png"/);
    const part = await get(url, { range: "bytes=-100" });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(imageBytes.subarray(imageBytes.length - 100))).toBe(true);
    expect((await get(url, { "if-none-match": res.headers.etag as string })).statusCode).toBe(304);

    const thumb = await get(`/favorite/attachment/${carol.uid}/${fav.id}/1`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/png"); // it has alpha
    const original = await get(`/resource/file?file_path=${encodeURIComponent(imagePath)}&thumbnail=true`);
    expect(thumb.rawPayload.equals(original.rawPayload)).toBe(true);
    expect(fs.readdirSync(onDisk("favorite", String(carol.uid), fav.id)).sort()).toEqual(["0", "1"]);
  });

  it("survives the original file; 404 for another uid, an unknown id or index; deleting the favorite deletes its copies", async () => {
    const fav = await favorite(carol, [imageMid]);
    expect((await s.app.inject({ method: "DELETE", url: "/api/resource/file/delete", headers: admin.headers })).statusCode).toBe(200);
    expect((await get(`/resource/file?file_path=${encodeURIComponent(imagePath)}`)).statusCode).toBe(404);
    expect((await get(`/favorite/attachment/${carol.uid}/${fav.id}/0`)).rawPayload.equals(imageBytes)).toBe(true);

    expect((await get(`/favorite/attachment/${bob.uid}/${fav.id}/0`)).statusCode).toBe(404);
    expect((await get(`/favorite/attachment/${carol.uid}/00000000-0000-4000-8000-000000000000/0`)).statusCode).toBe(404);
    expect((await get(`/favorite/attachment/${carol.uid}/${fav.id}/2`)).statusCode).toBe(404);
    for (const bad of [`x/${fav.id}/0`, `${carol.uid}/a.b/0`, `${carol.uid}/${fav.id}/-1`, `${carol.uid}/${fav.id}/null`, `0/${fav.id}/0`]) {
      expect((await get(`/favorite/attachment/${bad}`)).statusCode, bad).toBe(400);
    }

    const dir = onDisk("favorite", String(carol.uid), fav.id);
    expect(fs.existsSync(dir)).toBe(true);
    expect((await s.app.inject({ method: "DELETE", url: `/api/favorite/${fav.id}`, headers: carol.headers })).statusCode).toBe(200);
    expect((await get(`/favorite/attachment/${carol.uid}/${fav.id}/0`)).statusCode).toBe(404);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("creation: 401 anonymous, 403 guests and non-members (admins included); refusals and 429 copy nothing", async () => {
    const guest = await buildGuest(s);
    const pub = midOf(
      await sendFile(s, bob, `/group/${general}/send`, JSON.stringify({ path: (await uploadFile(s, bob, pseudoRandom(2_000, 4), { filename: "a.bin" })).path })),
    );
    expect((await create(null, [pub])).statusCode).toBe(401);
    expect((await create(guest, [pub])).statusCode).toBe(403);
    expect((await create(dave, [pub, imageMid])).statusCode).toBe(403);
    expect(fs.existsSync(onDisk("favorite"))).toBe(false);

    const rows = Array.from({ length: MAX_FAVORITE_ARCHIVES }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      uid: dave.uid,
      created_at: 1_000 + i,
      body: '{"users":[],"messages":[],"num_attachments":0}',
    }));
    await s.ctx.db.insertInto("favorites").values(rows).execute();
    expect((await create(dave, [pub])).statusCode).toBe(429);
    expect(fs.existsSync(onDisk("favorite"))).toBe(false);

    expect((await create(admin, [imageMid, pub])).statusCode).toBe(403); // admin is not in the channel
    await favorite(admin, [pub]);
    const mine = await favorite(bob, [pub]);
    expect((await get(`/favorite/attachment/${bob.uid}/${mine.id}/0`)).statusCode).toBe(200);
  });

  it("deleting the user deletes their favorites and the copies", async () => {
    const fav = await favorite(carol, [imageMid]);
    const res = await s.app.inject({ method: "DELETE", url: `/api/admin/user/${carol.uid}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.ctx.db.selectFrom("favorites").selectAll().where("uid", "=", carol.uid).execute()).toEqual([]);
    expect((await get(`/favorite/attachment/${carol.uid}/${fav.id}/0`)).statusCode).toBe(404);
    expect(fs.existsSync(onDisk("favorite", String(carol.uid)))).toBe(false);
  });
});
