import { describe, expect, it } from "vitest";
import { IdleCollectorState, startIdleCollector } from "./idleCollector.js";

const MB = 1024 * 1024;
const options = { growthBytes: 16 * MB, quietMs: 3_000, quietUtilization: 0.05 };

/** Feeds one-second samples `[utilization, heap MB]`; answers the seconds (1-based) at which it collected. */
function collectsAt(samples: [number, number][]): number[] {
  const state = new IdleCollectorState(options);
  return samples.flatMap(([u, heap], i) => (state.sample(1_000, u, heap * MB) ? [i + 1] : []));
}

describe("IdleCollectorState", () => {
  it.each<[string, [number, number][], number[]]>([
    ["a burst that grew the heap, then 3 quiet seconds: once", [[0, 40], [0.9, 70], [0.8, 90], [0.01, 90], [0.01, 90], [0.01, 90], [0.01, 90]], [6]],
    ["quiet, but the heap grew by less than 16 MB: never", [[0, 40], [0.9, 50], [0.01, 55], [0.01, 55], [0.01, 55], [0.01, 55]], []],
    ["grown, but never quiet for 3 s (steady load): never", [[0, 40], [0.9, 80], [0.3, 90], [0.01, 95], [0.01, 95], [0.5, 95], [0.01, 95], [0.01, 95]], []],
    ["collected, then idle on: not again until the heap grows again", [[0, 40], [0.9, 80], [0, 80], [0, 80], [0, 80], [0, 42], [0, 42], [0, 42], [0, 42], [0.9, 70], [0, 70], [0, 70], [0, 70]], [5, 13]],
    ["V8 collected by itself meanwhile: measured from the smaller heap", [[0, 40], [0.9, 80], [0.9, 30], [0, 40], [0, 40], [0, 40], [0, 40]], []],
  ])("%s", (_what, samples, expected) => {
    expect(collectsAt(samples)).toEqual(expected);
  });
});

describe("startIdleCollector", () => {
  it("samples on its interval and collects through the function it was given", async () => {
    let heap = 10 * MB;
    const calls: number[] = [];
    const stop = startIdleCollector({ collect: () => calls.push(heap), heapUsed: () => heap, utilization: () => 0, intervalMs: 5, quietMs: 10, growthBytes: MB });
    try {
      await new Promise((r) => setTimeout(r, 30));
      expect(calls).toEqual([]);
      heap = 12 * MB;
      await expect.poll(() => calls).toEqual([12 * MB]);
    } finally {
      stop();
    }
  });

  it("does nothing without a collector (no --expose-gc)", () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe("undefined");
    const stop = startIdleCollector({ heapUsed: () => 0 });
    expect(stop).toBeTypeOf("function");
    stop();
  });
});
