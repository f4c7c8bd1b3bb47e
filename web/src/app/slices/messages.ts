/**
 * Messages: every message by id, the ascending id list of each conversation, reactions, and
 * temporary (local-id) messages while a send is in flight (docs/ARCHITECTURE.md "Client rules":
 * message lists).
 */
import { createSlice, current, isDraft, type PayloadAction } from "@reduxjs/toolkit";
import { resetAll } from "../actions";
import { HISTORY_PAGE_SIZE, type ChatMessage, type MessageProperties, type MessageTarget } from "@parley/protocol";
import { indexOfSorted, lowerBound, mergeSorted, withInserted, without } from "./sortedIds";

export type ConvKind = "channel" | "dm";

export interface StoredMessage {
  /** Server mid, or the local id while the message is temporary. */
  mid: number;
  from_uid: number;
  created_at: number;
  content_type: string;
  content: string;
  properties: MessageProperties | null;
  expires_in?: number | null;
  reply_mid?: number;
  sending?: boolean;
  edited?: boolean;
  /** The temporary client id (`properties.local_id`), when the sender set one. */
  local_id?: number;
}

interface PendingEdit {
  content: string;
  content_type: string;
  properties: MessageProperties | null;
}

export interface MessagesState {
  byId: Record<number, StoredMessage>;
  channel: Record<number, number[]>;
  dm: Record<number, number[]>;
  /** Target mid → action (emoji) → uids. */
  reactions: Record<number, Record<string, number[]>>;
  /** Reaction mids already applied (a reaction seen twice, via stream and history, counts once). */
  applied: Record<number, true>;
  /** Deleted mids, so a later history page does not bring them back. */
  deleted: Record<number, true>;
  /** Edits seen before their message was loaded. */
  pendingEdits: Record<number, PendingEdit>;
  /** Target mid → mid of the newest edit applied. */
  lastEdit: Record<number, number>;
  /** Conversation key → the oldest history page has been reached. */
  historyEnd: Record<string, true>;
}

export const initialMessagesState = (): MessagesState => ({
  byId: {},
  channel: {},
  dm: {},
  reactions: {},
  applied: {},
  deleted: {},
  pendingEdits: {},
  lastEdit: {},
  historyEnd: {},
});

export const convKey = (kind: ConvKind, id: number) => `${kind}:${id}`;

/**
 * The conversation of a message: the channel, or for a DM the peer (docs/API.md "Object shapes").
 */
export function conversationOf(msg: { from_uid: number; target: MessageTarget }, me: number): { kind: ConvKind; id: number } {
  if ("gid" in msg.target) return { kind: "channel", id: msg.target.gid };
  return { kind: "dm", id: msg.from_uid === me ? msg.target.uid : msg.from_uid };
}

/** A `ChatMessage` of kind normal/reply as stored; `null` for reactions. */
export function toStoredMessage(msg: ChatMessage): StoredMessage | null {
  const d = msg.detail;
  if (d.type === "reaction") return null;
  const localId = d.properties?.local_id;
  return {
    mid: msg.mid,
    from_uid: msg.from_uid,
    created_at: msg.created_at,
    content_type: d.content_type,
    content: d.content,
    properties: d.properties,
    expires_in: d.type === "normal" ? d.expires_in : null,
    reply_mid: d.type === "reply" ? d.mid : undefined,
    local_id: typeof localId === "number" ? localId : undefined,
  };
}

/** Insert into an ascending list; false if already present. */
export function insertAscending(list: number[], mid: number): boolean {
  const i = lowerBound(list, mid);
  if (list[i] === mid) return false;
  list.splice(i, 0, mid);
  return true;
}

const NO_IDS: readonly number[] = Object.freeze([]);

/** A conversation's id list as a plain array, read outside the draft's proxy (see sortedIds.ts). */
function plainList(state: MessagesState, kind: ConvKind, id: number): readonly number[] {
  const list = state[kind][id];
  return !list ? NO_IDS : isDraft(list) ? current(list) : list;
}

/**
 * Add a message to a conversation. Ignored if its id or local id is already there (the list stays
 * ascending). The server copy of one of our own temporary messages takes the temp's place.
 */
function addToConversation(state: MessagesState, kind: ConvKind, id: number, msg: StoredMessage) {
  if (state.deleted[msg.mid]) return;
  const list = plainList(state, kind, id);
  if (indexOfSorted(list, msg.mid) >= 0) {
    keepBody(state, msg);
    return;
  }
  const localId = msg.local_id;
  if (localId !== undefined && localId !== msg.mid && indexOfSorted(list, localId) >= 0) {
    const temp = state.byId[localId];
    if (temp?.sending && temp.from_uid === msg.from_uid) {
      state[kind][id] = withInserted(without(list, localId), msg.mid);
      state.byId[msg.mid] = { ...msg, sending: false };
      applyPendingEdit(state, msg.mid);
    }
    return;
  }
  state[kind][id] = withInserted(list, msg.mid);
  state.byId[msg.mid] = msg;
  applyPendingEdit(state, msg.mid);
}

/**
 * A message whose id the list has already. Its body is stored unless one is there (one still
 * sending is not overwritten): the body may have been released (`releaseBodies`) and paged in
 * again. Our own copy (from the send's answer) learns the burn-after-reading time the server
 * stamped.
 */
function keepBody(state: MessagesState, msg: StoredMessage) {
  const existing = state.byId[msg.mid];
  if (!existing) {
    state.byId[msg.mid] = msg;
    applyPendingEdit(state, msg.mid);
  } else if (msg.expires_in && !existing.expires_in) existing.expires_in = msg.expires_in;
}

function applyPendingEdit(state: MessagesState, mid: number) {
  const edit = state.pendingEdits[mid];
  const msg = state.byId[mid];
  if (!edit || !msg) return;
  Object.assign(msg, edit, { edited: true });
  delete state.pendingEdits[mid];
}

function removeFromConversation(state: MessagesState, kind: ConvKind, id: number, mid: number) {
  if (state[kind][id]) state[kind][id] = without(plainList(state, kind, id), mid);
  delete state.byId[mid];
}

function applyReaction(state: MessagesState, msg: ChatMessage, kind: ConvKind, id: number) {
  const d = msg.detail;
  if (d.type !== "reaction") return;
  if (state.applied[msg.mid]) return;
  state.applied[msg.mid] = true;
  const target = d.mid;
  const r = d.detail;
  switch (r.type) {
    case "like": {
      const byAction = (state.reactions[target] ??= {});
      const uids = (byAction[r.action] ??= []);
      const idx = uids.indexOf(msg.from_uid);
      if (idx >= 0) uids.splice(idx, 1);
      else uids.push(msg.from_uid);
      if (uids.length === 0) delete byAction[r.action];
      if (Object.keys(byAction).length === 0) delete state.reactions[target];
      break;
    }
    case "delete": {
      state.deleted[target] = true;
      removeFromConversation(state, kind, id, target);
      delete state.reactions[target];
      delete state.pendingEdits[target];
      break;
    }
    case "edit": {
      if ((state.lastEdit[target] ?? 0) > msg.mid) break;
      state.lastEdit[target] = msg.mid;
      const edit: PendingEdit = { content: r.content, content_type: r.content_type, properties: r.properties };
      const existing = state.byId[target];
      if (existing) Object.assign(existing, edit, { edited: true });
      else state.pendingEdits[target] = edit;
      break;
    }
  }
}

/**
 * Adds a batch of messages of one conversation in one pass: the id list is merged outside the
 * immer draft and assigned back, instead of one binary search and splice per message through the
 * draft's proxy (a 100-message history page inserted one by one was a long task). A batch that
 * carries the server copy of one of our temporary messages takes the one-by-one path, which
 * swaps the temp for it.
 */
function mergeIntoConversation(state: MessagesState, kind: ConvKind, id: number, items: StoredMessage[]) {
  const list = plainList(state, kind, id);
  const has = (mid: number) => indexOfSorted(list, mid) >= 0;
  if (items.some((m) => m.local_id !== undefined && m.local_id !== m.mid && has(m.local_id))) {
    for (const m of items) addToConversation(state, kind, id, m);
    return;
  }
  const fresh = new Map<number, StoredMessage>();
  for (const m of items) {
    if (state.deleted[m.mid] || fresh.has(m.mid)) continue;
    if (has(m.mid)) keepBody(state, m);
    else fresh.set(m.mid, m);
  }
  if (!fresh.size) {
    if (!state[kind][id]) state[kind][id] = [];
    return;
  }
  state[kind][id] = mergeSorted(list, [...fresh.keys()].sort((a, b) => a - b));
  for (const m of fresh.values()) {
    state.byId[m.mid] = m;
    applyPendingEdit(state, m.mid);
  }
}

/** Receive server messages (stream or history page): add normal/reply, apply reactions, in order. */
function receive(state: MessagesState, messages: ChatMessage[], me: number) {
  const batches = new Map<string, { kind: ConvKind; id: number; items: StoredMessage[] }>();
  const flush = () => {
    for (const b of batches.values()) mergeIntoConversation(state, b.kind, b.id, b.items);
    batches.clear();
  };
  for (const msg of messages) {
    const { kind, id } = conversationOf(msg, me);
    if (msg.detail.type === "reaction") {
      // Reactions see every message received before them (a delete or edit of one in this batch).
      flush();
      applyReaction(state, msg, kind, id);
      continue;
    }
    const stored = toStoredMessage(msg);
    if (!stored) continue;
    const key = convKey(kind, id);
    let batch = batches.get(key);
    if (!batch) batches.set(key, (batch = { kind, id, items: [] }));
    batch.items.push(stored);
  }
  flush();
}

/** Ids of the list in [from, before) with no body that `page` did not bring: gone from the server. */
function dropUnavailable(state: MessagesState, kind: ConvKind, id: number, from: number, before: number, page: ChatMessage[]) {
  const list = plainList(state, kind, id);
  const brought = new Set(page.map((m) => m.mid));
  const gone: number[] = [];
  for (let i = lowerBound(list, from); i < list.length && list[i] < before; i++) {
    if (!state.byId[list[i]] && !brought.has(list[i])) gone.push(list[i]);
  }
  if (!gone.length) return;
  const drop = new Set(gone);
  state[kind][id] = Object.freeze(list.filter((mid) => !drop.has(mid))) as number[];
}

type ConvRef = { kind: ConvKind; id: number };

export const messagesSlice = createSlice({
  name: "messages",
  initialState: initialMessagesState,
  reducers: {
    addMessage(state, { payload }: PayloadAction<ConvRef & { message: StoredMessage }>) {
      addToConversation(state, payload.kind, payload.id, payload.message);
    },
    receiveMessages(state, { payload }: PayloadAction<{ me: number; messages: ChatMessage[] }>) {
      receive(state, payload.messages, payload.me);
    },
    /**
     * A history page of one conversation, asked for with `before`: as `receiveMessages`, and the
     * ids the page covers (from its oldest mid up to `before`, or all older ones when it is not
     * full) whose bodies are not stored and did not come are gone from the server: they leave
     * the list, so a released body that cannot come back is not asked for again and again.
     */
    receiveHistoryPage(state, { payload }: PayloadAction<ConvRef & { me: number; before?: number; messages: ChatMessage[] }>) {
      const { kind, id, before, messages } = payload;
      receive(state, messages, payload.me);
      if (before === undefined) return;
      dropUnavailable(state, kind, id, messages.length >= HISTORY_PAGE_SIZE ? messages[0].mid : 0, before, messages);
    },
    /** The send succeeded: the temp's place in the list goes to the server mid, sending off. */
    replaceTempMessage(state, { payload }: PayloadAction<ConvRef & { localId: number; mid: number }>) {
      const { kind, id, localId, mid } = payload;
      const list = plainList(state, kind, id);
      const temp = state.byId[localId];
      if (indexOfSorted(list, localId) >= 0) state[kind][id] = withInserted(without(list, localId), mid);
      else if (indexOfSorted(list, mid) < 0 && !state.deleted[mid] && temp) state[kind][id] = withInserted(list, mid);
      else if (!state[kind][id]) state[kind][id] = [];
      if (!state.byId[mid] && temp && !state.deleted[mid]) {
        state.byId[mid] = { ...temp, mid, sending: false, local_id: localId };
        applyPendingEdit(state, mid);
      }
      if (temp) temp.sending = false;
    },
    /** Remove a message from a conversation and the store (failed send, local delete). */
    removeMessage(state, { payload }: PayloadAction<ConvRef & { mid: number }>) {
      removeFromConversation(state, payload.kind, payload.id, payload.mid);
    },
    /** Drop a stored record that no list refers to any more (the temp, 300 ms after success). */
    removeStoredMessage(state, { payload }: PayloadAction<number>) {
      if (!state.byId[payload]) return;
      for (const kind of ["channel", "dm"] as const) {
        for (const list of Object.values(current(state[kind]))) if (indexOfSorted(list, payload) >= 0) return;
      }
      delete state.byId[payload];
    },
    /**
     * Forget the bodies of a conversation's messages far from the screen; the ids stay (the list
     * keeps its rows, and a body is paged in again with `before` when its row is scrolled to). A
     * long history paged in would otherwise fill `byId`, which every message that arrives copies.
     * Kept: the rows `from`..`to` (indexes) and the originals their replies quote, the newest
     * page, the unread ones (newer than `readMid`: badges and notifications count them), the
     * `keep` mids (ticked in multi-select mode) and temporary ones. An edited body leaves its edit
     * behind in `pendingEdits`, applied again when the body comes back.
     */
    releaseBodies(state, { payload }: PayloadAction<ConvRef & { from: number; to: number; readMid: number; keep?: number[] }>) {
      const { kind, id, readMid } = payload;
      const list = plainList(state, kind, id);
      const bodies = current(state.byId);
      const from = Math.max(0, payload.from);
      const to = Math.min(list.length - 1, payload.to);
      const keep = new Set(payload.keep);
      for (let i = from; i <= to; i++) {
        const quoted = bodies[list[i]]?.reply_mid;
        if (quoted !== undefined) keep.add(quoted);
      }
      const end = Math.min(list.length - HISTORY_PAGE_SIZE, lowerBound(list, readMid + 1));
      for (let i = 0; i < end; i++) {
        if (i === from) {
          i = Math.max(i, to);
          continue;
        }
        const mid = list[i];
        const m = bodies[mid];
        if (!m || m.sending || m.local_id === mid || keep.has(mid)) continue;
        if (m.edited) state.pendingEdits[mid] = { content: m.content, content_type: m.content_type, properties: m.properties };
        delete state.byId[mid];
      }
    },
    setHistoryEnd(state, { payload }: PayloadAction<ConvRef>) {
      state.historyEnd[convKey(payload.kind, payload.id)] = true;
    },
    clearConversation(state, { payload }: PayloadAction<ConvRef>) {
      for (const mid of plainList(state, payload.kind, payload.id)) delete state.byId[mid];
      delete state[payload.kind][payload.id];
      delete state.historyEnd[convKey(payload.kind, payload.id)];
    },
    resetMessages() {
      return initialMessagesState();
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll.type, () => initialMessagesState());
  },
});

export const {
  addMessage,
  receiveMessages,
  receiveHistoryPage,
  releaseBodies,
  replaceTempMessage,
  removeMessage,
  removeStoredMessage,
  setHistoryEnd,
  clearConversation,
  resetMessages,
} = messagesSlice.actions;
export default messagesSlice.reducer;
