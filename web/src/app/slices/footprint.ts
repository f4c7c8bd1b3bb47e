import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { resetAll } from "../actions";
import type { MessageTarget, PinnedChat, ReadIndexGroup, ReadIndexUser, UserSettings, UserSettingsChanged } from "@parley/protocol";
import { KEY_AFTER_MID, KEY_USERS_VERSION } from "../config";
import { getLocalNumber, setLocal } from "../../utils/storage";

/** A `history_gap` (Parley extension): mids in (afterMid, firstMid) were not replayed. */
export interface HistoryGap {
  afterMid: number;
  firstMid: number;
}

/** Footprint: per-user sync state. */
export interface FootprintState {
  usersVersion: number;
  afterMid: number;
  readUsers: Record<number, number>;
  readChannels: Record<number, number>;
  muteUsers: Record<number, { expired_at: number | null }>;
  muteChannels: Record<number, { expired_at: number | null }>;
  /** Auto-delete (burn after reading) seconds per user and per channel. */
  autoDeleteUsers: Record<number, number>;
  autoDeleteChannels: Record<number, number>;
  pinnedChats: PinnedChat[];
  /** Contact status per user ('added', 'blocked' or ''). */
  contacts: Record<number, string>;
  /** Contact remarks (`user_remark`). */
  remarks: Record<number, string>;
  /** History marks: the gaps seen on the stream and, per conversation key, the newest gap filled. */
  historyGaps: HistoryGap[];
  gapFilled: Record<string, number>;
}

const initialState = (): FootprintState => ({
  usersVersion: getLocalNumber(KEY_USERS_VERSION),
  afterMid: getLocalNumber(KEY_AFTER_MID),
  readUsers: {},
  readChannels: {},
  muteUsers: {},
  muteChannels: {},
  autoDeleteUsers: {},
  autoDeleteChannels: {},
  pinnedChats: [],
  contacts: {},
  remarks: {},
  historyGaps: [],
  gapFilled: {},
});

export const footprintSlice = createSlice({
  name: "footprint",
  initialState,
  reducers: {
    updateAfterMid(state, { payload }: PayloadAction<number>) {
      if (payload > state.afterMid) {
        state.afterMid = payload;
        setLocal(KEY_AFTER_MID, String(payload));
      }
    },
    updateUsersVersion(state, { payload }: PayloadAction<number>) {
      state.usersVersion = payload;
      setLocal(KEY_USERS_VERSION, String(payload));
    },
    setUserSettings(state, { payload }: PayloadAction<Partial<UserSettings>>) {
      for (const { uid, mid } of payload.read_index_users ?? []) state.readUsers[uid] = mid;
      for (const { gid, mid } of payload.read_index_groups ?? []) state.readChannels[gid] = mid;
      state.muteUsers = {};
      for (const m of payload.mute_users ?? []) state.muteUsers[m.uid] = { expired_at: m.expired_at };
      state.muteChannels = {};
      for (const m of payload.mute_groups ?? []) state.muteChannels[m.gid] = { expired_at: m.expired_at };
      state.autoDeleteUsers = {};
      for (const b of payload.burn_after_reading_users ?? []) if (b.expires_in > 0) state.autoDeleteUsers[b.uid] = b.expires_in;
      state.autoDeleteChannels = {};
      for (const b of payload.burn_after_reading_groups ?? []) if (b.expires_in > 0) state.autoDeleteChannels[b.gid] = b.expires_in;
      state.pinnedChats = payload.pinned_chats ?? [];
    },
    /** `user_settings_changed` from this user's other devices: apply each delta. */
    applySettingsChanged(state, { payload }: PayloadAction<Partial<UserSettingsChanged>>) {
      for (const m of payload.add_mute_users ?? []) state.muteUsers[m.uid] = { expired_at: m.expired_at };
      for (const uid of payload.remove_mute_users ?? []) delete state.muteUsers[uid];
      for (const m of payload.add_mute_groups ?? []) state.muteChannels[m.gid] = { expired_at: m.expired_at };
      for (const gid of payload.remove_mute_groups ?? []) delete state.muteChannels[gid];
      for (const { uid, mid } of payload.read_index_users ?? []) if (mid > (state.readUsers[uid] ?? 0)) state.readUsers[uid] = mid;
      for (const { gid, mid } of payload.read_index_groups ?? []) if (mid > (state.readChannels[gid] ?? 0)) state.readChannels[gid] = mid;
      for (const b of payload.burn_after_reading_users ?? []) {
        if (b.expires_in > 0) state.autoDeleteUsers[b.uid] = b.expires_in;
        else delete state.autoDeleteUsers[b.uid];
      }
      for (const b of payload.burn_after_reading_groups ?? []) {
        if (b.expires_in > 0) state.autoDeleteChannels[b.gid] = b.expires_in;
        else delete state.autoDeleteChannels[b.gid];
      }
      for (const c of payload.add_contacts ?? []) state.contacts[c.target_uid] = c.info.status;
      for (const uid of payload.remove_contacts ?? []) delete state.contacts[uid];
      const same = (a: MessageTarget, b: MessageTarget) => ("gid" in a && "gid" in b && a.gid === b.gid) || ("uid" in a && "uid" in b && a.uid === b.uid);
      for (const pin of payload.add_pin_chats ?? []) {
        // Replaced or added.
        state.pinnedChats = [...state.pinnedChats.filter((p) => !same(p.target, pin.target)), pin];
      }
      for (const target of payload.remove_pin_chats ?? []) state.pinnedChats = state.pinnedChats.filter((p) => !same(p.target, target));
    },
    setRemark(state, { payload }: PayloadAction<{ uid: number; remark: string }>) {
      if (payload.remark) state.remarks[payload.uid] = payload.remark;
      else delete state.remarks[payload.uid];
    },
    updateReadIndexes(state, { payload }: PayloadAction<{ users?: ReadIndexUser[]; groups?: ReadIndexGroup[] }>) {
      for (const { uid, mid } of payload.users ?? []) {
        if (mid > (state.readUsers[uid] ?? 0)) state.readUsers[uid] = mid;
      }
      for (const { gid, mid } of payload.groups ?? []) {
        if (mid > (state.readChannels[gid] ?? 0)) state.readChannels[gid] = mid;
      }
    },
    addHistoryGap(state, { payload }: PayloadAction<HistoryGap>) {
      if (!state.historyGaps.some((g) => g.firstMid === payload.firstMid)) state.historyGaps.push(payload);
    },
    markGapFilled(state, { payload }: PayloadAction<{ key: string; firstMid: number }>) {
      state.gapFilled[payload.key] = Math.max(state.gapFilled[payload.key] ?? 0, payload.firstMid);
    },
    resetFootprint() {
      return { ...initialState(), usersVersion: 0, afterMid: 0 };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll.type, () => ({ ...initialState(), usersVersion: 0, afterMid: 0 }));
  },
});

export const {
  updateAfterMid,
  updateUsersVersion,
  setUserSettings,
  applySettingsChanged,
  setRemark,
  updateReadIndexes,
  addHistoryGap,
  markGapFilled,
  resetFootprint,
} = footprintSlice.actions;
export default footprintSlice.reducer;
