import { beforeEach, describe, expect, it } from "vitest";
import { resetLocalData } from "../../app/session";
import { clearDraft, loadDraft, saveDraft } from "./drafts";

beforeEach(() => localStorage.clear());

describe("composer drafts", () => {
  it("keeps one draft per conversation in localStorage, markdown flag and mentions included", () => {
    saveDraft("channel:1", { text: "hello @Bob", markdown: true, mentions: [{ uid: 2, name: "Bob" }] });
    saveDraft("dm:2", { text: "psst", markdown: false, mentions: [] });
    expect(JSON.parse(localStorage.getItem("VOCECHAT_DRAFT_channel:1")!)).toEqual({ text: "hello @Bob", markdown: true, mentions: [{ uid: 2, name: "Bob" }] });
    expect(loadDraft("channel:1")).toEqual({ text: "hello @Bob", markdown: true, mentions: [{ uid: 2, name: "Bob" }] });
    expect(loadDraft("dm:2")?.text).toBe("psst");
    expect(loadDraft("channel:9")).toBeNull();
  });

  it("drops a draft emptied or cleared, and ignores a corrupt one", () => {
    saveDraft("channel:1", { text: "x", markdown: false, mentions: [] });
    saveDraft("channel:1", { text: "   ", markdown: false, mentions: [] });
    expect(localStorage.getItem("VOCECHAT_DRAFT_channel:1")).toBeNull();
    saveDraft("channel:1", { text: "x", markdown: false, mentions: [] });
    clearDraft("channel:1");
    expect(loadDraft("channel:1")).toBeNull();
    localStorage.setItem("VOCECHAT_DRAFT_channel:2", "{not json");
    expect(loadDraft("channel:2")).toBeNull();
    localStorage.setItem("VOCECHAT_DRAFT_channel:3", JSON.stringify({ text: "t", mentions: [{ uid: "x" }] }));
    expect(loadDraft("channel:3")).toEqual({ text: "t", markdown: false, mentions: [] });
  });

  it("are cleared with the session (logout), other keys stay", () => {
    saveDraft("channel:1", { text: "secret plans", markdown: false, mentions: [] });
    localStorage.setItem("theme", "dark");
    resetLocalData(() => undefined, true);
    expect(loadDraft("channel:1")).toBeNull();
    expect(localStorage.getItem("theme")).toBe("dark");
  });
});
