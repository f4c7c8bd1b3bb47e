import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStore } from "./local.js";
import { S3Store } from "./s3.js";
import { readAll, type BlobStore } from "./store.js";
import { startTestS3, type TestS3 } from "./testS3.js";

/**
 * The `BlobStore` contract (store.ts; docs/ARCHITECTURE.md "Files and storage"), run against
 * every store: routes and commands rely on exactly this, whichever `STORAGE` is set.
 */
interface Backend {
  name: string;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
  /** A fresh, empty store; `pageSize` where the store pages its listings. */
  open(options?: { pageSize?: number }): BlobStore;
  /** Releases what the stores opened since the last call. */
  cleanup(): Promise<void>;
}

const localBackend = (): Backend => {
  const roots: string[] = [];
  return {
    name: "LocalDiskStore",
    open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "parley-store-"));
      roots.push(root);
      return new LocalDiskStore(root);
    },
    async cleanup() {
      for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
    },
  };
};

const s3Backend = (): Backend => {
  let s3: TestS3 | null = null;
  let seq = 0;
  const open: S3Store[] = [];
  return {
    name: "S3Store (s3rver)",
    async setup() {
      s3 = await startTestS3();
    },
    async teardown() {
      await s3?.close();
    },
    open({ pageSize = 2 } = {}) {
      if (!s3) throw new Error("s3rver is not running");
      // Each store its own prefix in the one bucket, so tests never see each other's objects;
      // small pages and parts make listings page and streams go up in several parts.
      const store = new S3Store({ ...s3.config, prefix: `t${++seq}/` }, { pageSize, partSize: 64 * 1024 });
      open.push(store);
      return store;
    },
    async cleanup() {
      for (const store of open.splice(0)) store.client.destroy();
    },
  };
};

const text = async (s: Readable | null) => (s ? Buffer.concat(await s.toArray()).toString() : null);
const keys = async (store: BlobStore, prefix: string) => {
  const out: string[] = [];
  for await (const e of store.list(prefix)) out.push(e.key);
  return out;
};
/** Puts many small objects, a few at a time. */
async function putMany(store: BlobStore, names: string[]): Promise<void> {
  const queue = [...names];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) await store.put(key, Buffer.from(key));
    }),
  );
}

describe.each([localBackend(), s3Backend()])("BlobStore contract: $name", (backend) => {
  beforeAll(() => backend.setup?.());
  afterAll(() => backend.teardown?.());
  afterEach(() => backend.cleanup());

  it("puts from buffers and streams, gets whole objects and ranges, stats them", async () => {
    const store = backend.open();
    expect(await store.put("a/b/one", Buffer.from("hello world"))).toEqual({ size: 11, modifiedAt: expect.any(Number) });
    expect(await store.put("a/two", Readable.from([Buffer.from("abc"), Buffer.from("def")]))).toEqual({ size: 6, modifiedAt: expect.any(Number) });
    expect(await text(await store.get("a/b/one"))).toBe("hello world");
    expect(await text(await store.get("a/b/one", { start: 6, end: 10 }))).toBe("world");
    expect(await text(await store.get("a/b/one", { start: 0, end: 1 }))).toBe("he");
    expect(await text(await store.get("a/b/one", { start: 10, end: 10 }))).toBe("d");
    expect(await text(await store.get("a/b/one", { start: 11, end: 20 }))).toBe(""); // past the end: nothing
    expect((await readAll(store, "a/two"))?.toString()).toBe("abcdef");
    expect(await store.stat("a/two")).toEqual({ size: 6, modifiedAt: expect.any(Number) });
    expect(Math.abs((await store.stat("a/two"))!.modifiedAt - Date.now())).toBeLessThan(60_000);
    expect(await store.stat("a/missing")).toBeNull();
    expect(await store.stat("a")).toBeNull(); // a folder is not an object
    expect(await store.get("a/missing")).toBeNull();
    expect(await store.get("a/missing", { start: 0, end: 3 })).toBeNull();
    expect(await readAll(store, "a/missing")).toBeNull();
  });

  it("replaces an object whole; stores an empty one", async () => {
    const store = backend.open();
    await store.put("k", Buffer.from("a longer first version"));
    await store.put("k", Readable.from([Buffer.from("second")]));
    expect(await text(await store.get("k"))).toBe("second");
    expect((await store.stat("k"))?.size).toBe(6);
    expect(await store.put("empty", Readable.from([]))).toEqual({ size: 0, modifiedAt: expect.any(Number) });
    expect((await readAll(store, "empty"))?.length).toBe(0);
    expect((await store.stat("empty"))?.size).toBe(0);
  });

  it("streams an object larger than a part and serves ranges across its parts", async () => {
    const store = backend.open();
    const data = Buffer.alloc(200 * 1024 + 17);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 8)) & 0xff;
    // Uneven pieces, so parts never line up with what the source yields.
    const pieces: Buffer[] = [];
    for (let at = 0; at < data.length; at += 10_007) pieces.push(data.subarray(at, at + 10_007));
    expect((await store.put("big", Readable.from(pieces))).size).toBe(data.length);
    expect((await readAll(store, "big"))?.equals(data)).toBe(true);
    const range = await store.get("big", { start: 65_000, end: 140_000 });
    expect(Buffer.concat(await range!.toArray()).equals(data.subarray(65_000, 140_001))).toBe(true);
    expect((await store.stat("big"))?.size).toBe(data.length);
  });

  it("lists in key order across pages, and only under the prefix", async () => {
    const store = backend.open({ pageSize: 2 });
    // Byte-wise key order: "a/…" before "a0" and "a_b" ("/" sorts first). (A name continued by
    // "-" or ".", which sort before "/", is left to local.test.ts: s3rver lists those out of order.)
    const all = ["x/2/b", "x/10/a", "x/2/a", "y/z", "a0", "a/b", "a_b", "a/a/c"];
    for (const key of all) await store.put(key, Buffer.from(key));
    const sorted = [...all].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
    expect(sorted).toEqual(["a/a/c", "a/b", "a0", "a_b", "x/10/a", "x/2/a", "x/2/b", "y/z"]);
    expect(await keys(store, "")).toEqual(sorted);
    expect(await keys(store, "x/2/")).toEqual(["x/2/a", "x/2/b"]);
    expect(await keys(store, "a/")).toEqual(["a/a/c", "a/b"]);
    expect(await keys(store, "nothing/")).toEqual([]);
    const entries = [];
    for await (const e of store.list("y/")) entries.push(e);
    expect(entries).toEqual([{ key: "y/z", size: 3, modifiedAt: expect.any(Number) }]);
  });

  it("deletes keys and prefixes; deleting what is gone is fine", async () => {
    const store = backend.open();
    for (const key of ["x/2/b", "x/10/a", "x/2/a", "y/z"]) await store.put(key, Buffer.from(key));
    await store.delete("x/2/");
    expect(await keys(store, "")).toEqual(["x/10/a", "y/z"]);
    await store.delete("x/10/a");
    expect(await keys(store, "x/")).toEqual([]);
    expect(await store.get("x/10/a")).toBeNull();
    await store.delete("x/10/a");
    await store.delete("nothing/");
    await store.delete("");
    expect(await keys(store, "")).toEqual([]);
  });

  it("deletes a prefix of more than 1,000 objects (several delete batches), and only those", async () => {
    const store = backend.open({ pageSize: 1_000 });
    const names = Array.from({ length: 1_100 }, (_, i) => `many/${String(i).padStart(4, "0")}`);
    await putMany(store, [...names, "manx", "many0/kept", "other/kept"]);
    expect((await keys(store, "many/")).length).toBe(1_100);
    await store.delete("many/");
    expect(await keys(store, "")).toEqual(["manx", "many0/kept", "other/kept"]);
  }, 120_000);

  it("leaves nothing behind when the source fails, and keeps the old object", async () => {
    const store = backend.open();
    await store.put("k", Buffer.from("old"));
    const failing = (size: number) =>
      Readable.from(
        (async function* () {
          yield Buffer.alloc(size, 1);
          throw new Error("source broke");
        })(),
      );
    await expect(store.put("k", failing(10))).rejects.toThrow("source broke");
    // Past several parts: the multipart upload is abandoned, not completed.
    await expect(store.put("k", failing(300 * 1024))).rejects.toThrow("source broke");
    await expect(store.put("new", failing(10))).rejects.toThrow("source broke");
    expect(await text(await store.get("k"))).toBe("old");
    expect(await keys(store, "")).toEqual(["k"]);
    expect(await store.stat("new")).toBeNull();
  });

  it("rethrows the source's own error (a 413 must stay a 413)", async () => {
    const store = backend.open();
    const own = Object.assign(new Error("File size too large"), { statusCode: 413 });
    const source = Readable.from(
      (async function* () {
        yield Buffer.alloc(100 * 1024);
        throw own;
      })(),
    );
    await expect(store.put("k", source)).rejects.toBe(own);
  });

  it("refuses keys that could leave the root", async () => {
    const store = backend.open();
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", ".hidden", "a/./b", "", "a\\b", "a/b/", "a b", "ä"]) {
      await expect(store.put(key, Buffer.from("x")), key).rejects.toThrow("invalid storage key");
      await expect(store.get(key), key).rejects.toThrow("invalid storage key");
      await expect(store.stat(key), key).rejects.toThrow("invalid storage key");
    }
    await expect(store.delete("../")).rejects.toThrow("invalid storage key");
    await expect(store.delete("a//")).rejects.toThrow("invalid storage key");
    expect(() => store.list("../")).toThrow("invalid storage key");
  });
});
