import { Readable } from "node:stream";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../config.js";
import { createStore, readAll } from "./index.js";
import { LazyStore } from "./lazy.js";
import { LocalDiskStore } from "./local.js";
import { S3Store, type S3StoreOptions } from "./s3.js";
import { StorageUnavailable } from "./store.js";
import { startTestS3, type TestS3 } from "./testS3.js";

/** What only the S3 store does; the `BlobStore` contract itself is in contract.test.ts. */
describe("S3Store against s3rver", () => {
  let s3: TestS3;
  const stores: S3Store[] = [];
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.close());
  afterEach(() => {
    for (const store of stores.splice(0)) store.client.destroy();
  });

  let seq = 0;
  /** A store under its own prefix, and the S3 commands it sends (name and input), in order. */
  function open(options: S3StoreOptions & { prefix?: string } = {}) {
    const store = new S3Store({ ...s3.config, prefix: options.prefix ?? `s${++seq}/` }, { partSize: 64 * 1024, ...options });
    stores.push(store);
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    store.client.middlewareStack.add(
      (next, context) => (args) => {
        sent.push({ name: context.commandName ?? "", input: args.input as Record<string, unknown> });
        return next(args);
      },
      { step: "initialize" },
    );
    return { store, sent, names: () => sent.map((c) => c.name) };
  }
  const keys = async (store: S3Store, prefix = "") => {
    const out: string[] = [];
    for await (const e of store.list(prefix)) out.push(e.key);
    return out;
  };

  it("keeps every key under S3_PREFIX, and a prefix delete of everything stays inside it", async () => {
    const { store: mine } = open({ prefix: "parley/one/" });
    const { store: other } = open({ prefix: "parley/two/" });
    const { store: bare } = open({ prefix: "" });
    await mine.put("upload/file/x", Buffer.from("mine"));
    await other.put("upload/file/x", Buffer.from("other"));
    expect(await keys(bare, "parley/")).toEqual(["parley/one/upload/file/x", "parley/two/upload/file/x"]);
    expect(await keys(mine)).toEqual(["upload/file/x"]);
    await mine.delete("");
    expect(await keys(bare, "parley/")).toEqual(["parley/two/upload/file/x"]);
  });

  it("sends a short stream as one PutObject and a long one as a multipart upload", async () => {
    const { store, names } = open();
    await store.put("small", Readable.from([Buffer.alloc(1_000)]));
    expect(names()).toEqual(["PutObjectCommand"]);
    const { store: big, names: bigNames } = open();
    await big.put("big", Readable.from([Buffer.alloc(100 * 1024), Buffer.alloc(100 * 1024)]));
    expect(bigNames()).toEqual(["CreateMultipartUploadCommand", "UploadPartCommand", "UploadPartCommand", "UploadPartCommand", "UploadPartCommand", "CompleteMultipartUploadCommand"]);
    expect((await big.stat("big"))?.size).toBe(200 * 1024);
  });

  it("abandons the multipart upload when the source fails: no CompleteMultipartUpload, an abort", async () => {
    const { store, names } = open();
    const source = Readable.from(
      (async function* () {
        yield Buffer.alloc(150 * 1024);
        throw new Error("source broke");
      })(),
    );
    await expect(store.put("k", source)).rejects.toThrow("source broke");
    expect(names()).not.toContain("CompleteMultipartUploadCommand");
    expect(names()).toContain("AbortMultipartUploadCommand"); // s3rver refuses it; the put still fails with the source's error
    expect(await store.stat("k")).toBeNull();
  });

  it("reads a stream no more than about two parts ahead of S3 (bounded memory, backpressure)", async () => {
    const { store } = open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "UploadPartCommand") await gate;
        return next(args);
      },
      { step: "initialize" },
    );
    let read = 0;
    const source = Readable.from(
      (async function* () {
        for (let i = 0; i < 64; i++) {
          read += 16 * 1024;
          yield Buffer.alloc(16 * 1024, i);
        }
      })(),
      { highWaterMark: 1 },
    );
    const put = store.put("k", source);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // One part held by the stalled UploadPart, the next one filled, and a piece or two in the stream.
    expect(read).toBeLessThanOrEqual(3 * 64 * 1024);
    release();
    expect((await put).size).toBe(1024 * 1024);
    expect((await store.stat("k"))?.size).toBe(1024 * 1024);
  });

  it("deletes a prefix in DeleteObjects batches of at most 1,000 keys, across listing pages", async () => {
    const { store, sent } = open({ pageSize: 700, prefix: "s-batch/" });
    // The listing is answered here (1,001 keys in two pages), so no thousand puts are needed;
    // s3rver deletes what does not exist as S3 does, without complaint.
    const all = Array.from({ length: 1_001 }, (_, i) => `s-batch/d/${String(i).padStart(4, "0")}`);
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== "ListObjectsV2Command") return next(args);
        const from = (args.input as { ContinuationToken?: string }).ContinuationToken ? 700 : 0;
        const page = all.slice(from, from + 700);
        const more = from + 700 < all.length;
        return { output: { $metadata: {}, Contents: page.map((Key) => ({ Key, Size: 1 })), IsTruncated: more, NextContinuationToken: more ? "next" : undefined }, response: {} };
      },
      { step: "initialize", priority: "low" },
    );
    await store.delete("d/");
    const batches = sent.filter((c) => c.name === "DeleteObjectsCommand").map((c) => (c.input.Delete as { Objects: { Key: string }[] }).Objects);
    expect(batches.map((b) => b.length)).toEqual([1_000, 1]);
    expect(batches.flat().map((o) => o.Key)).toEqual(all);
  });

  it("lists only keys Parley could have written, and a prefix delete removes the others too", async () => {
    const { store } = open({ prefix: "foreign/" });
    await store.put("x/a", Buffer.from("a"));
    // What another tool may leave: a console's "folder" marker, a hidden file, a name with a space.
    for (const Key of ["foreign/x/", "foreign/x/.DS_Store", "foreign/x/a b"]) {
      await store.client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key, Body: Buffer.alloc(0) }));
    }
    expect(await keys(store, "x/")).toEqual(["x/a"]);
    await store.delete("x/");
    const { store: bare } = open({ prefix: "" });
    expect(await keys(bare, "foreign/")).toEqual([]);
  });

  it("reports a missing bucket as an error, not as a missing object, and verify() names it at start-up", async () => {
    const store = new S3Store({ ...s3.config, bucket: "no-such-bucket" });
    stores.push(store);
    await expect(store.verify()).rejects.toThrow(StorageUnavailable);
    await expect(store.verify()).rejects.toThrow(/"no-such-bucket" cannot be used: HTTP 404/);
    const good = new S3Store(s3.config);
    stores.push(good);
    await expect(good.verify()).resolves.toBeUndefined();
    await expect(store.get("k")).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(store.put("k", Buffer.from("x"))).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("createStore: STORAGE=s3 gives the S3 store (loaded lazily), anything else the local disk", async () => {
    const base = { dataDir: "/tmp/parley-unused" } as Config;
    const lazy = createStore({ ...base, storage: s3.config });
    expect(lazy).toBeInstanceOf(LazyStore);
    const s3Store = await (lazy as LazyStore).loaded();
    expect(s3Store).toBeInstanceOf(S3Store);
    stores.push(s3Store as S3Store);
    await lazy.put("lazy/k", Buffer.from("through the lazy store"));
    expect((await readAll(s3Store, "lazy/k"))?.toString()).toBe("through the lazy store");
    expect(() => lazy.list("../")).toThrow("invalid storage key");
    expect(createStore({ ...base, storage: { kind: "local" } })).toBeInstanceOf(LocalDiskStore);
    expect(createStore(base)).toBeInstanceOf(LocalDiskStore);
  });
});
