import { createHash } from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Archive } from "@parley/protocol";
import { sweepFiles } from "../../commands/files.js";
import { assertMatches } from "../../test/contract.js";
import { image, pseudoRandom, sendFile, sendUpload, setFileExpiry, stored, uploadFile } from "../../test/uploads.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildChatSetup, buildMessage } from "../../test/factories.js";
import { call, messageApi, midOf } from "../../test/api.js";
import { expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Archives with attachments: files, thumbnails and avatars copied into the archive, and forwarded. */
describe.each(dialects())("archive attachments (%s)", (dialect) => {
  // Otto is in neither the private channel nor Bob and Carol's DM.
  const suite = useSuite(dialect, { seed: buildChatSetup });
  const api = messageApi(suite);

  const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") => call(suite.s, method, url, null, undefined, headers);
  const archive = (who: Session | null, mids: unknown) => call(suite.s, "POST", "/resource/archive", who, { mid_list: mids });
  const pathOf = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as string;
  };
  const attachmentUrl = (p: string, id: number | string, extra = "") =>
    `/resource/archive/attachment?file_path=${encodeURIComponent(p)}&attachment_id=${id}${extra}`;
  const setAvatar = async (who: Session, body: Buffer) => {
    const res = await call(suite.s, "POST", "/user/avatar", who, body, { "content-type": "image/png" });
    expect(res.statusCode, res.body).toBe(200);
  };
  const onDisk = (...key: string[]) => stored(suite.s, ...key);
  const archiveDir = () => onDisk("archive_msgs");

  /** Bob (with an avatar) posts a photo and a PDF in the private channel, Carol a text. */
  async function conversation() {
    const { s, seed: { bob, carol, team } } = suite;
    await setAvatar(bob, await image(300, 300, { background: "#aa3300" }));
    const photoBytes = await image(800, 600, { format: "jpeg", background: "#3366cc" });
    const photo = await uploadFile(s, bob, photoBytes, { filename: "photo.jpg", content_type: "image/jpeg" });
    const pdfBytes = pseudoRandom(300_000, 5);
    const pdf = await uploadFile(s, bob, pdfBytes, { filename: "Relevé été.pdf", content_type: "application/pdf", chunkSize: 100_000 });
    const m1 = await sendUpload(s, bob, `/group/${team}/send`, photo);
    const m2 = await sendUpload(s, bob, `/group/${team}/send`, pdf);
    const m3 = await buildMessage(s, carol, { gid: team }, "look at these");
    return { photo, photoBytes, pdf, pdfBytes, m1, m2, m3 };
  }

  it("forwards two messages with files: the recipient reads the Archive and byte-identical attachments, thumbnail and avatar included", async () => {
    const { bob, carol, otto, team } = suite.seed;
    const c = await conversation();
    const p = pathOf(await archive(carol, [c.m3, c.m2, c.m1]));
    // Carol forwards it to Otto, who is not in the channel.
    const fwd = midOf(await api.send(carol, `user/${otto.uid}/send`, p, "vocechat/archive"));
    const history = await api.history(otto, `user/${carol.uid}`);
    const received = history.find((m) => m.mid === fwd);
    expect(received?.detail).toMatchObject({ content_type: "vocechat/archive", content: p });

    // Otto's client loads it by URL, without headers; with his session it is the same.
    const res = await get(`/resource/archive?file_path=${encodeURIComponent(p)}`);
    expect(res.statusCode).toBe(200);
    expect((await get(`/resource/archive?file_path=${encodeURIComponent(p)}`, otto.headers)).body).toBe(res.body);
    const body = res.json() as Archive;
    assertMatches("Archive", body);
    const at = (mid: number) => ({ mid, created_at: expect.any(Number), source: { gid: team } });
    /** A file message of Bob's (user 0) in the Archive: its properties, no content, its attachment and thumbnail numbers. */
    const fileEntry = (mid: number, properties: object, file_id: number, thumbnail_id: number | null) =>
      ({ ...at(mid), from_user: 0, properties, content_type: "vocechat/file", content: null, file_id, thumbnail_id });
    expect(body).toEqual({
      users: [
        { name: "Bob", avatar: 0 },
        { name: "Carol", avatar: null },
      ],
      messages: [
        fileEntry(c.m1, { name: "photo.jpg", content_type: "image/jpeg", size: c.photoBytes.length }, 1, 2),
        fileEntry(c.m2, { name: "Relevé été.pdf", content_type: "application/pdf", size: c.pdfBytes.length }, 3, null),
        { ...at(c.m3), from_user: 1, properties: null, content_type: "text/plain", content: "look at these", file_id: null, thumbnail_id: null },
      ],
      num_attachments: 4,
    });

    const avatar = await get(attachmentUrl(p, 0));
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["content-type"]).toBe("image/png");
    expect(avatar.headers["content-disposition"]).toBe("inline");
    expect(avatar.rawPayload.equals((await get(`/resource/avatar?uid=${bob.uid}`)).rawPayload)).toBe(true);

    const photo = await get(attachmentUrl(p, 1));
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(c.photoBytes)).toBe(true);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
    expect(photo.headers["content-disposition"]).toBe(`inline; filename="photo.jpg"`);
    expect(photo.headers.etag).toBe(`"${c.photo.hash}"`);
    expect(photo.headers["cache-control"]).toBe("public, max-age=31536000");
    expect(photo.headers["x-content-type-options"]).toBe("nosniff");

    const thumb = await get(attachmentUrl(p, 2));
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
    const original = await get(`/resource/file?file_path=${encodeURIComponent(c.photo.path)}&thumbnail=true`);
    expect(thumb.rawPayload.equals(original.rawPayload)).toBe(true);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(480);

    const pdfUrl = attachmentUrl(p, 3);
    const pdf = await get(pdfUrl);
    expect(pdf.rawPayload.equals(c.pdfBytes)).toBe(true);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers.etag).toBe(`"${sha256(c.pdfBytes)}"`);
    expect(pdf.headers["content-disposition"]).toBe(`inline; filename="Relev_ _t_.pdf"; filename*=UTF-8''Relev%C3%A9%20%C3%A9t%C3%A9.pdf`);
    expect((await get(attachmentUrl(p, 3, "&download=true"))).headers["content-disposition"]).toMatch(/^attachment; filename="Relev_ _t_.pdf"/);
    // Ranges and validators, as for /resource/file.
    const part = await get(pdfUrl, { range: "bytes=1000-1999" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${c.pdfBytes.length}`);
    expect(part.rawPayload.equals(c.pdfBytes.subarray(1000, 2000))).toBe(true);
    expect((await get(pdfUrl, { range: `bytes=${c.pdfBytes.length}-` })).statusCode).toBe(416);
    expect((await get(pdfUrl, { "if-none-match": pdf.headers.etag as string })).statusCode).toBe(304);
    const head = await get(pdfUrl, {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(c.pdfBytes.length));

    expect((await get(attachmentUrl(p, 4))).statusCode).toBe(404);
    // Copies in the store, in VoceChat's folder, one object per attachment.
    expect(fs.readdirSync(onDisk("archive_msgs", p)).sort()).toEqual(["0", "1", "2", "3"]);
  });

  it("the archive survives the originals: file deletion and expiry, the message's deletion, a new avatar", async () => {
    const { s, seed: { admin, bob } } = suite;
    const c = await conversation();
    const p = pathOf(await archive(bob, [c.m1, c.m2]));
    const before = (await get(`/resource/archive?file_path=${encodeURIComponent(p)}`)).body;
    const avatarBefore = (await get(attachmentUrl(p, 0))).rawPayload;

    midOf(await api.remove(bob, c.m1));
    await setAvatar(bob, await image(200, 200, { background: "#00aa33" }));
    expect((await call(s, "DELETE", "/resource/file/delete", admin)).statusCode).toBe(200);
    expect((await get(`/resource/file?file_path=${encodeURIComponent(c.photo.path)}`)).statusCode).toBe(404);
    expect(fs.existsSync(onDisk("upload", "file"))).toBe(false);
    // Files expire after a day; the archive is newer than that.
    await setFileExpiry(s, admin, "Day1");
    await sweepFiles(s.ctx);

    expect((await get(`/resource/archive?file_path=${encodeURIComponent(p)}`)).body).toBe(before);
    expect((await get(attachmentUrl(p, 0))).rawPayload.equals(avatarBefore)).toBe(true);
    expect((await get(`/resource/avatar?uid=${bob.uid}`)).rawPayload.equals(avatarBefore)).toBe(false);
    expect((await get(attachmentUrl(p, 1))).rawPayload.equals(c.photoBytes)).toBe(true);
    expect((await get(attachmentUrl(p, 3))).rawPayload.equals(c.pdfBytes)).toBe(true);
  });

  it("a file already expired when archived keeps its message and properties, without attachments", async () => {
    const { s, seed: { admin, carol } } = suite;
    const c = await conversation();
    await s.ctx.db.updateTable("files").set({ created_at: Date.now() - 3 * 86_400_000 }).where("path", "=", c.pdf.path).execute();
    await setFileExpiry(s, admin, "Day1");
    const p = pathOf(await archive(carol, [c.m1, c.m2]));
    const body = (await get(`/resource/archive?file_path=${encodeURIComponent(p)}`)).json() as Archive;
    expect(body.num_attachments).toBe(3);
    expect(body.messages[1]).toMatchObject({ mid: c.m2, content: null, file_id: null, thumbnail_id: null, properties: { name: "Relevé été.pdf" } });
    expect(body.messages[0]).toMatchObject({ mid: c.m1, file_id: 1, thumbnail_id: 2 });
  });

  it("the same file sent twice and the same sender are copied once", async () => {
    const { s, seed: { bob, carol, general } } = suite;
    const data = pseudoRandom(10_000, 9);
    const file = await uploadFile(s, bob, data, { filename: "twice.bin" });
    const m1 = await sendUpload(s, bob, `/group/${general}/send`, file);
    const m2 = await sendUpload(s, bob, `/group/${general}/send`, file);
    const p = pathOf(await archive(carol, [m1, m2]));
    const body = (await get(`/resource/archive?file_path=${encodeURIComponent(p)}`)).json() as Archive;
    // Bob has no avatar: no attachment for him.
    expect(body.users).toEqual([{ name: "Bob", avatar: null }]);
    expect(body.messages.map((m) => [m.file_id, m.thumbnail_id])).toEqual([
      [0, null],
      [0, null],
    ]);
    expect(body.num_attachments).toBe(1);
  });

  it("creation: 401 anonymous; everyone, admins included, only what they can read (403, nothing copied)", async () => {
    const { s, seed: { admin, bob, carol, otto, guest, general } } = suite;
    const c = await conversation();
    const pubFile = await uploadFile(s, bob, pseudoRandom(5_000, 3), { filename: "pub.bin" });
    const pub = await sendUpload(s, bob, `/group/${general}/send`, pubFile);
    const dm = await sendUpload(s, bob, `/user/${carol.uid}/send`, c.pdf);

    const audio = midOf(await sendFile(s, bob, `/group/${general}/send`, JSON.stringify({ path: pubFile.path }), undefined, "vocechat/audio"));
    await expectStatuses({
      anonymous: [() => archive(null, [pub]), 401],
      "a guest (guests cannot forward or save)": [() => archive(guest, [pub, c.m1]), 403],
      "a private channel of others": [() => archive(otto, [c.m1]), 403],
      "someone else's DM": [() => archive(otto, [dm]), 403],
      "an unknown message": [() => archive(carol, [c.m1, 999_999]), 404],
      "an audio message": [() => archive(bob, [pub, audio]), 400],
      "a guest, a public message only": [() => archive(guest, [pub]), 403],
      // The admin is neither in the private channel nor a party to the DM.
      "the admin, a private channel": [() => archive(admin, [c.m1]), 403],
      "the admin, a DM of others": [() => archive(admin, [dm]), 403],
    });
    // Refusals are decided before anything is copied.
    expect(fs.existsSync(archiveDir())).toBe(false);
    expect(await s.ctx.db.selectFrom("archives").selectAll().execute()).toEqual([]);
    const byCarol = pathOf(await archive(carol, [c.m1, c.m2, dm, pub]));
    expect(((await get(`/resource/archive?file_path=${encodeURIComponent(byCarol)}`)).json() as Archive).num_attachments).toBe(5);
  });

  it("reads: 400 for a bad path or attachment id, 404 for an unknown archive or attachment", async () => {
    const { carol } = suite.seed;
    const c = await conversation();
    const p = pathOf(await archive(carol, [c.m1]));
    for (const q of [
      "",
      "file_path=&attachment_id=0",
      `file_path=${encodeURIComponent(p)}`,
      `file_path=${encodeURIComponent(p)}&attachment_id=`,
      `file_path=${encodeURIComponent(p)}&attachment_id=-1`,
      `file_path=${encodeURIComponent(p)}&attachment_id=x`,
      `file_path=${encodeURIComponent(p)}&attachment_id=null`,
      `file_path=${encodeURIComponent(p)}&attachment_id=1.5`,
      `file_path=${encodeURIComponent(`${p}.zip`)}&attachment_id=0`,
      `file_path=${encodeURIComponent("../../db.sqlite")}&attachment_id=0`,
    ]) {
      expect((await get(`/resource/archive/attachment?${q}`)).statusCode, q).toBe(400);
    }
    expect((await get(attachmentUrl("2024/1/1/00000000-0000-4000-8000-000000000000", 0))).statusCode).toBe(404);
    expect((await get(attachmentUrl("archive_msgs", 0))).statusCode).toBe(404);
    expect((await get(attachmentUrl(p, 3))).statusCode).toBe(404);
    expect((await get(attachmentUrl(p, 99_999_999_999))).statusCode).toBe(404);
    expect((await get(attachmentUrl(p, 1))).statusCode).toBe(200);
  });

  it("archives expire with the files (max_file_expiry_mode, by their own age); the job deletes them with their attachments", async () => {
    const { s, seed: { admin, carol } } = suite;
    const c = await conversation();
    const old = pathOf(await archive(carol, [c.m1]));
    const fresh = pathOf(await archive(carol, [c.m3]));
    await s.ctx.db.updateTable("archives").set({ created_at: Date.now() - 2 * 86_400_000 }).where("path", "=", old).execute();
    expect((await get(`/resource/archive?file_path=${encodeURIComponent(old)}`)).statusCode).toBe(200); // expiry is off
    await setFileExpiry(s, admin, "Day1");
    expect((await get(`/resource/archive?file_path=${encodeURIComponent(old)}`)).statusCode).toBe(404);
    expect((await get(attachmentUrl(old, 1))).statusCode).toBe(404);
    // An expired archive cannot be forwarded any more; a fresh one can.
    const forward = (path: string) =>
      call(s, "POST", `/user/${admin.uid}/send`, carol, path, { "content-type": "vocechat/archive" });
    expect((await forward(old)).statusCode).toBe(400);
    expect((await forward(fresh)).statusCode).toBe(200);
    expect(fs.existsSync(onDisk("archive_msgs", old))).toBe(true);
    expect((await sweepFiles(s.ctx)).archives).toBe(1);
    expect(fs.existsSync(onDisk("archive_msgs", old))).toBe(false);
    expect(await s.ctx.repos.messages.archive(old)).toBeUndefined();
    expect((await get(`/resource/archive?file_path=${encodeURIComponent(fresh)}`)).statusCode).toBe(200);
  });
});
