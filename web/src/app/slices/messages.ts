/**
 * Messages: every message by id, the ascending id list of each conversation, reactions, and
 * temporary (local-id) messages while a send is in flight (spec §3, §4 "Message lists").
 */
import { createSlice, current, isDraft, type PayloadAction } from "@reduxjs/toolkit";
import { resetAll } from "../actions";
import type { ChatMessage, MessageProperties, MessageTarget } from "@parley/protocol";

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

/** The conversation of a message: the channel, or for a DM the peer (spec §4 / contract §4). */
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
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (list[m] < mid) lo = m + 1;
    else hi = m;
  }
  if (list[lo] === mid) return false;
  list.splice(lo, 0, mid);
  return true;
}

function listOf(state: MessagesState, kind: ConvKind, id: number): number[] {
  const lists = state[kind];
  if (!lists[id]) lists[id] = [];
  return lists[id];
}

/**
 * Add a message to a conversation. Ignored if its id or local id is already there (the list stays
 * ascending). The server copy of one of our own temporary messages takes the temp's place.
 */
function addToConversation(state: MessagesState, kind: ConvKind, id: number, msg: StoredMessage) {
  if (state.deleted[msg.mid]) return;
  const list = listOf(state, kind, id);
  if (list.includes(msg.mid)) {
    const existing = state.byId[msg.mid];
    // A message already present and still sending is not overwritten.
    if (!existing) state.byId[msg.mid] = msg;
    // Our own copy (from the send's answer) learns the burn-after-reading time the server stamped.
    else if (msg.expires_in && !existing.expires_in) existing.expires_in = msg.expires_in;
    return;
  }
  const localId = msg.local_id;
  if (localId !== undefined && localId !== msg.mid && list.includes(localId)) {
    const temp = state.byId[localId];
    if (temp?.sending && temp.from_uid === msg.from_uid) {
      list.splice(list.indexOf(localId), 1, msg.mid);
      list.sort((a, b) => a - b);
      state.byId[msg.mid] = { ...msg, sending: false };
      applyPendingEdit(state, msg.mid);
    }
    return;
  }
  insertAscending(list, msg.mid);
  state.byId[msg.mid] = msg;
  applyPendingEdit(state, msg.mid);
}

function applyPendingEdit(state: MessagesState, mid: number) {
  const edit = state.pendingEdits[mid];
  const msg = state.byId[mid];
  if (!edit || !msg) return;
  Object.assign(msg, edit, { edited: true });
  delete state.pendingEdits[mid];
}

function removeFromConversation(state: MessagesState, kind: ConvKind, id: number, mid: number) {
  const list = state[kind][id];
  if (list) {
    const idx = list.indexOf(mid);
    if (idx >= 0) list.splice(idx, 1);
  }
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

/** Receive server messages (stream or history page): add normal/reply, apply reactions. */
/**
 * Adds a batch of messages of one conversation in one pass: the id list is merged outside the
 * immer draft and assigned back, instead of one binary search and splice per message through the
 * draft's proxy (a 100-message history page inserted one by one was a long task). A batch that
 * carries the server copy of one of our temporary messages takes the one-by-one path, which
 * swaps the temp for it.
 */
function mergeIntoConversation(state: MessagesState, kind: ConvKind, id: number, items: StoredMessage[]) {
  const draft = state[kind][id];
  const list: number[] = draft ? (isDraft(draft) ? current(draft) : draft) : [];
  const present = new Set(list);
  if (items.some((m) => m.local_id !== undefined && m.local_id !== m.mid && present.has(m.local_id))) {
    for (const m of items) addToConversation(state, kind, id, m);
    return;
  }
  const fresh: StoredMessage[] = [];
  for (const m of items) {
    if (state.deleted[m.mid]) continue;
    if (present.has(m.mid)) {
      const existing = state.byId[m.mid];
      if (!existing) state.byId[m.mid] = m;
      // Our own copy (from the send's answer) learns the burn-after-reading time the server stamped.
      else if (m.expires_in && !existing.expires_in) existing.expires_in = m.expires_in;
      continue;
    }
    present.add(m.mid);
    fresh.push(m);
  }
  if (!fresh.length) {
    if (!draft) state[kind][id] = [];
    return;
  }
  fresh.sort((a, b) => a.mid - b.mid);
  const merged: number[] = new Array(list.length + fresh.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < list.length && j < fresh.length) merged[k++] = list[i] < fresh[j].mid ? list[i++] : fresh[j++].mid;
  while (i < list.length) merged[k++] = list[i++];
  while (j < fresh.length) merged[k++] = fresh[j++].mid;
  state[kind][id] = merged;
  for (const m of fresh) {
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
    /** The send succeeded: the temp's place in the list goes to the server mid, sending off. */
    replaceTempMessage(state, { payload }: PayloadAction<ConvRef & { localId: number; mid: number }>) {
      const { kind, id, localId, mid } = payload;
      const list = listOf(state, kind, id);
      const temp = state.byId[localId];
      const idx = list.indexOf(localId);
      if (idx >= 0) {
        if (list.includes(mid)) list.splice(idx, 1);
        else list.splice(idx, 1, mid);
        list.sort((a, b) => a - b);
      } else if (!list.includes(mid) && !state.deleted[mid] && temp) {
        insertAscending(list, mid);
      }
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
      const m = state.byId[payload];
      if (!m) return;
      for (const kind of ["channel", "dm"] as const) {
        for (const list of Object.values(state[kind])) if (list.includes(payload)) return;
      }
      delete state.byId[payload];
    },
    setHistoryEnd(state, { payload }: PayloadAction<ConvRef>) {
      state.historyEnd[convKey(payload.kind, payload.id)] = true;
    },
    clearConversation(state, { payload }: PayloadAction<ConvRef>) {
      for (const mid of state[payload.kind][payload.id] ?? []) delete state.byId[mid];
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
  replaceTempMessage,
  removeMessage,
  removeStoredMessage,
  setHistoryEnd,
  clearConversation,
  resetMessages,
} = messagesSlice.actions;
export default messagesSlice.reducer;
