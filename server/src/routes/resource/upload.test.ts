import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ChatMessage, EventOf, UploadFileResponse } from "@parley/protocol";
import { sweepFiles, UPLOAD_TIMEOUT_MS } from "../../commands/files.js";
import { assertMatches } from "../../test/contract.js";
import { multipart, prepare, pseudoRandom, sendFile, stored, uploadChunk, uploadFile } from "../../test/uploads.js";
import { dialects } from "../../test/harness.js";
import { buildChatSetup } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Every file under a directory, relative paths (what the uploads left on disk). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

describe.each(dialects())("file uploads (%s)", (dialect) => {
  const suite = useSuite(dialect, { config: { maxFileSize: 8 * 1024 * 1024, uploadChunkLimit: 3 * 1024 * 1024 }, seed: buildChatSetup });

  const uploadDir = () => stored(suite.s, "upload");

  describe("POST /api/resource/file/prepare", () => {
    it("answers a UUID v4 as a JSON string; members and admins only", async () => {
      const { s, seed: { admin, bob } } = suite;
      await expectMatrix(suite.seed, (who) => call(s, "POST", "/resource/file/prepare", who, {}), { anonymous: 401, guest: 403 });
      for (const who of [bob, admin]) {
        const res = await s.app.inject({ method: "POST", url: "/api/resource/file/prepare", headers: who.headers, payload: { filename: "a.txt" } });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(res.json()).toMatch(UUID);
      }
    });

    it("guesses the content type from the file name, else application/octet-stream", async () => {
      const { s, seed: { bob } } = suite;
      const cases: [Record<string, unknown>, string][] = [
        [{ filename: "report.pdf" }, "application/pdf"],
        [{ filename: "photo.JPG" }, "image/jpeg"],
        [{ filename: "noext" }, "application/octet-stream"],
        [{}, "application/octet-stream"],
        [{ content_type: "Text/Plain; charset=utf-8", filename: "x.pdf" }, "text/plain"],
        [{ content_type: null, filename: "song.mp3" }, "audio/mpeg"],
      ];
      for (const [body, expected] of cases) {
        const fileId = await prepare(s, bob, body);
        expect((await s.ctx.repos.files.upload(fileId))?.content_type, JSON.stringify(body)).toBe(expected);
      }
    });

    it("rejects a malformed content type or body", async () => {
      const { s, seed: { bob } } = suite;
      for (const payload of [{ content_type: "not a type" }, { filename: 5 }, { content_type: "a/b".repeat(200) }]) {
        const res = await s.app.inject({ method: "POST", url: "/api/resource/file/prepare", headers: bob.headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it("keeps only the base name of the file name", async () => {
      const { s, seed: { bob } } = suite;
      const fileId = await prepare(s, bob, { filename: "../../etc/passwd" });
      expect((await s.ctx.repos.files.upload(fileId))?.filename).toBe("passwd");
    });
  });

  describe("POST /api/resource/file/upload", () => {
    it("joins several chunks in order; the file downloads whole and by ranges byte-identical", async () => {
      const { s, seed: { bob } } = suite;
      const data = pseudoRandom(5 * 1024 * 1024 + 123, 7);
      const result = await uploadFile(s, bob, data, { filename: "big.bin", chunkSize: 1_000_000 });
      assertMatches("UploadFileResponse", result);
      expect(result).toEqual({ path: expect.stringMatching(/^\d{4}\/\d{1,2}\/\d{1,2}\/[0-9a-f-]{36}$/), size: data.length, hash: sha256(data), image_properties: null });
      const now = new Date();
      expect(result.path.startsWith(`${now.getUTCFullYear()}/${now.getUTCMonth() + 1}/${now.getUTCDate()}/`)).toBe(true);
      // The chunks are gone; only the file is left.
      expect(filesUnder(uploadDir())).toEqual([path.join("file", ...result.path.split("/"))]);

      const url = `/api/resource/file?file_path=${encodeURIComponent(result.path)}`;
      const whole = await s.app.inject({ method: "GET", url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe("application/octet-stream");
      expect(whole.headers["content-length"]).toBe(String(data.length));
      expect(whole.headers["accept-ranges"]).toBe("bytes");
      expect(whole.rawPayload.equals(data)).toBe(true);

      const ranges: [string, number, number][] = [
        ["bytes=0-99", 0, 99],
        ["bytes=1000000-2999999", 1_000_000, 2_999_999],
        [`bytes=${data.length - 10}-`, data.length - 10, data.length - 1],
        ["bytes=-500", data.length - 500, data.length - 1],
        [`bytes=5000000-${data.length + 1000}`, 5_000_000, data.length - 1],
      ];
      for (const [range, start, end] of ranges) {
        const res = await s.app.inject({ method: "GET", url, headers: { range } });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/${data.length}`);
        expect(res.headers["content-length"]).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(data.subarray(start, end + 1)), range).toBe(true);
      }
      // Reassembled from ranges, the file is the same.
      const pieces: Buffer[] = [];
      for (let offset = 0; offset < data.length; offset += 2_000_000) {
        const res = await s.app.inject({ method: "GET", url, headers: { range: `bytes=${offset}-${offset + 1_999_999}` } });
        pieces.push(res.rawPayload);
      }
      expect(sha256(Buffer.concat(pieces))).toBe(result.hash);
    });

    it("answers null for non-final chunks and accepts chunk_is_last before chunk_data (the mobile app's order)", async () => {
      const { s, seed: { bob } } = suite;
      const fileId = await prepare(s, bob, { filename: "a.txt" });
      const first = await uploadChunk(s, bob, fileId, Buffer.from("hello "), false);
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe("null");
      expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
      const { payload, headers } = multipart([
        ["file_id", fileId],
        ["chunk_is_last", "true"],
        ["chunk_data", Buffer.from("world")],
      ]);
      const last = await s.app.inject({ method: "POST", url: "/api/resource/file/upload", headers: { ...bob.headers, ...headers }, payload });
      expect(last.statusCode).toBe(200);
      const result = last.json() as UploadFileResponse;
      expect(result.size).toBe(11);
      expect(result.hash).toBe(sha256(Buffer.from("hello world")));
      const file = await s.app.inject({ method: "GET", url: `/api/resource/file?file_path=${result.path}` });
      expect(file.body).toBe("hello world");
      expect(file.headers["content-type"]).toBe("text/plain");
      expect(file.headers["content-disposition"]).toBe(`inline; filename="a.txt"`);
    });

    it("rejects unknown, foreign and finished file ids, empty chunks and missing fields with 400", async () => {
      const { s, seed: { admin, bob } } = suite;
      const fileId = await prepare(s, bob);
      const cases: [string, () => ReturnType<typeof uploadChunk>][] = [
        ["unknown id", () => uploadChunk(s, bob, "6f1c1c8e-8a4e-4c55-9d2e-2b7c1c9a0f00", Buffer.from("x"), true)],
        ["malformed id", () => uploadChunk(s, bob, "../../etc", Buffer.from("x"), true)],
        ["someone else's upload", () => uploadChunk(s, admin, fileId, Buffer.from("x"), true)],
        ["empty chunk", () => uploadChunk(s, bob, fileId, Buffer.alloc(0), true)],
      ];
      for (const [what, run] of cases) {
        const res = await run();
        expect(res.statusCode, what).toBe(400);
      }
      const noChunk = multipart([["file_id", fileId], ["chunk_is_last", "true"]]);
      const res1 = await s.app.inject({ method: "POST", url: "/api/resource/file/upload", headers: { ...bob.headers, ...noChunk.headers }, payload: noChunk.payload });
      expect(res1.statusCode).toBe(400);
      const chunkFirst = multipart([["chunk_data", Buffer.from("x")], ["file_id", fileId]]);
      const res2 = await s.app.inject({ method: "POST", url: "/api/resource/file/upload", headers: { ...bob.headers, ...chunkFirst.headers }, payload: chunkFirst.payload });
      expect(res2.statusCode).toBe(400);
      const json = await s.app.inject({ method: "POST", url: "/api/resource/file/upload", headers: bob.headers, payload: { file_id: fileId } });
      expect(json.statusCode).toBe(400);
      // The upload is still usable, and once finished its id is gone.
      expect((await uploadChunk(s, bob, fileId, Buffer.from("ok"), true)).statusCode).toBe(200);
      expect((await uploadChunk(s, bob, fileId, Buffer.from("again"), true)).statusCode).toBe(400);
    });

    it("needs a member session: anonymous 401, guests 403, before the body is read", async () => {
      const { s, seed: { bob } } = suite;
      const fileId = await prepare(s, bob);
      const { payload, headers } = multipart([["file_id", fileId], ["chunk_data", Buffer.from("x")]]);
      await expectMatrix(suite.seed, (who) => call(s, "POST", "/resource/file/upload", who, payload, headers), { anonymous: 401, guest: 403 });
    });

    it("413 for a chunk over the chunk limit or a file over MAX_FILE_SIZE, with nothing written", async () => {
      const { s, seed: { bob } } = suite;
      // One chunk above UPLOAD_CHUNK_LIMIT (3 MiB).
      const fileId = await prepare(s, bob, { filename: "huge.bin" });
      const res = await uploadChunk(s, bob, fileId, pseudoRandom(3 * 1024 * 1024 + 1), true);
      expect(res.statusCode).toBe(413);
      expect(await s.ctx.repos.files.upload(fileId)).toBeUndefined();
      expect(filesUnder(uploadDir())).toEqual([]);

      // Chunks within the limit whose total passes MAX_FILE_SIZE (8 MiB).
      const second = await prepare(s, bob, { filename: "huge2.bin" });
      for (let i = 0; i < 2; i++) expect((await uploadChunk(s, bob, second, pseudoRandom(3 * 1024 * 1024, i + 2), false)).statusCode).toBe(200);
      const over = await uploadChunk(s, bob, second, pseudoRandom(3 * 1024 * 1024, 9), true);
      expect(over.statusCode).toBe(413);
      expect(await s.ctx.repos.files.upload(second)).toBeUndefined();
      expect(filesUnder(uploadDir())).toEqual([]);
      expect(await s.ctx.db.selectFrom("files").selectAll().execute()).toEqual([]);
    });

    it("after a 413 refused mid-body, reads the rest, so the next request on the connection is answered", async () => {
      const { s, seed: { bob } } = suite;
      // A browser sends the whole chunk, reads the early 413 and reuses the keep-alive connection:
      // written here as one socket carrying the oversized upload and, right behind it, a second request.
      const base = new URL(await s.listen());
      const fileId = await prepare(s, bob, { filename: "huge.bin" });
      for (let i = 0; i < 2; i++) expect((await uploadChunk(s, bob, fileId, pseudoRandom(3 * 1024 * 1024, i + 2), false)).statusCode).toBe(200);
      // The third chunk passes MAX_FILE_SIZE (8 MiB) after 2 of its 3 MiB: the last MiB is never read.
      const { payload, headers } = multipart([
        ["file_id", fileId],
        ["chunk_data", pseudoRandom(3 * 1024 * 1024, 9)],
        ["chunk_is_last", "true"],
      ]);
      const head = [
        `POST /api/resource/file/upload HTTP/1.1`,
        `Host: ${base.host}`,
        `X-API-Key: ${bob.headers["x-api-key"]}`,
        `Content-Type: ${headers["content-type"]}`,
        `Content-Length: ${payload.length}`,
        "",
        "",
      ].join("\r\n");
      const next = `GET /health HTTP/1.1\r\nHost: ${base.host}\r\n\r\n`;
      const socket = net.connect(Number(base.port), base.hostname);
      let received = "";
      socket.on("data", (d: Buffer) => (received += d.toString("latin1")));
      // The unread rest of the chunk is read and dropped (http/drain.ts): the request behind it is
      // answered on the same connection, and the client was never cut off mid-write.
      const answered = new Promise<boolean>((resolve) => {
        const poll = setInterval(() => {
          if ((received.match(/HTTP\/1\.1 /g) ?? []).length >= 2) {
            clearInterval(poll);
            resolve(true);
          }
        }, 20);
        socket.on("close", () => resolve(false));
        setTimeout(() => resolve(false), 5_000);
      });
      socket.write(Buffer.concat([Buffer.from(head), payload, Buffer.from(next)]));
      const both = await answered;
      socket.destroy();
      expect(received).toMatch(/^HTTP\/1\.1 413/);
      expect(both).toBe(true);
      expect(received).toMatch(/HTTP\/1\.1 200/);
    });
  });

  describe("images", () => {
    it("reads the dimensions and makes a ≤480×480 JPEG thumbnail of an opaque image", async () => {
      const { s, seed: { bob } } = suite;
      const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366cc" } }).jpeg().toBuffer();
      const result = await uploadFile(s, bob, jpeg, { filename: "photo.jpg" });
      expect(result.image_properties).toEqual({ width: 1200, height: 800 });
      assertMatches("UploadFileResponse", result);
      const thumb = await s.app.inject({ method: "GET", url: `/api/resource/file?file_path=${result.path}&thumbnail=true` });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/jpeg");
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 480, 320]);
      const original = await s.app.inject({ method: "GET", url: `/api/resource/file?file_path=${result.path}` });
      expect(original.rawPayload.equals(jpeg)).toBe(true);
      expect(original.headers.etag).not.toBe(thumb.headers.etag);
    });

    it("makes a PNG thumbnail when the image has alpha, and keeps small images at their size", async () => {
      const { s, seed: { bob } } = suite;
      const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
      const result = await uploadFile(s, bob, png, { filename: "t.png" });
      expect(result.image_properties).toEqual({ width: 300, height: 200 });
      const thumb = await s.app.inject({ method: "GET", url: `/api/resource/file?file_path=${result.path}&thumbnail=true` });
      expect(thumb.headers["content-type"]).toBe("image/png");
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 300, 200, true]);
    });

    it("reports displayed dimensions for EXIF-rotated photos", async () => {
      const { s, seed: { bob } } = suite;
      const rotated = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#cc3333" } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const result = await uploadFile(s, bob, rotated, { filename: "r.jpg" });
      expect(result.image_properties).toEqual({ width: 400, height: 600 });
    });

    it("400 for an undecodable image/* upload, with nothing kept", async () => {
      const { s, seed: { bob } } = suite;
      const fileId = await prepare(s, bob, { filename: "fake.png" });
      const res = await uploadChunk(s, bob, fileId, Buffer.from("this is not a png"), true);
      expect(res.statusCode).toBe(400);
      expect(filesUnder(uploadDir())).toEqual([]);
      expect(await s.ctx.db.selectFrom("files").selectAll().execute()).toEqual([]);
    });

    it("stores the excluded raw camera format (CR2) without decoding it or making a thumbnail", async () => {
      const { s, seed: { bob } } = suite;
      const raw = pseudoRandom(2048, 3);
      const result = await uploadFile(s, bob, raw, { filename: "IMG_0001.CR2", content_type: "image/x-canon-cr2" });
      expect(result.image_properties).toBeNull();
      const thumb = await s.app.inject({ method: "GET", url: `/api/resource/file?file_path=${result.path}&thumbnail=true` });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/x-canon-cr2");
      expect(thumb.rawPayload.equals(raw)).toBe(true);
    });
  });

  describe("file messages", () => {
    it("sets name, content_type and size over the client's properties; the content is the path", async () => {
      const { s, seed: { admin, bob, general: gid } } = suite;
      const data = Buffer.from("%PDF-1.4 minimal");
      const { path: filePath } = await uploadFile(s, bob, data, { filename: "Résumé 2024.pdf" });
      const [stream] = await suite.connect(admin);
      const res = await sendFile(s, bob, `/group/${gid}/send`, JSON.stringify({ path: filePath }), { local_id: 42, name: "spoofed.exe", size: 1 });
      expect(res.statusCode).toBe(200);
      const mid = res.json() as number;
      const chat = await stream.waitFor<EventOf<"chat">>((e) => e.type === "chat" && e.mid === mid);
      expect(chat.detail).toEqual({
        type: "normal",
        content_type: "vocechat/file",
        content: filePath,
        properties: { local_id: 42, name: "Résumé 2024.pdf", content_type: "application/pdf", size: data.length },
        expires_in: null,
      });
      const history = (await s.app.inject({ method: "GET", url: `/api/group/${gid}/history`, headers: bob.headers })).json() as ChatMessage[];
      expect(history.at(-1)?.detail).toEqual(chat.detail);

      // Audio messages (voice notes) work the same way, in DMs too.
      const voice = await uploadFile(s, bob, Buffer.from("OggS....."), { filename: "voice.ogg", content_type: "audio/ogg" });
      const dm = await sendFile(s, bob, `/user/${admin.uid}/send`, JSON.stringify({ path: voice.path }), undefined, "vocechat/audio");
      expect(dm.statusCode).toBe(200);
      const row = await s.ctx.repos.messages.byId(dm.json() as number);
      expect([row?.content_type, row?.content, JSON.parse(row?.properties ?? "null")]).toEqual([
        "vocechat/audio",
        voice.path,
        { name: "voice.ogg", content_type: "audio/ogg", size: 9 },
      ]);

      // The download names the file, RFC 5987-encoded, inline or as an attachment.
      const download = await s.app.inject({ method: "GET", url: `/api/resource/file?file_path=${encodeURIComponent(filePath)}&download=true` });
      expect(download.headers["content-disposition"]).toBe(`attachment; filename="R_sum_ 2024.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202024.pdf`);
    });

    it("400 when the path is malformed, unknown or expired; nothing is stored", async () => {
      const { s, seed: { bob, general: gid } } = suite;
      const before = await s.ctx.db.selectFrom("messages").selectAll().execute();
      for (const body of [
        "not json",
        JSON.stringify({}),
        JSON.stringify({ path: 5 }),
        JSON.stringify({ path: "../../../etc/passwd" }),
        JSON.stringify({ path: "2024/1/1/6f1c1c8e-8a4e-4c55-9d2e-2b7c1c9a0f00" }),
      ]) {
        const res = await sendFile(s, bob, `/group/${gid}/send`, body);
        expect(res.statusCode, body).toBe(400);
      }
      expect(await s.ctx.db.selectFrom("messages").selectAll().execute()).toEqual(before);
    });
  });

  describe("background job", () => {
    it("deletes uploads untouched for 300 s with their chunks, and leftover chunk folders", async () => {
      const { s, seed: { bob } } = suite;
      const fresh = await prepare(s, bob);
      const stale = await prepare(s, bob);
      expect((await uploadChunk(s, bob, fresh, Buffer.from("a"), false)).statusCode).toBe(200);
      expect((await uploadChunk(s, bob, stale, Buffer.from("b"), false)).statusCode).toBe(200);
      const now = Date.now();
      await s.ctx.db.updateTable("file_uploads").set({ updated_at: now - UPLOAD_TIMEOUT_MS - 1_000 }).where("file_id", "=", stale).execute();
      // An expired upload is refused even before the job runs.
      expect((await uploadChunk(s, bob, stale, Buffer.from("c"), true)).statusCode).toBe(400);
      // A chunk folder whose row is gone (a crash), older than 300 s.
      const orphan = path.join(uploadDir(), "tmp", "0d6b5a4c-1b2a-4c3d-8e4f-5a6b7c8d9e0f");
      fs.mkdirSync(orphan, { recursive: true });
      fs.writeFileSync(path.join(orphan, "00000001"), "x");
      const old = (now - UPLOAD_TIMEOUT_MS - 5_000) / 1000;
      fs.utimesSync(path.join(orphan, "00000001"), old, old);

      const swept = await sweepFiles(s.ctx, now);
      expect(swept.uploads).toBe(2);
      expect(await s.ctx.repos.files.upload(stale)).toBeUndefined();
      expect(await s.ctx.repos.files.upload(fresh)).toBeDefined();
      expect(filesUnder(path.join(uploadDir(), "tmp"))).toEqual([path.join(fresh, "00000001")]);
      expect((await uploadChunk(s, bob, fresh, Buffer.from("z"), true)).statusCode).toBe(200);
    });
  });
});
