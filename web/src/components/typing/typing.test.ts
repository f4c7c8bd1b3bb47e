import { describe, expect, it } from "vitest";
import { receiveMessages } from "../../app/slices/messages";
import { activeTypers, typingSlice, typingStarted, typingStopped, TYPING_EXPIRE_MS } from "../../app/slices/typing";
import { typingText } from "./typingText";

const EN: Record<string, string> = {
  "composer.typing.one": "{{name}} is typing…",
  "composer.typing.two": "{{first}} and {{second}} are typing…",
  "composer.typing.several": "Several people are typing…",
};
const t = (key: string, options: Record<string, unknown> = {}) => EN[key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options[k]));
const reduce = typingSlice.reducer;

describe("typing indicator text", () => {
  it("names one or two people, and says several from three on", () => {
    expect(typingText([], t)).toBe("");
    expect(typingText(["Alice"], t)).toBe("Alice is typing…");
    expect(typingText(["Alice", "Bob"], t)).toBe("Alice and Bob are typing…");
    expect(typingText(["Alice", "Bob", "Carol"], t)).toBe("Several people are typing…");
  });
});

describe("typing slice", () => {
  it("files events under the conversation, from the receiver's side, and expires them after 5 s", () => {
    let s = reduce(undefined, { type: "init" });
    s = reduce(s, typingStarted({ me: 1, uid: 2, target: { gid: 7 }, at: 1_000 }));
    s = reduce(s, typingStarted({ me: 1, uid: 3, target: { uid: 1 }, at: 2_000 }));
    s = reduce(s, typingStarted({ me: 1, uid: 4, target: { gid: 7 }, at: 3_000 }));
    // Never oneself (another device of mine).
    s = reduce(s, typingStarted({ me: 1, uid: 1, target: { gid: 7 }, at: 3_000 }));
    expect(activeTypers(s, "channel:7", 3_500)).toEqual([2, 4]);
    expect(activeTypers(s, "dm:3", 3_500)).toEqual([3]);
    expect(activeTypers(s, "channel:7", 1_000 + TYPING_EXPIRE_MS)).toEqual([4]);
    expect(activeTypers(s, "channel:7", 3_000 + TYPING_EXPIRE_MS)).toEqual([]);
    // A repeated event extends it.
    s = reduce(s, typingStarted({ me: 1, uid: 2, target: { gid: 7 }, at: 5_500 }));
    expect(activeTypers(s, "channel:7", 8_100)).toEqual([2]);
    s = reduce(s, typingStopped({ key: "channel:7", uid: 2 }));
    expect(activeTypers(s, "channel:7", 8_100)).toEqual([]);
  });

  it("ends a user's indicator when their message arrives in that conversation", () => {
    let s = reduce(undefined, { type: "init" });
    s = reduce(s, typingStarted({ me: 1, uid: 2, target: { gid: 7 }, at: 1_000 }));
    s = reduce(s, typingStarted({ me: 1, uid: 3, target: { gid: 7 }, at: 1_000 }));
    s = reduce(s, typingStarted({ me: 1, uid: 2, target: { uid: 1 }, at: 1_000 }));
    const msg = { mid: 10, from_uid: 2, created_at: 1_500, target: { gid: 7 }, detail: { type: "normal" as const, content: "hi", content_type: "text/plain", properties: null, expires_in: null } };
    s = reduce(s, receiveMessages({ me: 1, messages: [msg] }));
    expect(activeTypers(s, "channel:7", 1_600)).toEqual([3]);
    // Still typing in the DM.
    expect(activeTypers(s, "dm:2", 1_600)).toEqual([2]);
  });
});
