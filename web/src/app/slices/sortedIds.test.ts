import { describe, expect, it } from "vitest";
import { indexOfSorted, lowerBound, mergeSorted, withInserted, without } from "./sortedIds";

describe("sorted id lists", () => {
  it("finds ids by binary search", () => {
    const list = [2, 4, 6];
    expect([lowerBound(list, 1), lowerBound(list, 4), lowerBound(list, 5), lowerBound(list, 7)]).toEqual([0, 1, 2, 3]);
    expect([indexOfSorted(list, 4), indexOfSorted(list, 5)]).toEqual([1, -1]);
  });

  it("inserts, removes and merges into new frozen lists, leaving the original alone", () => {
    const list = Object.freeze([2, 4, 6]);
    expect(withInserted(list, 5)).toEqual([2, 4, 5, 6]);
    expect(withInserted(list, 4)).toBe(list);
    expect(without(list, 4)).toEqual([2, 6]);
    expect(without(list, 5)).toBe(list);
    const merged = mergeSorted(list, [1, 3, 7, 8]);
    expect(merged).toEqual([1, 2, 3, 4, 6, 7, 8]);
    expect(Object.isFrozen(merged)).toBe(true);
    expect(list).toEqual([2, 4, 6]);
  });
});
