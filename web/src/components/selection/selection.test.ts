/** Multi-select state (spec §4 "Selected-messages operations: add, remove, reset") and the permission rules. */
import { describe, expect, it } from "vitest";
import { resetAll } from "../../app/actions";
import { bulkState, canDelete, canPin, isImage } from "./rules";
import reducer, { addSelected, removeSelected, resetSelection, selectIsSelected, selectSelecting, selectSelection, startSelection, toggleSelected } from "./selectionSlice";

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

describe("message rules", () => {
  const text = { from_uid: 1, content_type: "text/plain" };
  const file = { from_uid: 2, content_type: "vocechat/file" };
  const archive = { from_uid: 1, content_type: "vocechat/archive" };

  it("pins: admins anywhere, the owner of a private channel, nobody else", () => {
    expect(canPin({ is_public: true, owner: null }, { me: 2, isAdmin: false })).toBe(false);
    expect(canPin({ is_public: true, owner: null }, { me: 1, isAdmin: true })).toBe(true);
    expect(canPin({ is_public: false, owner: 2 }, { me: 2, isAdmin: false })).toBe(true);
    expect(canPin({ is_public: false, owner: 3 }, { me: 2, isAdmin: false })).toBe(false);
    expect(canPin(undefined, { me: 1, isAdmin: true })).toBe(false);
  });

  it("deletes own messages, or any as an admin", () => {
    expect(canDelete(text, { me: 1 })).toBe(true);
    expect(canDelete(file, { me: 1 })).toBe(false);
    expect(canDelete(file, { me: 1, isAdmin: true })).toBe(true);
  });

  it("says why a bulk action is refused", () => {
    expect(bulkState([], { me: 1 })).toEqual({ count: 0, forward: "selection.reason_none", save: "selection.reason_none", delete: "selection.reason_none" });
    expect(bulkState([text, text], { me: 1 })).toEqual({ count: 2, forward: null, save: null, delete: null });
    // Someone else's message: forward and save, but not delete (unless admin).
    expect(bulkState([text, file], { me: 1 })).toMatchObject({ forward: null, save: null, delete: "selection.reason_not_own" });
    expect(bulkState([text, file], { me: 1, isAdmin: true }).delete).toBeNull();
    // A forward cannot be archived again.
    expect(bulkState([text, archive], { me: 1 })).toMatchObject({ forward: "selection.reason_unsupported", save: "selection.reason_unsupported", delete: null });
  });

  it("recognises image files by their content type property", () => {
    expect(isImage({ content_type: "vocechat/file", properties: { content_type: "image/png" } })).toBe(true);
    expect(isImage({ content_type: "vocechat/file", properties: { content_type: "application/pdf" } })).toBe(false);
    expect(isImage({ content_type: "text/plain", properties: null })).toBe(false);
  });
});
