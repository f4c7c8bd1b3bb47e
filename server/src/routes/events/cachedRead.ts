/**
 * How long a cached read of the connect path may be used at most, for the changes that come
 * without an event (see "WHY IT IS NEVER STALE" in connectCache.ts).
 */
export const CONNECT_CACHE_TTL_MS = 2_000;

/**
 * One value read for every stream, kept until `invalidate()` (an event changed it) or for
 * `ttlMs`. Concurrent streams share the read under way; a read during which the value was
 * invalidated answers its waiters but is not kept (see "WHY IT IS NEVER STALE" in connectCache.ts).
 */
export class CachedRead<V> {
  private value: { v: V; at: number } | null = null;
  private loading: Promise<V> | null = null;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<V>,
    private readonly ttlMs = CONNECT_CACHE_TTL_MS,
  ) {}

  invalidate(): void {
    this.generation++;
    this.value = null;
    this.loading = null;
  }

  get(): Promise<V> {
    if (this.value && Date.now() - this.value.at < this.ttlMs) return Promise.resolve(this.value.v);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const at = Date.now();
    const loading = this.load().then(
      (v) => {
        if (this.generation === generation) {
          this.value = { v, at };
          this.loading = null;
        }
        return v;
      },
      (err: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }
}

/**
 * A value per key (a user's settings) read for every stream of that key alike, kept like
 * `CachedRead` until `invalidate()` or for `ttlMs`; the reads of the keys not kept go through
 * `load` (a `TurnGather`, several keys in one query). At most `maxKeys` are kept: past that,
 * all are dropped and kept again as they are read.
 */
export class CachedPerKey<K, V> {
  private readonly values = new Map<K, { v: V; at: number }>();
  private generation = 0;

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly ttlMs = CONNECT_CACHE_TTL_MS,
    private readonly maxKeys = 10_000,
  ) {}

  invalidate(): void {
    this.generation++;
    this.values.clear();
  }

  get(key: K): Promise<V> {
    const kept = this.values.get(key);
    if (kept && Date.now() - kept.at < this.ttlMs) return Promise.resolve(kept.v);
    const generation = this.generation;
    const at = Date.now();
    return this.load(key).then((v) => {
      // A read under way when the data changed answers its caller but is not kept.
      if (this.generation === generation) {
        if (this.values.size >= this.maxKeys) this.values.clear();
        this.values.set(key, { v, at });
      }
      return v;
    });
  }
}
