import type { Config } from "../config.js";
import { LocalDiskStore } from "./local.js";
import type { BlobStore } from "./store.js";

export type { BlobEntry, BlobRange, BlobStat, BlobStore } from "./store.js";
export { readAll } from "./store.js";

/** The store for this process: the local disk under `DATA_DIR` (an S3 store would be chosen here). */
export function createStore(config: Config): BlobStore {
  return new LocalDiskStore(config.dataDir);
}
