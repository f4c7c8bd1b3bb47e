import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@parley/protocol";
import reducer, {
  addMessage,
  conversationOf,
  initialMessagesState,
  insertAscending,
  receiveHistoryPage,
  receiveMessages,
  releaseBodies,
  removeMessage,
  removeStoredMessage,
  replaceTempMessage,
  type MessagesState,
  type StoredMessage,
} from "./messages";

const ME = 1;
const OTHER = 2;

const chat = (mid: number, from_uid: number, content: string, extra: Partial<ChatMessage> = {}, props: Record<string, unknown> | null = null): ChatMessage => ({
  mid,
  from_uid,
  created_at: 1_700_000_000_000 + mid,
  target: { gid: 1 },
  detail: { type: "normal", properties: props, content_type: "text/plain", content, expires_in: null },
  ...extra,
});

const reaction = (mid: number, from_uid: number, target: number, detail: Extract<ChatMessage["detail"], { type: "reaction" }>["detail"]): ChatMessage => ({
  mid,
  from_uid,
  created_at: 1_700_000_000_000 + mid,
  target: { gid: 1 },
  detail: { type: "reaction", mid: target, detail },
});

const temp = (localId: number, content = "hi"): StoredMessage => ({
  mid: localId,
  local_id: localId,
  from_uid: ME,
  created_at: localId,
  content_type: "text/plain",
  content,
  properties: { mentions: [], local_id: localId },
  sending: true,
});

const receive = (state: MessagesState, ...messages: ChatMessage[]) => reducer(state, receiveMessages({ me: ME, messages }));

describe("messages reducer", () => {
  it("keeps each conversation ascending and ignores duplicate ids", () => {
    let s = initialMessagesState();
    s = receive(s, chat(5, OTHER, "five"), chat(3, OTHER, "three"));
    s = receive(s, chat(4, OTHER, "four"), chat(5, OTHER, "five again"));
    expect(s.channel[1]).toEqual([3, 4, 5]);
    expect(s.byId[5].content).toBe("five");
  });

  it("ignores an add whose id or local id is already there", () => {
    let s = initialMessagesState();
    s = reducer(s, addMessage({ kind: "channel", id: 1, message: temp(1_800_000_000_000) }));
    s = reducer(s, addMessage({ kind: "channel", id: 1, message: temp(1_800_000_000_000, "again") }));
    expect(s.channel[1]).toEqual([1_800_000_000_000]);
    expect(s.byId[1_800_000_000_000].content).toBe("hi");
  });

  it("replaces a temp message by the server mid and drops the temp record later", () => {
    const localId = 1_800_000_000_000;
    let s = receive(initialMessagesState(), chat(7, OTHER, "before"));
    s = reducer(s, addMessage({ kind: "channel", id: 1, message: temp(localId) }));
    expect(s.channel[1]).toEqual([7, localId]);
    // Someone else's message arrives while ours is in flight.
    s = receive(s, chat(9, OTHER, "after"));
    s = reducer(s, replaceTempMessage({ kind: "channel", id: 1, localId, mid: 8 }));
    expect(s.channel[1]).toEqual([7, 8, 9]);
    expect(s.byId[8]).toMatchObject({ mid: 8, content: "hi", sending: false, local_id: localId });
    s = reducer(s, removeStoredMessage(localId));
    expect(s.byId[localId]).toBeUndefined();
    // The stream echo of the same mid does not duplicate it.
    s = receive(s, chat(8, ME, "hi", {}, { mentions: [], local_id: localId }));
    expect(s.channel[1]).toEqual([7, 8, 9]);
  });

  it("merges a stream echo that arrives before the send response", () => {
    const localId = 1_800_000_000_001;
    let s = reducer(initialMessagesState(), addMessage({ kind: "channel", id: 1, message: temp(localId) }));
    s = receive(s, chat(12, ME, "hi", {}, { mentions: [], local_id: localId }));
    expect(s.channel[1]).toEqual([12]);
    s = reducer(s, replaceTempMessage({ kind: "channel", id: 1, localId, mid: 12 }));
    expect(s.channel[1]).toEqual([12]);
    expect(s.byId[12].sending).toBe(false);
  });

  it("removes a failed temp message", () => {
    const localId = 1_800_000_000_002;
    let s = reducer(initialMessagesState(), addMessage({ kind: "channel", id: 1, message: temp(localId) }));
    s = reducer(s, removeMessage({ kind: "channel", id: 1, mid: localId }));
    expect(s.channel[1]).toEqual([]);
    expect(s.byId[localId]).toBeUndefined();
  });

  it("toggles likes per user and drops empty actions", () => {
    let s = receive(initialMessagesState(), chat(1, OTHER, "x"));
    s = receive(s, reaction(2, ME, 1, { type: "like", action: "👍" }), reaction(3, OTHER, 1, { type: "like", action: "👍" }));
    expect(s.reactions[1]).toEqual({ "👍": [ME, OTHER] });
    s = receive(s, reaction(4, ME, 1, { type: "like", action: "👍" }));
    expect(s.reactions[1]).toEqual({ "👍": [OTHER] });
    s = receive(s, reaction(5, OTHER, 1, { type: "like", action: "👍" }));
    expect(s.reactions[1]).toBeUndefined();
    // The same reaction seen again (stream + history) is applied once.
    s = receive(s, reaction(5, OTHER, 1, { type: "like", action: "👍" }));
    expect(s.reactions[1]).toBeUndefined();
  });

  it("applies edits (marking them) and deletes", () => {
    let s = receive(initialMessagesState(), chat(1, OTHER, "old"), chat(2, OTHER, "keep"));
    s = receive(s, reaction(3, OTHER, 1, { type: "edit", properties: null, content_type: "text/plain", content: "new" }));
    expect(s.byId[1]).toMatchObject({ content: "new", edited: true });
    s = receive(s, reaction(4, OTHER, 2, { type: "delete" }));
    expect(s.channel[1]).toEqual([1]);
    expect(s.byId[2]).toBeUndefined();
    // A later history page does not bring the deleted message back.
    s = receive(s, chat(2, OTHER, "keep"));
    expect(s.channel[1]).toEqual([1]);
  });

  it("applies an edit that arrives before its message, and keeps the newest edit", () => {
    let s = receive(initialMessagesState(), reaction(10, OTHER, 1, { type: "edit", properties: null, content_type: "text/plain", content: "v2" }));
    s = receive(s, reaction(8, OTHER, 1, { type: "edit", properties: null, content_type: "text/plain", content: "v1" }));
    s = receive(s, chat(1, OTHER, "v0"));
    expect(s.byId[1]).toMatchObject({ content: "v2", edited: true });
  });

  it("keeps a reply's quoted mid from the temporary copy through the stream echo", () => {
    const localId = 1_800_000_000_001;
    let s = receive(initialMessagesState(), chat(7, OTHER, "original"));
    s = reducer(s, addMessage({ kind: "channel", id: 1, message: { ...temp(localId, "answer"), reply_mid: 7 } }));
    expect(s.byId[localId].reply_mid).toBe(7);
    const echo: ChatMessage = {
      mid: 8,
      from_uid: ME,
      created_at: 1_700_000_000_008,
      target: { gid: 1 },
      detail: { type: "reply", mid: 7, properties: { local_id: localId }, content_type: "text/plain", content: "answer" },
    };
    s = receive(s, echo);
    expect(s.channel[1]).toEqual([7, 8]);
    expect(s.byId[8]).toMatchObject({ reply_mid: 7, content: "answer", sending: false });
  });

  it("a deleted replied-to message leaves the reply in place", () => {
    let s = receive(initialMessagesState(), chat(7, OTHER, "original"));
    s = receive(s, { ...chat(8, ME, "answer"), detail: { type: "reply", mid: 7, properties: null, content_type: "text/plain", content: "answer" } });
    s = receive(s, reaction(9, OTHER, 7, { type: "delete" }));
    expect(s.channel[1]).toEqual([8]);
    expect(s.byId[7]).toBeUndefined();
    expect(s.byId[8].reply_mid).toBe(7);
  });

  it("keys DMs by the peer", () => {
    expect(conversationOf({ from_uid: ME, target: { uid: OTHER } }, ME)).toEqual({ kind: "dm", id: OTHER });
    expect(conversationOf({ from_uid: OTHER, target: { uid: ME } }, ME)).toEqual({ kind: "dm", id: OTHER });
    expect(conversationOf({ from_uid: OTHER, target: { gid: 3 } }, ME)).toEqual({ kind: "channel", id: 3 });
    const s = receive(initialMessagesState(), { ...chat(1, OTHER, "dm"), target: { uid: ME } }, { ...chat(2, ME, "reply"), target: { uid: OTHER } });
    expect(s.dm[OTHER]).toEqual([1, 2]);
  });

  it("insertAscending keeps order and rejects duplicates", () => {
    const list = [1, 5, 9];
    expect(insertAscending(list, 6)).toBe(true);
    expect(insertAscending(list, 0)).toBe(true);
    expect(insertAscending(list, 10)).toBe(true);
    expect(insertAscending(list, 5)).toBe(false);
    expect(list).toEqual([0, 1, 5, 6, 9, 10]);
  });
});

describe("burn after reading on our own messages", () => {
  it("takes the server's expires_in from the echo onto the copy the send answer made", () => {
    let s = reducer(initialMessagesState(), addMessage({ kind: "channel", id: 1, message: temp(77) }));
    s = reducer(s, replaceTempMessage({ kind: "channel", id: 1, localId: 77, mid: 900 }));
    s = reducer(s, receiveMessages({ me: ME, messages: [chat(900, ME, "hi", { target: { gid: 1 }, detail: { type: "normal", content_type: "text/plain", content: "hi", properties: null, expires_in: 300 } })] }));
    expect(s.byId[900].expires_in).toBe(300);
  });
});

describe("receiving a batch", () => {
  it("merges an unordered page into the ascending list once, keeping known and deleted mids out", () => {
    let s = reducer(initialMessagesState(), receiveMessages({ me: ME, messages: [chat(50, OTHER, "a"), chat(60, OTHER, "b")] }));
    s = reducer(s, receiveMessages({ me: ME, messages: [reaction(61, OTHER, 60, { type: "delete" })] }));
    const page = [chat(55, OTHER, "c"), chat(40, OTHER, "d"), chat(50, OTHER, "dup"), chat(60, OTHER, "gone"), chat(45, OTHER, "e"), chat(70, OTHER, "f")];
    s = reducer(s, receiveMessages({ me: ME, messages: page }));
    expect(s.channel[1]).toEqual([40, 45, 50, 55, 70]);
    expect(s.byId[50].content).toBe("a");
    expect(s.byId[60]).toBeUndefined();
  });

  it("applies a reaction after the messages before it in the same batch", () => {
    const s = reducer(
      initialMessagesState(),
      receiveMessages({
        me: ME,
        messages: [chat(10, OTHER, "x"), reaction(11, OTHER, 10, { type: "edit", content: "y", content_type: "text/plain", properties: null }), chat(12, OTHER, "z")],
      }),
    );
    expect(s.channel[1]).toEqual([10, 12]);
    expect(s.byId[10]).toMatchObject({ content: "y", edited: true });
  });
});

describe("releasing bodies far from the screen", () => {
  const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => chat(from + i, OTHER, `m${from + i}`));
  const loaded = (s: MessagesState) => s.channel[1].filter((mid) => s.byId[mid]);

  it("keeps the ids, the rows asked for, the newest page and the unread ones", () => {
    let s = receive(initialMessagesState(), ...page(1, 400));
    s = reducer(s, releaseBodies({ kind: "channel", id: 1, from: 10, to: 19, readMid: 350 }));
    expect(s.channel[1]).toHaveLength(400);
    // Rows 10..19 are mids 11..20; the newest page is 301..400 (and 351..400 are unread anyway).
    expect(loaded(s)).toEqual([...Array.from({ length: 10 }, (_, i) => 11 + i), ...Array.from({ length: 100 }, (_, i) => 301 + i)]);
  });

  it("keeps the originals the kept rows quote, and the mids asked for", () => {
    let s = receive(initialMessagesState(), ...page(1, 300));
    s = receive(s, { ...chat(301, OTHER, "answer"), detail: { type: "reply", mid: 3, properties: null, content_type: "text/plain", content: "answer" } });
    s = reducer(s, releaseBodies({ kind: "channel", id: 1, from: 300, to: 300, readMid: 301, keep: [7] }));
    expect(loaded(s).filter((mid) => mid < 200)).toEqual([3, 7]);
  });

  it("keeps temporary messages, and an edit for the body's return", () => {
    let s = receive(initialMessagesState(), ...page(1, 200), reaction(201, OTHER, 5, { type: "edit", properties: null, content_type: "text/plain", content: "edited" }));
    s = reducer(s, addMessage({ kind: "channel", id: 1, message: temp(1_800_000_000_000) }));
    s = reducer(s, releaseBodies({ kind: "channel", id: 1, from: 100, to: 100, readMid: 1_900_000_000_000 }));
    expect(s.byId[5]).toBeUndefined();
    expect(s.byId[1_800_000_000_000]).toBeDefined();
    // The page with the body comes again (its edit reaction was applied already): the edit shows.
    s = reducer(s, receiveHistoryPage({ kind: "channel", id: 1, me: ME, before: 101, messages: page(1, 100) }));
    expect(s.byId[5]).toMatchObject({ content: "edited", edited: true });
    expect(s.channel[1]).toHaveLength(201);
  });

  it("drops released ids that a history page covering them did not bring (deleted meanwhile)", () => {
    let s = receive(initialMessagesState(), ...page(1, 300));
    s = reducer(s, releaseBodies({ kind: "channel", id: 1, from: 250, to: 299, readMid: 300 }));
    // A full page for before=151 brings 51..150 but not 120 (deleted on the server).
    const again = page(51, 150).filter((m) => m.mid !== 120);
    s = reducer(s, receiveHistoryPage({ kind: "channel", id: 1, me: ME, before: 151, messages: [chat(50, OTHER, "m50"), ...again] }));
    expect(s.channel[1]).not.toContain(120);
    expect(s.channel[1]).toContain(49);
    expect(s.channel[1]).toHaveLength(299);
    expect(s.byId[50]).toBeDefined();
  });

  it("leaves the list alone when a page comes for the top (nothing older is known)", () => {
    let s = receive(initialMessagesState(), ...page(101, 200));
    s = reducer(s, receiveHistoryPage({ kind: "channel", id: 1, me: ME, before: 101, messages: page(30, 100) }));
    expect(s.channel[1]).toHaveLength(171);
    expect(s.channel[1][0]).toBe(30);
  });
});
