import type { Config } from "../config.js";
import { LazyStore } from "./lazy.js";
import { LocalDiskStore } from "./local.js";
import type { BlobStore } from "./store.js";

export type { BlobEntry, BlobRange, BlobStat, BlobStore } from "./store.js";
export { readAll } from "./store.js";

/**
 * The store for this process: an S3-compatible bucket with `STORAGE=s3` (the cluster mode; every
 * node sees the same objects), loaded lazily so that the AWS SDK stays out of a server that does
 * not use it; else the local disk under `DATA_DIR` (docs/STORAGE.md).
 */
export function createStore(config: Config): BlobStore {
  const storage = config.storage;
  if (storage?.kind === "s3") return new LazyStore(() => import("./s3.js").then(({ S3Store }) => new S3Store(storage)));
  return new LocalDiskStore(config.dataDir);
}
