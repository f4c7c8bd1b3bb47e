import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStore } from "./local.js";
import { readAll } from "./store.js";

describe("LocalDiskStore", () => {
  let root: string;
  let store: LocalDiskStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "parley-store-"));
    store = new LocalDiskStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const text = async (s: Readable | null) => {
    if (!s) return null;
    let out = "";
    for await (const c of s) out += (c as Buffer).toString();
    return out;
  };

  it("puts from buffers and streams, gets whole objects and ranges, stats them", async () => {
    expect(await store.put("a/b/one", Buffer.from("hello world"))).toEqual({ size: 11, modifiedAt: expect.any(Number) });
    await store.put("a/two", Readable.from([Buffer.from("abc"), Buffer.from("def")]));
    expect(await text(await store.get("a/b/one"))).toBe("hello world");
    expect(await text(await store.get("a/b/one", { start: 6, end: 10 }))).toBe("world");
    expect((await readAll(store, "a/two"))?.toString()).toBe("abcdef");
    expect((await store.stat("a/two"))?.size).toBe(6);
    expect(await store.stat("a/missing")).toBeNull();
    expect(await store.stat("a")).toBeNull(); // a folder is not an object
    expect(await store.get("a/missing")).toBeNull();
    expect(fs.readFileSync(path.join(root, "a", "b", "one"), "utf8")).toBe("hello world");
  });

  it("lists in key order, deletes keys and prefixes, and prunes empty folders", async () => {
    for (const key of ["x/2/b", "x/10/a", "x/2/a", "y/z"]) await store.put(key, Buffer.from(key));
    const keys = async (prefix: string) => {
      const out: string[] = [];
      for await (const e of store.list(prefix)) out.push(e.key);
      return out;
    };
    expect(await keys("")).toEqual(["x/10/a", "x/2/a", "x/2/b", "y/z"]);
    expect(await keys("x/2/")).toEqual(["x/2/a", "x/2/b"]);
    expect(await keys("nothing/")).toEqual([]);
    await store.delete("x/2/");
    expect(await keys("x/")).toEqual(["x/10/a"]);
    await store.delete("x/10/a");
    expect(fs.existsSync(path.join(root, "x"))).toBe(false);
    await store.delete("x/10/a"); // deleting what is gone is fine
  });

  it("leaves nothing behind when the source fails, and keeps the old object", async () => {
    await store.put("k", Buffer.from("old"));
    async function* failing() {
      yield Buffer.from("partial");
      throw new Error("source broke");
    }
    await expect(store.put("k", Readable.from(failing()))).rejects.toThrow("source broke");
    expect(await text(await store.get("k"))).toBe("old");
    expect(fs.readdirSync(root)).toEqual(["k"]);
  });

  it("refuses keys that could leave the root", async () => {
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", ".hidden", "a/./b", "", "a\\b", "a/b/"]) {
      await expect(store.put(key, Buffer.from("x")), key).rejects.toThrow("invalid storage key");
    }
    await expect(store.delete("../")).rejects.toThrow("invalid storage key");
  });
});
