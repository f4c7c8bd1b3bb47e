import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_FAVORITE_ARCHIVES, type Archive, type FavoriteArchive } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { image, pseudoRandom, sendUpload, stored, uploadFile } from "../../test/uploads.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { buildChatSetup } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

/** The chat setup and a PNG with alpha that Bob sent to the private channel (Otto is not in it). */
async function seed(s: TestServer) {
  const setup = await buildChatSetup(s);
  const imageBytes = await image(640, 640, { channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } });
  const upload = await uploadFile(s, setup.bob, imageBytes, { filename: "green.png", content_type: "image/png" });
  const imageMid = await sendUpload(s, setup.bob, `/group/${setup.team}/send`, upload);
  return { ...setup, imageBytes, imagePath: upload.path, imageMid };
}

/** Favorites with attachments: `POST /favorite` copies files and thumbnails; `/favorite/attachment/…` serves them. */
describe.each(dialects())("favorite attachments (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed });

  const get = (url: string, headers: Record<string, string> = {}) => call(suite.s, "GET", url, null, undefined, headers);
  const create = (who: Session | null, mids: number[]) => call(suite.s, "POST", "/favorite", who, { mid_list: mids });
  const favorite = async (who: Session, mids: number[]) => {
    const res = await create(who, mids);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FavoriteArchive;
  };
  const onDisk = (...key: string[]) => stored(suite.s, ...key);

  it("saves a file with its thumbnail; anyone with the URL fetches the bytes; ranges and download as for files", async () => {
    const { carol, team, imageBytes, imagePath, imageMid } = suite.seed;
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
    const { s, seed: { admin, bob, carol, imageBytes, imagePath, imageMid } } = suite;
    const fav = await favorite(carol, [imageMid]);
    expect((await call(s, "DELETE", "/resource/file/delete", admin)).statusCode).toBe(200);
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
    expect((await call(s, "DELETE", `/favorite/${fav.id}`, carol)).statusCode).toBe(200);
    expect((await get(`/favorite/attachment/${carol.uid}/${fav.id}/0`)).statusCode).toBe(404);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("creation: 401 anonymous, 403 guests and non-members (admins included); refusals and 429 copy nothing", async () => {
    const { s, seed: { admin, bob, otto, guest, general, imageMid } } = suite;
    const pub = await sendUpload(s, bob, `/group/${general}/send`, await uploadFile(s, bob, pseudoRandom(2_000, 4), { filename: "a.bin" }));
    await expectStatuses({
      anonymous: [() => create(null, [pub]), 401],
      guest: [() => create(guest, [pub]), 403],
      "a private channel of others": [() => create(otto, [pub, imageMid]), 403],
    });
    expect(fs.existsSync(onDisk("favorite"))).toBe(false);

    const rows = Array.from({ length: MAX_FAVORITE_ARCHIVES }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      uid: otto.uid,
      created_at: 1_000 + i,
      body: '{"users":[],"messages":[],"num_attachments":0}',
    }));
    await s.ctx.db.insertInto("favorites").values(rows).execute();
    expect((await create(otto, [pub])).statusCode).toBe(429);
    expect(fs.existsSync(onDisk("favorite"))).toBe(false);

    expect((await create(admin, [imageMid, pub])).statusCode).toBe(403); // admin is not in the channel
    await favorite(admin, [pub]);
    const mine = await favorite(bob, [pub]);
    expect((await get(`/favorite/attachment/${bob.uid}/${mine.id}/0`)).statusCode).toBe(200);
  });

  it("deleting the user deletes their favorites and the copies", async () => {
    const { s, seed: { admin, carol, imageMid } } = suite;
    const fav = await favorite(carol, [imageMid]);
    const res = await call(s, "DELETE", `/admin/user/${carol.uid}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.ctx.db.selectFrom("favorites").selectAll().where("uid", "=", carol.uid).execute()).toEqual([]);
    expect((await get(`/favorite/attachment/${carol.uid}/${fav.id}/0`)).statusCode).toBe(404);
    expect(fs.existsSync(onDisk("favorite", String(carol.uid)))).toBe(false);
  });
});
