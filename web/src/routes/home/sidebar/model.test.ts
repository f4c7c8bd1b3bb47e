/** The sidebar's model: sections and order, DM peers, previews; the unread / @ / mute selectors. */
import { describe, expect, it } from "vitest";
import type { RootState } from "../../../app/store";
import { muteActive, selectIsMuted, selectMentionCount, selectUnreadCount } from "../../../app/selectors";
import type { StoredMessage } from "../../../app/slices/messages";
import { dmPeers, messageText, selectSidebarSections } from "./model";

const ME = 1;
const user = (uid: number, name: string) => ({ uid, name, email: null, gender: 0, language: "en", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password" });
const group = (gid: number, name: string) => ({ gid, name, owner: null, description: null, members: [], is_public: true, avatar_updated_at: 0, pinned_messages: [] });
const msg = (mid: number, from: number, content = `m${mid}`, properties: Record<string, unknown> | null = null): StoredMessage => ({
  mid,
  from_uid: from,
  created_at: mid * 1000,
  content_type: "text/plain",
  content,
  properties,
});

function state(over: { channel?: Record<number, StoredMessage[]>; dm?: Record<number, StoredMessage[]>; footprint?: Record<string, unknown> } = {}): RootState {
  const byId: Record<number, StoredMessage> = {};
  const lists = (src: Record<number, StoredMessage[]> = {}) =>
    Object.fromEntries(
      Object.entries(src).map(([id, ms]) => {
        for (const m of ms) byId[m.mid] = m;
        return [id, ms.map((m) => m.mid)];
      }),
    );
  const channel = lists(over.channel);
  const dm = lists(over.dm);
  return {
    authData: { user: user(ME, "Me"), guest: false },
    users: { ids: [1, 2, 3, 4], byId: { 1: user(1, "Me"), 2: user(2, "Bob"), 3: user(3, "Cara"), 4: user(4, "Dan") } },
    channels: { ids: [10, 11, 12], byId: { 10: group(10, "general"), 11: group(11, "random"), 12: group(12, "design") } },
    messages: { byId, channel, dm, historyEnd: {} },
    footprint: { readUsers: {}, readChannels: {}, muteUsers: {}, muteChannels: {}, pinnedChats: [], remarks: {}, contacts: {}, ...over.footprint },
  } as unknown as RootState;
}

describe("sidebar sections", () => {
  it("puts pinned chats first and orders by the newest message, then by name", () => {
    const s = state({
      channel: { 10: [msg(5, 2)], 11: [msg(9, 2)] },
      dm: { 2: [msg(7, 2)], 3: [msg(12, 3)] },
      footprint: { pinnedChats: [{ target: { gid: 10 }, updated_at: 1 }, { target: { uid: 2 }, updated_at: 2 }] },
    });
    expect(selectSidebarSections(s)).toEqual({
      pinned: ["dm:2", "channel:10"],
      channels: ["channel:11", "channel:12"],
      dms: ["dm:3"],
    });
  });

  it("lists a DM only with history, a read marker or a pin; filters by name and remark", () => {
    const s = state({ dm: { 2: [msg(3, ME)] }, footprint: { readUsers: { 3: 1 }, remarks: { 3: "Cara (design)" } } });
    expect(dmPeers(s).sort()).toEqual([2, 3]);
    expect(selectSidebarSections(s, "design")).toEqual({ pinned: [], channels: ["channel:12"], dms: ["dm:3"] });
    expect(selectSidebarSections(s, "BOB").dms).toEqual(["dm:2"]);
  });
});

describe("unread, mentions and mute", () => {
  it("counts others' messages above the read marker; @ counts those that mention me", () => {
    const s = state({
      channel: { 10: [msg(1, 2), msg(2, ME), msg(3, 2, " @1 look", { mentions: [ME] }), msg(4, 3), msg(5, ME)] },
      footprint: { readChannels: { 10: 1 } },
    });
    expect(selectUnreadCount(s, "channel", 10)).toBe(2);
    expect(selectMentionCount(s, "channel", 10)).toBe(1);
    const read = state({ channel: { 10: [msg(3, 2, " @1 look", { mentions: [ME] })] }, footprint: { readChannels: { 10: 3 } } });
    expect(selectUnreadCount(read, "channel", 10)).toBe(0);
    expect(selectMentionCount(read, "channel", 10)).toBe(0);
  });

  it("treats a mute as over once it expires", () => {
    const now = 1_000_000;
    expect(muteActive({ expired_at: null }, now)).toBe(true);
    expect(muteActive({ expired_at: now + 1 }, now)).toBe(true);
    expect(muteActive({ expired_at: now - 1 }, now)).toBe(false);
    expect(muteActive(undefined, now)).toBe(false);
    const s = state({ footprint: { muteChannels: { 10: { expired_at: null } }, muteUsers: { 2: { expired_at: Date.now() - 5 } } } });
    expect(selectIsMuted(s, "channel", 10)).toBe(true);
    expect(selectIsMuted(s, "dm", 2)).toBe(false);
  });
});

describe("previews", () => {
  const t = (key: string) => `[${key}]`;
  const names = (uid: number) => ({ 2: "Bob" })[uid];
  it("shows text on one line with mention names, labels for other kinds", () => {
    expect(messageText(msg(1, 2, "hi  @2 \n  there"), t, names)).toBe("hi @Bob there");
    expect(messageText({ ...msg(1, 2, "**bold** and `code`"), content_type: "text/markdown" }, t, names)).toBe("bold and code");
    expect(messageText({ ...msg(1, 2, "path"), content_type: "vocechat/file", properties: { content_type: "image/png" } }, t, names)).toBe("[preview.image]");
    expect(messageText({ ...msg(1, 2, "path"), content_type: "vocechat/file", properties: { content_type: "application/pdf", name: "a.pdf" } }, t, names)).toBe("[preview.file] a.pdf");
    expect(messageText({ ...msg(1, 2, "x"), content_type: "vocechat/archive" }, t, names)).toBe("[preview.forward]");
  });
});
