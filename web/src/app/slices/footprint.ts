import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { resetAll } from "../actions";
import type { ReadIndexGroup, ReadIndexUser, UserSettings } from "@parley/protocol";
import { KEY_AFTER_MID, KEY_USERS_VERSION } from "../config";
import { getLocalNumber, setLocal } from "../../utils/storage";

/** A `history_gap` (Parley extension): mids in (afterMid, firstMid) were not replayed. */
export interface HistoryGap {
  afterMid: number;
  firstMid: number;
}

/** Footprint: per-user sync state (spec §3). */
export interface FootprintState {
  usersVersion: number;
  afterMid: number;
  readUsers: Record<number, number>;
  readChannels: Record<number, number>;
  muteUsers: Record<number, { expired_at: number | null }>;
  muteChannels: Record<number, { expired_at: number | null }>;
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
  updateReadIndexes,
  addHistoryGap,
  markGapFilled,
  resetFootprint,
} = footprintSlice.actions;
export default footprintSlice.reducer;
