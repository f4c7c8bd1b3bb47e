/** The permission rules of multi-select (the selection state itself: app/slices/selection.test.ts). */
import { describe, expect, it } from "vitest";
import { bulkState, canDelete, canPin, isImage } from "./rules";

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
