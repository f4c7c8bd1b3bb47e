import { describe, expect, it } from "vitest";
import { previewOf, PREVIEW_CHARS } from "./pending.js";
import { mentionsOf } from "./rule.js";

const text = (content: string, content_type = "text/plain") => ({ content_type, content, edited_content_type: null, edited_content: null });

describe("the rule's pieces", () => {
  it.each([
    ["mentions in properties", JSON.stringify({ mentions: [3, 4] }), null, [3, 4]],
    ["a reply mentions the author replied to", null, 7, [7]],
    ["both", JSON.stringify({ mentions: [3] }), 7, [7, 3]],
    ["unreadable properties mention nobody", "{not json", null, []],
    ["only safe integers count", JSON.stringify({ mentions: ["3", 1.5, 9] }), null, [9]],
  ])("mentionsOf: %s", (_name, properties, repliedTo, expected) => {
    expect([...mentionsOf({ properties }, repliedTo)]).toEqual(expected);
  });

  it.each([
    ["text, on one line", text("hello\n\n  world"), "hello world"],
    ["markdown", text("**bold**", "text/markdown"), "**bold**"],
    ["a file has no preview", text('{"path":"x"}', "vocechat/file"), null],
    ["an archive has none", text("a/b", "vocechat/archive"), null],
    ["the edited text wins", { ...text("old"), edited_content_type: "text/plain", edited_content: "new" }, "new"],
  ])("previewOf: %s", (_name, row, expected) => {
    expect(previewOf(row)).toBe(expected);
  });

  it("previewOf cuts at PREVIEW_CHARS characters (not UTF-16 units), with an ellipsis", () => {
    const long = previewOf(text("😀".repeat(PREVIEW_CHARS + 10))) ?? "";
    expect([...long]).toHaveLength(PREVIEW_CHARS);
    expect(long.endsWith("…")).toBe(true);
  });
});
