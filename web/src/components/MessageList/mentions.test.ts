import { describe, expect, it } from "vitest";
import { markdownWithMentions } from "./mentions";

const names: Record<number, string> = { 1: "Ada", 2: "Bob [x]" };
const nameOf = (uid: number) => names[uid];

describe("markdownWithMentions", () => {
  it("links known mentions and escapes the name", () => {
    expect(markdownWithMentions("hi @1 and @2 ", nameOf)).toBe("hi [@Ada](#mention-1) and [@Bob \\[x\\]](#mention-2) ");
  });
  it("leaves unknown uids, emails and code alone", () => {
    expect(markdownWithMentions("@9 a@1 `@1` x", nameOf)).toBe("@9 a@1 `@1` x");
    expect(markdownWithMentions("```\n@1\n```\n@1", nameOf)).toBe("```\n@1\n```\n[@Ada](#mention-1)");
  });
});
