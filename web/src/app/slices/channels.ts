import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { resetAll } from "../actions";
import type { EventOf, Group, GroupAnnouncement, PinnedMessage } from "@parley/protocol";

export interface ChannelsState {
  ids: number[];
  byId: Record<number, Group>;
  /** `group_announcement_changed` (null = cleared). */
  announcements: Record<number, GroupAnnouncement | null>;
}

const initialState = (): ChannelsState => ({ ids: [], byId: {}, announcements: {} });

const sortIds = (ids: number[]) => ids.sort((a, b) => a - b);

export const channelsSlice = createSlice({
  name: "channels",
  initialState,
  reducers: {
    fillChannels(state, { payload }: PayloadAction<Group[]>) {
      state.byId = {};
      for (const g of payload) state.byId[g.gid] = g;
      state.ids = sortIds(payload.map((g) => g.gid));
      // A (re)connected stream: announcements changed while it was away are asked for again.
      state.announcements = {};
    },
    /** Add a channel (no duplicate id); a re-add replaces it. */
    addChannel(state, { payload }: PayloadAction<Group>) {
      if (!state.byId[payload.gid]) state.ids = sortIds([...state.ids, payload.gid]);
      state.byId[payload.gid] = payload;
    },
    /** `group_changed`: merge the non-null fields. */
    updateChannel(state, { payload }: PayloadAction<Omit<EventOf<"group_changed">, "type">>) {
      const ch = state.byId[payload.gid];
      if (!ch) return;
      if (payload.name !== null) ch.name = payload.name;
      if (payload.description !== null) ch.description = payload.description;
      if (payload.owner !== null) ch.owner = payload.owner;
      if (payload.avatar_updated_at !== null) ch.avatar_updated_at = payload.avatar_updated_at;
      // Parley's newer switches are present only when they changed.
      for (const key of ["show_email", "add_friend", "dm_to_member", "only_owner_can_send_msg"] as const) {
        const value = payload[key];
        if (typeof value === "boolean") ch[key] = value;
      }
      if (typeof payload.ext_setting === "string") ch.ext_setting = payload.ext_setting;
      if (payload.is_public !== null) {
        ch.is_public = payload.is_public;
        if (payload.is_public) {
          ch.members = [];
          ch.owner = null;
        }
      }
    },
    addMembers(state, { payload }: PayloadAction<{ gid: number; uids: number[] }>) {
      const ch = state.byId[payload.gid];
      if (!ch || ch.is_public) return;
      ch.members = [...new Set([...ch.members, ...payload.uids])];
    },
    removeMembers(state, { payload }: PayloadAction<{ gid: number; uids: number[] }>) {
      const ch = state.byId[payload.gid];
      if (!ch || ch.is_public) return;
      ch.members = ch.members.filter((uid) => !payload.uids.includes(uid));
    },
    /** `pinned_message_updated`: the same mid is replaced and appended; no message removes the pin. */
    updatePinnedMessage(state, { payload }: PayloadAction<{ gid: number; mid: number; msg: PinnedMessage | null }>) {
      const ch = state.byId[payload.gid];
      if (!ch) return;
      const rest = (ch.pinned_messages ?? []).filter((m) => m.mid !== payload.mid);
      ch.pinned_messages = payload.msg ? [...rest, payload.msg] : rest;
    },
    setAnnouncement(state, { payload }: PayloadAction<{ gid: number; announcement: GroupAnnouncement | null }>) {
      state.announcements[payload.gid] = payload.announcement;
    },
    removeChannel(state, { payload }: PayloadAction<number>) {
      delete state.byId[payload];
      state.ids = state.ids.filter((id) => id !== payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll.type, () => initialState());
  },
});

export const {
  fillChannels,
  addChannel,
  updateChannel,
  addMembers,
  removeMembers,
  updatePinnedMessage,
  setAnnouncement,
  removeChannel,
} = channelsSlice.actions;
export default channelsSlice.reducer;
