import { createHash } from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sweepFiles, UPLOAD_TIMEOUT_MS } from "../commands/files.js";
import type { Config } from "../config.js";
import { call, ok } from "../test/api.js";
import { buildCast } from "../test/factories.js";
import { dialects } from "../test/harness.js";
import { useSuite } from "../test/suite.js";
import { image, prepare, pseudoRandom, uploadChunk, uploadFile } from "../test/uploads.js";
import type { LazyStore } from "./lazy.js";
import { S3Store } from "./s3.js";
import { startTestS3, type TestS3 } from "./testS3.js";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/**
 * The upload, download and delete routes (docs/API.md "Files") on a server whose config has
 * `storage: { kind: "s3", … }`: the bytes go to s3rver's bucket, and nothing lands in `DATA_DIR`.
 */
describe.each(dialects())("files on S3 storage, end to end (%s)", (dialect) => {
  let s3: TestS3;
  let seq = 0;
  /** What the test's server is started with; each test's server gets its own S3_PREFIX. */
  const config: Partial<Config> = { maxFileSize: 8 * 1024 * 1024, uploadChunkLimit: 1024 * 1024 };
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.close());
  // Registered before the suite's hooks, so it runs before each server starts.
  beforeEach(() => {
    config.storage = { ...s3.config, prefix: `e2e${++seq}/` };
  });
  const suite = useSuite(dialect, { config, seed: buildCast });

  /** Every key the test's server has in the bucket, as the store names them. */
  const bucketKeys = async (prefix = "") => {
    const out: string[] = [];
    for await (const e of suite.s.ctx.storage.list(prefix)) out.push(e.key);
    return out;
  };

  it("uploads in several chunks, downloads whole and by a range, and deletes", async () => {
    const { s, seed: { admin, bob } } = suite;
    expect(await (s.ctx.storage as LazyStore).loaded()).toBeInstanceOf(S3Store);
    const data = pseudoRandom(2_500_000, 5);
    const file = await uploadFile(s, bob, data, { filename: "big.bin", chunkSize: 700_000 }); // 4 chunks
    expect(file).toMatchObject({ size: data.length, hash: sha256(data), image_properties: null });
    // The chunks were joined into one object and dropped; the disk holds the database only.
    expect(await bucketKeys()).toEqual([`upload/file/${file.path}`]);
    expect(fs.readdirSync(s.ctx.config.dataDir).filter((f) => !f.startsWith("db.sqlite"))).toEqual([]);

    const url = `/resource/file?file_path=${encodeURIComponent(file.path)}`;
    const whole = await call(s, "GET", url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-length"]).toBe(String(data.length));
    expect(whole.rawPayload.equals(data)).toBe(true);

    const part = await call(s, "GET", url, null, undefined, { range: "bytes=699990-1400009" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 699990-1400009/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(699_990, 1_400_010))).toBe(true);
    const tail = await call(s, "GET", url, null, undefined, { range: "bytes=-10" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(data.length - 10))).toBe(true);
    expect((await call(s, "GET", url, null, undefined, { range: `bytes=${data.length}-` })).statusCode).toBe(416);

    ok(await call(s, "DELETE", "/resource/file/delete", admin), "delete files");
    expect((await call(s, "GET", url)).statusCode).toBe(404);
    expect(await bucketKeys()).toEqual([]);
  });

  it("stores an image's thumbnail and a picture in the bucket", async () => {
    const { s, seed: { bob } } = suite;
    const png = await image(800, 600);
    const file = await uploadFile(s, bob, png, { filename: "photo.png", content_type: "image/png", chunkSize: 4_000 });
    expect(file.image_properties).toEqual({ width: 800, height: 600 });
    expect(await bucketKeys("upload/")).toEqual([`upload/file/${file.path}`, `upload/thumbnail/${file.path}`]);
    const thumb = await call(s, "GET", `/resource/file?file_path=${encodeURIComponent(file.path)}&thumbnail=true`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.length).toBeGreaterThan(0);
    expect(thumb.rawPayload.length).toBeLessThan(png.length);

    const avatar = await image(64, 64);
    const set = await s.app.inject({ method: "POST", url: "/api/user/avatar", headers: { ...bob.headers, "content-type": "image/png" }, payload: avatar });
    expect(set.statusCode).toBe(200);
    expect(await bucketKeys("avatar/")).toEqual([`avatar/${bob.uid}.png`]);
    const got = await call(s, "GET", `/resource/avatar?uid=${bob.uid}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
  });

  it("a chunk over the limit ends the upload with a 413 and leaves no object", async () => {
    const { s, seed: { bob } } = suite;
    const fileId = await prepare(s, bob, { filename: "a.bin" });
    expect((await uploadChunk(s, bob, fileId, pseudoRandom(500_000, 1), false)).statusCode).toBe(200);
    expect(await bucketKeys("upload/tmp/")).toEqual([`upload/tmp/${fileId}/00000001`]);
    expect((await uploadChunk(s, bob, fileId, pseudoRandom(1024 * 1024 + 1, 2), false)).statusCode).toBe(413);
    expect(await bucketKeys()).toEqual([]);
  });

  it("the sweep drops an abandoned upload's chunks from the bucket", async () => {
    const { s, seed: { bob } } = suite;
    const fileId = await prepare(s, bob, { filename: "a.bin" });
    for (const seed of [1, 2]) expect((await uploadChunk(s, bob, fileId, pseudoRandom(10_000, seed), false)).statusCode).toBe(200);
    expect((await bucketKeys()).length).toBe(2);
    expect((await sweepFiles(s.ctx, Date.now() + UPLOAD_TIMEOUT_MS + 1_000)).uploads).toBe(1);
    expect(await bucketKeys()).toEqual([]);
  });
});
