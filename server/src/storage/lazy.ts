import type { Readable } from "node:stream";
import { assertKey, type BlobEntry, type BlobRange, type BlobStat, type BlobStore } from "./store.js";

/**
 * A store whose module is loaded in the background from the start and awaited by the first call
 * that needs it. The S3 store comes this way: the AWS SDK is about 0.6 MB of minified source,
 * kept in the heap once loaded, and a third of a second to load, which a server on the local
 * disk should not pay (the build's code splitting gives it its own chunk; docs/STORAGE.md).
 */
export class LazyStore implements BlobStore {
  private readonly store: Promise<BlobStore>;

  constructor(load: () => Promise<BlobStore>) {
    this.store = load();
    // A failed load is reported by every call; until then it is not an unhandled rejection.
    this.store.catch(() => undefined);
  }

  /** The store once loaded. */
  loaded(): Promise<BlobStore> {
    return this.store;
  }

  async put(key: string, body: Readable | Buffer): Promise<BlobStat> {
    return (await this.store).put(key, body);
  }

  async get(key: string, range?: BlobRange): Promise<Readable | null> {
    return (await this.store).get(key, range);
  }

  async stat(key: string): Promise<BlobStat | null> {
    return (await this.store).stat(key);
  }

  async delete(key: string): Promise<void> {
    return (await this.store).delete(key);
  }

  async verify(): Promise<void> {
    return (await this.store).verify();
  }

  list(prefix: string): AsyncIterable<BlobEntry> {
    assertKey(prefix, true); // refused when called, as the stores do, not when first iterated
    const store = this.store;
    return (async function* () {
      yield* (await store).list(prefix);
    })();
  }
}
