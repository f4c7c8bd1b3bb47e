import { performance } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";

/**
 * One full garbage collection when a burst of work has left garbage behind and the process has
 * gone quiet (docs/PERFORMANCE.md "Runtime flags").
 *
 * WHY. Parley runs without `--optimize-for-size` because its small heap-growth steps made a
 * reconnect storm run a full GC every few hundred streams (45 % of the storm's CPU). Without it
 * V8 lets the old generation grow to well above the live heap before collecting, and an idle
 * server kept the garbage of its last burst (a storm, a seed of thousands of logins) for as long
 * as it stayed idle: V8's own memory reducer only starts after a full GC. So this collects once,
 * when the heap has grown by `growthBytes` since the last collection and the event loop has been
 * nearly idle for `quietMs`: never under load (the loop is busy), and not for the small garbage
 * of a quiet server's heartbeats.
 */
export interface IdleCollectorOptions {
  /** The full collection (`globalThis.gc`, present with `--expose-gc`). */
  collect: () => void;
  /** Bytes of JavaScript heap in use. */
  heapUsed?: () => number;
  /** The event loop's utilization (0–1) since the previous call. */
  utilization?: () => number;
  /** Growth of the heap since the last collection that makes one worth it. */
  growthBytes?: number;
  /** How long the loop must stay under `quietUtilization` first. */
  quietMs?: number;
  quietUtilization?: number;
  intervalMs?: number;
}

/** The decision, apart from the clock: fed one sample per interval, answers whether to collect now. */
export class IdleCollectorState {
  private baseline: number | null = null;
  private quietFor = 0;

  constructor(private readonly o: { growthBytes: number; quietMs: number; quietUtilization: number }) {}

  /** One interval of `elapsedMs` with the loop `utilization` busy and `heapUsed` bytes in use. */
  sample(elapsedMs: number, utilization: number, heapUsed: number): boolean {
    this.baseline ??= heapUsed;
    // A heap smaller than the baseline (V8 collected by itself) is the new baseline.
    if (heapUsed < this.baseline) this.baseline = heapUsed;
    this.quietFor = utilization < this.o.quietUtilization ? this.quietFor + elapsedMs : 0;
    if (this.quietFor < this.o.quietMs || heapUsed - this.baseline < this.o.growthBytes) return false;
    // The heap after the collection is read at the next sample (`heapUsed < baseline` above).
    this.baseline = heapUsed;
    this.quietFor = 0;
    return true;
  }
}

/** Starts sampling; returns the stop function. Without `collect` (no `--expose-gc`) it does nothing. */
export function startIdleCollector(options: Partial<IdleCollectorOptions> = {}): () => void {
  const collect = options.collect ?? idleGc();
  if (!collect) return () => {};
  const intervalMs = options.intervalMs ?? 1_000;
  let last = performance.eventLoopUtilization();
  const utilization =
    options.utilization ??
    (() => {
      const now = performance.eventLoopUtilization();
      const u = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return u;
    });
  const heapUsed = options.heapUsed ?? (() => getHeapStatistics().used_heap_size);
  const state = new IdleCollectorState({
    growthBytes: options.growthBytes ?? 16 * 1024 * 1024,
    quietMs: options.quietMs ?? 3_000,
    quietUtilization: options.quietUtilization ?? 0.05,
  });
  const timer = setInterval(() => {
    if (state.sample(intervalMs, utilization(), heapUsed())) collect();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** `globalThis.gc` as a full collection run as a task of its own, if the process was started with `--expose-gc`. */
function idleGc(): (() => void) | null {
  const gc = (globalThis as { gc?: (options?: { type: "major"; execution: "async" }) => unknown }).gc;
  return typeof gc === "function" ? () => void Promise.resolve(gc({ type: "major", execution: "async" })).catch(() => {}) : null;
}
