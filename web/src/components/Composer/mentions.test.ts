import { describe, expect, it } from "vitest";
import { filterMentionables, findMentionQuery, fromWire, insertMention, liveMentions, mentionRanges, toWire } from "./mentions";

const PEOPLE = [
  { uid: 2, name: "Bob Builder" },
  { uid: 3, name: "Alice" },
  { uid: 4, name: "Robert Bobson" },
  { uid: 5, name: "Carol" },
  { uid: 6, name: "Bob" },
];

describe("composer mentions", () => {
  it("finds the @query being typed at the caret", () => {
    expect(findMentionQuery("hi @bo", 6)).toEqual({ start: 3, query: "bo" });
    expect(findMentionQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(findMentionQuery("@Bob B", 6)).toEqual({ start: 0, query: "Bob B" });
    // Glued to a word (an e-mail), after a line break, or "@ " are not mentions.
    expect(findMentionQuery("mail me@ex", 10)).toBeNull();
    expect(findMentionQuery("@bo\nx", 5)).toBeNull();
    expect(findMentionQuery("@ bob", 5)).toBeNull();
    expect(findMentionQuery("@Bob Builder ", 13)).toBeNull();
    // Only what is left of the caret counts.
    expect(findMentionQuery("hi @bob there", 2)).toBeNull();
  });

  it("filters members case-insensitively, name prefix first, then later words, then substrings", () => {
    expect(filterMentionables(PEOPLE, "bo").map((p) => p.name)).toEqual(["Bob", "Bob Builder", "Robert Bobson"]);
    expect(filterMentionables(PEOPLE, "BOBS").map((p) => p.uid)).toEqual([4]);
    expect(filterMentionables(PEOPLE, "ert").map((p) => p.uid)).toEqual([4]);
    expect(filterMentionables(PEOPLE, "").map((p) => p.name)).toEqual(["Alice", "Bob", "Bob Builder", "Carol", "Robert Bobson"]);
    expect(filterMentionables(PEOPLE, "zed")).toEqual([]);
    expect(filterMentionables(PEOPLE, "", 2)).toHaveLength(2);
  });

  it("inserts the picked name with one space after it and puts the caret past it", () => {
    expect(insertMention("hi @bo", 3, 6, "Bob Builder")).toEqual({ text: "hi @Bob Builder ", caret: 16 });
    expect(insertMention("hi @bo there", 3, 6, "Bob")).toEqual({ text: "hi @Bob there", caret: 8 });
  });

  it("sends picked mentions in the wire form ` @<uid> ` and lists their uids once", () => {
    const picked = [
      { uid: 2, name: "Bob Builder" },
      { uid: 6, name: "Bob" },
    ];
    expect(toWire("hi @Bob Builder and @Bob, see @Bob Builder", picked)).toEqual({ content: "hi @2 and @6 , see @2", mentions: [2, 6] });
    expect(toWire("@Bob Builder: hello", picked)).toEqual({ content: "@2 : hello", mentions: [2] });
    // A typed name that was not picked, or one glued to more letters, stays text.
    expect(toWire("hi @Alice and @Bobby", picked)).toEqual({ content: "hi @Alice and @Bobby", mentions: [] });
    expect(toWire("plain text", [])).toEqual({ content: "plain text", mentions: [] });
  });

  it("shows sent mentions by name again for editing, and round-trips", () => {
    const names: Record<number, string> = { 2: "Bob Builder", 3: "Alice" };
    const edit = fromWire("hi @2 and @3 and @99 and a@2", (uid) => names[uid]);
    expect(edit.text).toBe("hi @Bob Builder and @Alice and @99 and a@2");
    expect(edit.mentions).toEqual([
      { uid: 2, name: "Bob Builder" },
      { uid: 3, name: "Alice" },
    ]);
    expect(toWire(edit.text, edit.mentions).content).toBe("hi @2 and @3 and @99 and a@2");
  });

  it("finds the ranges to highlight and forgets mentions deleted from the text", () => {
    const picked = [{ uid: 3, name: "Alice" }];
    expect(mentionRanges("x @Alice y", picked)).toEqual([{ start: 2, end: 8, uid: 3 }]);
    expect(liveMentions("x @Alic y", picked)).toEqual([]);
    expect(liveMentions("x @Alice y", picked)).toEqual(picked);
  });
});
