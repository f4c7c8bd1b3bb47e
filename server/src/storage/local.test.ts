import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStore } from "./local.js";
import { StorageUnavailable } from "./store.js";

/** What only the local-disk store does; the `BlobStore` contract itself is in contract.test.ts. */
describe("LocalDiskStore on disk", () => {
  let root: string;
  let store: LocalDiskStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "parley-store-"));
    store = new LocalDiskStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("verify() makes a missing root and refuses one that is not a writable directory", async () => {
    const fresh = path.join(root, "new", "data");
    await expect(new LocalDiskStore(fresh).verify()).resolves.toBeUndefined();
    expect(fs.statSync(fresh).isDirectory()).toBe(true);
    const file = path.join(root, "a-file");
    fs.writeFileSync(file, "not a directory");
    await expect(new LocalDiskStore(path.join(file, "data")).verify()).rejects.toThrow(StorageUnavailable);
    await expect(new LocalDiskStore(path.join(file, "data")).verify()).rejects.toThrow(/is not a writable directory/);
  });

  it("keeps each object as a file at its key's path under the root", async () => {
    await store.put("a/b/one", Buffer.from("hello world"));
    expect(fs.readFileSync(path.join(root, "a", "b", "one"), "utf8")).toBe("hello world");
  });

  it("prunes the folders a delete leaves empty, up to the root", async () => {
    for (const key of ["x/2/b", "x/10/a", "y/z"]) await store.put(key, Buffer.from(key));
    await store.delete("x/2/");
    expect(fs.existsSync(path.join(root, "x", "2"))).toBe(false);
    await store.delete("x/10/a");
    expect(fs.existsSync(path.join(root, "x"))).toBe(false);
    expect(fs.readdirSync(root)).toEqual(["y"]);
  });

  it("leaves no temporary file when the source fails", async () => {
    await store.put("k", Buffer.from("old"));
    async function* failing() {
      yield Buffer.from("partial");
      throw new Error("source broke");
    }
    await expect(store.put("k", Readable.from(failing()))).rejects.toThrow("source broke");
    expect(fs.readdirSync(root)).toEqual(["k"]);
  });

  it("does not list a write in progress (a hidden temporary file)", async () => {
    await store.put("d/k", Buffer.from("k"));
    fs.writeFileSync(path.join(root, "d", ".k.1234.part"), "partial");
    const listed: string[] = [];
    for await (const e of store.list("d/")) listed.push(e.key);
    expect(listed).toEqual(["d/k"]);
  });

  it("lists in byte-wise key order, as S3 does: a folder sorts as its name and a slash", async () => {
    const all = ["a0", "a/b", "a-b", "a.b", "a/a/c"];
    for (const key of all) await store.put(key, Buffer.from(key));
    const listed: string[] = [];
    for await (const e of store.list("")) listed.push(e.key);
    expect(listed).toEqual(["a-b", "a.b", "a/a/c", "a/b", "a0"]);
  });
});
