/** Multi-select state (add, remove, reset; docs/ARCHITECTURE.md "Client rules"). */
import { describe, expect, it } from "vitest";
import { resetAll } from "../actions";
import reducer, { addSelected, removeSelected, resetSelection, selectIsSelected, selectSelecting, selectSelection, startSelection, toggleSelected } from "./selection";

const run = (...actions: Parameters<typeof reducer>[1][]) => actions.reduce(reducer, undefined as unknown as ReturnType<typeof reducer>);

describe("selection reducer", () => {
  it("enters the mode with or without a first message, per conversation", () => {
    const s = run(startSelection({ context: "channel:1", mid: 7 }), startSelection({ context: "dm:2" }));
    expect(s.byContext).toEqual({ "channel:1": [7], "dm:2": [] });
    expect(selectSelecting({ selection: s }, "dm:2")).toBe(true);
    expect(selectSelecting({ selection: s }, "channel:3")).toBe(false);
    expect(selectSelection({ selection: s }, "channel:3")).toBeUndefined();
  });

  it("adds without duplicates and keeps mids ascending", () => {
    const s = run(addSelected({ context: "c", mid: 9 }), addSelected({ context: "c", mid: 3 }), addSelected({ context: "c", mid: 9 }), addSelected({ context: "c", mid: 5 }));
    expect(s.byContext.c).toEqual([3, 5, 9]);
  });

  it("toggles a message on and off; the mode stays on with nothing ticked", () => {
    const s1 = run(startSelection({ context: "c", mid: 4 }), toggleSelected({ context: "c", mid: 8 }));
    expect(s1.byContext.c).toEqual([4, 8]);
    expect(selectIsSelected({ selection: s1 }, "c", 8)).toBe(true);
    const s2 = [toggleSelected({ context: "c", mid: 4 }), toggleSelected({ context: "c", mid: 8 })].reduce(reducer, s1);
    expect(s2.byContext.c).toEqual([]);
    expect(selectSelecting({ selection: s2 }, "c")).toBe(true);
  });

  it("removes (deleted) messages and resets one conversation or everything", () => {
    const s = run(startSelection({ context: "a", mid: 1 }), addSelected({ context: "a", mid: 2 }), startSelection({ context: "b", mid: 3 }), removeSelected({ context: "a", mids: [1, 99] }));
    expect(s.byContext).toEqual({ a: [2], b: [3] });
    expect(reducer(s, resetSelection("a")).byContext).toEqual({ b: [3] });
    expect(reducer(s, removeSelected({ context: "zzz", mids: [1] })).byContext).toEqual(s.byContext);
    expect(reducer(s, resetAll()).byContext).toEqual({});
  });
});
