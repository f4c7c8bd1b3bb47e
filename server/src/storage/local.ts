import { randomBytes } from "node:crypto";
import type fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKey, StorageUnavailable, type BlobEntry, type BlobRange, type BlobStat, type BlobStore } from "./store.js";

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR";

/**
 * The store on the local file system, rooted at `DATA_DIR`. A write goes to a hidden temporary
 * file beside its target and is renamed over it, so a reader never sees half a file. Empty
 * directories left by deletes are removed, up to the root.
 */
export class LocalDiskStore implements BlobStore {
  constructor(readonly root: string) {}

  /** The root exists (made if missing) and this process may write there. */
  async verify(): Promise<void> {
    try {
      await fsp.mkdir(this.root, { recursive: true });
      await fsp.access(this.root, fsp.constants.W_OK);
    } catch (err) {
      throw new StorageUnavailable(`DATA_DIR ${JSON.stringify(this.root)} is not a writable directory: ${(err as Error).message}`);
    }
  }

  private file(key: string, allowPrefix = false): string {
    assertKey(key, allowPrefix);
    return path.join(this.root, ...key.split("/").filter(Boolean));
  }

  async put(key: string, body: Readable | Buffer): Promise<BlobStat> {
    const target = this.file(key);
    const dir = path.dirname(target);
    const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString("hex")}.part`);
    const handle = await openCreating(dir, temp);
    try {
      if (Buffer.isBuffer(body)) {
        try {
          await handle.writeFile(body);
        } finally {
          await handle.close();
        }
      } else {
        await pipeline(body, handle.createWriteStream());
      }
      await fsp.rename(temp, target);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    const st = await fsp.stat(target);
    return { size: st.size, modifiedAt: Math.floor(st.mtimeMs) };
  }

  async get(key: string, range?: BlobRange): Promise<Readable | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.file(key), "r");
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    // The descriptor is open, so a concurrent delete cannot break the read that follows.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const st = await fsp.stat(this.file(key));
      return st.isFile() ? { size: st.size, modifiedAt: Math.floor(st.mtimeMs) } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const target = this.file(key, true);
    if (key.endsWith("/") || key === "") await fsp.rm(target, { recursive: true, force: true });
    else await fsp.rm(target, { force: true });
    await this.pruneEmptyParents(path.dirname(target));
  }

  private async pruneEmptyParents(dir: string): Promise<void> {
    const root = path.resolve(this.root);
    let current = path.resolve(dir);
    while (current.startsWith(root + path.sep)) {
      try {
        await fsp.rmdir(current);
      } catch {
        return; // not empty (or already gone): stop
      }
      current = path.dirname(current);
    }
  }

  list(prefix: string): AsyncIterable<BlobEntry> {
    const dir = this.file(prefix, true);
    const base = prefix === "" ? "" : prefix.endsWith("/") ? prefix : `${prefix}/`;
    return walk(dir, base);
  }
}

/**
 * Creates `file` (exclusively), making its folder first. A concurrent delete may remove the
 * folder between the two steps when it was empty; then it is made again. Once the file exists
 * the folder is not empty, so it stays until the file is renamed into place.
 */
async function openCreating(dir: string, file: string): Promise<fsp.FileHandle> {
  for (let attempt = 0; ; attempt++) {
    await fsp.mkdir(dir, { recursive: true });
    try {
      return await fsp.open(file, "wx");
    } catch (err) {
      if (!isMissing(err) || attempt >= 4) throw err;
    }
  }
}

async function* walk(dir: string, keyPrefix: string): AsyncGenerator<BlobEntry> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  // Key order, as S3 lists: a folder sorts as its name and a "/" ("a-b" < "a/c" < "a0").
  const sortName = (e: fs.Dirent) => (e.isDirectory() ? `${e.name}/` : e.name);
  entries.sort((a, b) => (sortName(a) < sortName(b) ? -1 : sortName(a) > sortName(b) ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue; // writes in progress
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(full, `${keyPrefix}${entry.name}/`);
    } else if (entry.isFile()) {
      try {
        const st = await fsp.stat(full);
        yield { key: `${keyPrefix}${entry.name}`, size: st.size, modifiedAt: Math.floor(st.mtimeMs) };
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }
}
