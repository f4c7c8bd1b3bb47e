import type { ArchiveMessage, ChatMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import type { MessageRow } from "../repos/messages.js";
import { assertMatches } from "../test/contract.js";
import { T0, dmRow, messageRow } from "../test/rows.js";
import { archiveSource, presentArchiveMessage, presentCurrentMessage, presentMessage } from "./messages.js";

/** Rows as `insertMessage` stores them (commands/messages.ts): sends, replies and reactions. */
const reaction = (detail: object | null, overrides: Partial<MessageRow> = {}) =>
  messageRow({ mid: 101, from_uid: 3, kind: "reaction", ref_mid: 100, content_type: null, content: null, properties: null, reaction: detail ? JSON.stringify(detail) : null, ...overrides });

describe("presentMessage: ChatMessage (docs/API.md 'Object shapes'), detail tagged by type", () => {
  it.each<[string, MessageRow, ChatMessage]>([
    [
      "a normal text message in a channel",
      messageRow({ mid: 100, from_uid: 2, target_gid: 20, content: "hello", created_at: T0 }),
      { mid: 100, from_uid: 2, created_at: T0, target: { gid: 20 }, detail: { type: "normal", properties: null, content_type: "text/plain", content: "hello", expires_in: null } },
    ],
    [
      "a direct message: the target is the recipient",
      dmRow(3, 2, { mid: 102, content: "hi Bob" }),
      { mid: 102, from_uid: 3, created_at: T0, target: { uid: 2 }, detail: { type: "normal", properties: null, content_type: "text/plain", content: "hi Bob", expires_in: null } },
    ],
    [
      "markdown with properties and burn after reading",
      messageRow({ content_type: "text/markdown", content: "**hi** @Carol", properties: '{"mentions":[4],"local_id":7}', expires_in: 60, expires_at: T0 + 60_000 }),
      { mid: 100, from_uid: 2, created_at: T0, target: { gid: 20 }, detail: { type: "normal", properties: { mentions: [4], local_id: 7 }, content_type: "text/markdown", content: "**hi** @Carol", expires_in: 60 } },
    ],
    [
      "a file message",
      messageRow({ content_type: "vocechat/file", content: "2024/1/5/uuid", properties: '{"name":"a.png","content_type":"image/png","size":10}' }),
      { mid: 100, from_uid: 2, created_at: T0, target: { gid: 20 }, detail: { type: "normal", properties: { name: "a.png", content_type: "image/png", size: 10 }, content_type: "vocechat/file", content: "2024/1/5/uuid", expires_in: null } },
    ],
    [
      "a reply: mid is the original, no expires_in",
      messageRow({ mid: 103, kind: "reply", ref_mid: 100, content: "agreed", properties: '{"mentions":[]}', expires_in: 30 }),
      { mid: 103, from_uid: 2, created_at: T0, target: { gid: 20 }, detail: { type: "reply", mid: 100, properties: { mentions: [] }, content_type: "text/plain", content: "agreed" } },
    ],
    [
      "a like",
      reaction({ type: "like", action: "👍" }),
      { mid: 101, from_uid: 3, created_at: T0, target: { gid: 20 }, detail: { type: "reaction", mid: 100, detail: { type: "like", action: "👍" } } },
    ],
    [
      "an edit, in a DM",
      reaction({ type: "edit", content_type: "text/plain", content: "fixed", properties: null }, { target_gid: null, target_uid: 3, dm_low: 2, dm_high: 3, from_uid: 2 }),
      { mid: 101, from_uid: 2, created_at: T0, target: { uid: 3 }, detail: { type: "reaction", mid: 100, detail: { type: "edit", content_type: "text/plain", content: "fixed", properties: null } } },
    ],
    [
      "a delete",
      reaction({ type: "delete" }),
      { mid: 101, from_uid: 3, created_at: T0, target: { gid: 20 }, detail: { type: "reaction", mid: 100, detail: { type: "delete" } } },
    ],
    [
      "a reaction without its JSON reads as a delete",
      reaction(null),
      { mid: 101, from_uid: 3, created_at: T0, target: { gid: 20 }, detail: { type: "reaction", mid: 100, detail: { type: "delete" } } },
    ],
    [
      "missing content columns fall back to text/plain and \"\"",
      messageRow({ content_type: null, content: null }),
      { mid: 100, from_uid: 2, created_at: T0, target: { gid: 20 }, detail: { type: "normal", properties: null, content_type: "text/plain", content: "", expires_in: null } },
    ],
  ])("%s", (_, row, expected) => {
    const message = presentMessage(row);
    expect(message).toEqual(expected);
    assertMatches("ChatMessage", message);
  });

  it("history shows the original content of an edited message (the edit follows as a reaction)", () => {
    const edited = messageRow({ content: "original", edited_content_type: "text/markdown", edited_content: "edited", edited_properties: '{"a":1}' });
    expect(presentMessage(edited).detail).toEqual({ type: "normal", properties: null, content_type: "text/plain", content: "original", expires_in: null });
  });

  it("carries no column of the storage (dm pair, edits, expiry, kind)", () => {
    expect(Object.keys(presentMessage(dmRow(2, 3))).sort()).toEqual(["created_at", "detail", "from_uid", "mid", "target"]);
  });
});

describe("presentCurrentMessage: search results show the current (edited) content", () => {
  it.each<[string, MessageRow, ChatMessage["detail"]]>([
    ["an unedited message", messageRow({ content: "hello", expires_in: 60 }), { type: "normal", properties: null, content_type: "text/plain", content: "hello", expires_in: 60 }],
    [
      "an edited normal message keeps its expires_in",
      messageRow({ content: "helo", properties: '{"a":1}', expires_in: 60, edited_content_type: "text/markdown", edited_content: "hello", edited_properties: null }),
      { type: "normal", properties: null, content_type: "text/markdown", content: "hello", expires_in: 60 },
    ],
    [
      "an edited reply keeps the mid it replies to",
      messageRow({ kind: "reply", ref_mid: 90, content: "yse", edited_content_type: "text/plain", edited_content: "yes", edited_properties: '{"mentions":[3]}' }),
      { type: "reply", mid: 90, properties: { mentions: [3] }, content_type: "text/plain", content: "yes" },
    ],
    ["a reaction is left as it is", reaction({ type: "like", action: "🎉" }), { type: "reaction", mid: 100, detail: { type: "like", action: "🎉" } }],
  ])("%s", (_, row, detail) => {
    const message = presentCurrentMessage(row);
    expect(message).toEqual({ ...presentMessage(row), detail });
    assertMatches("ChatMessage", message);
  });
});

describe("archiveSource: the conversation as the archiver sees it", () => {
  it.each([
    ["a channel message, for anyone", messageRow({ target_gid: 20 }), 3, { gid: 20 }],
    ["a DM, archived by its sender: the recipient", dmRow(2, 3), 2, { uid: 3 }],
    ["a DM, archived by its recipient: the sender", dmRow(2, 3), 3, { uid: 2 }],
    ["a note to self", dmRow(2, 2), 2, { uid: 2 }],
  ] as const)("%s", (_, row, archiver, expected) => {
    expect(archiveSource(archiver, row)).toEqual(expected);
  });
});

describe("presentArchiveMessage: ArchiveMessage with the merged content", () => {
  it.each<[string, MessageRow, number, Parameters<typeof presentArchiveMessage>[3], ArchiveMessage]>([
    [
      "a text message in a channel",
      messageRow({ mid: 100, content: "hello", properties: '{"mentions":[3]}' }),
      3,
      null,
      { from_user: 0, created_at: T0, mid: 100, source: { gid: 20 }, properties: { mentions: [3] }, content_type: "text/plain", content: "hello", file_id: null, thumbnail_id: null },
    ],
    [
      "an edited message: its current content",
      messageRow({ content: "helo", edited_content_type: "text/markdown", edited_content: "hello", edited_properties: null }),
      3,
      null,
      { from_user: 0, created_at: T0, mid: 100, source: { gid: 20 }, properties: null, content_type: "text/markdown", content: "hello", file_id: null, thumbnail_id: null },
    ],
    [
      "a DM archived by its recipient",
      dmRow(2, 3, { content: "psst" }),
      3,
      null,
      { from_user: 0, created_at: T0, mid: 100, source: { uid: 2 }, properties: null, content_type: "text/plain", content: "psst", file_id: null, thumbnail_id: null },
    ],
    [
      "a file message: content null, the attachment indexes",
      messageRow({ content_type: "vocechat/file", content: "2024/1/5/uuid", properties: '{"name":"a.png","content_type":"image/png","size":10}' }),
      3,
      { file_id: 1, thumbnail_id: 2 },
      { from_user: 0, created_at: T0, mid: 100, source: { gid: 20 }, properties: { name: "a.png", content_type: "image/png", size: 10 }, content_type: "vocechat/file", content: null, file_id: 1, thumbnail_id: 2 },
    ],
    [
      "a file without thumbnail (index 0 is a real index)",
      messageRow({ content_type: "vocechat/file", content: "p", properties: null }),
      3,
      { file_id: 0, thumbnail_id: null },
      { from_user: 0, created_at: T0, mid: 100, source: { gid: 20 }, properties: null, content_type: "vocechat/file", content: null, file_id: 0, thumbnail_id: null },
    ],
    [
      "a file that had expired: no indexes, still no content",
      messageRow({ content_type: "vocechat/file", content: "p", properties: null }),
      3,
      { file_id: null, thumbnail_id: null },
      { from_user: 0, created_at: T0, mid: 100, source: { gid: 20 }, properties: null, content_type: "vocechat/file", content: null, file_id: null, thumbnail_id: null },
    ],
  ])("%s", (_, row, archiver, files, expected) => {
    const message = presentArchiveMessage(archiver, row, 0, files);
    expect(message).toEqual(expected);
    assertMatches("ArchiveMessage", message);
  });

  it("from_user is the index of the sender in the archive's users", () => {
    expect(presentArchiveMessage(3, messageRow(), 4).from_user).toBe(4);
  });
});
