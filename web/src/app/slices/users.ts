import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { resetAll } from "../actions";
import type { UserInfo, UserUpdateLog } from "@parley/protocol";

export interface StoredUser extends UserInfo {
  online?: boolean;
}

export interface UsersState {
  ids: number[];
  byId: Record<number, StoredUser>;
  /**
   * Presence of users not loaded yet: the stream's `users_state` can arrive before `GET /user`
   * answers, and the list then takes it from here.
   */
  pendingOnline?: Record<number, boolean>;
}

const initialState = (): UsersState => ({ ids: [], byId: {} });

/** A user known only by uid (and what `patch` tells): named `#uid`, with the defaults of a new account. */
export function placeholderUser(uid: number, patch: Partial<UserInfo> = {}): UserInfo {
  return {
    uid,
    email: null,
    name: `#${uid}`,
    gender: 0,
    language: "en-US",
    is_admin: false,
    is_bot: false,
    avatar_updated_at: 0,
    create_by: "password",
    ...patch,
  };
}

function upsert(state: UsersState, user: UserInfo) {
  const prev = state.byId[user.uid];
  state.byId[user.uid] = { ...prev, ...user, online: prev?.online ?? state.pendingOnline?.[user.uid] };
  if (!prev) {
    state.ids.push(user.uid);
    state.ids.sort((a, b) => a - b);
  }
}

export const usersSlice = createSlice({
  name: "users",
  initialState,
  reducers: {
    fillUsers(state, { payload }: PayloadAction<UserInfo[]>) {
      const next: Record<number, StoredUser> = {};
      for (const u of payload) next[u.uid] = { ...u, online: state.byId[u.uid]?.online ?? state.pendingOnline?.[u.uid] };
      state.byId = next;
      state.ids = payload.map((u) => u.uid).sort((a, b) => a - b);
    },
    upsertUsers(state, { payload }: PayloadAction<UserInfo[]>) {
      for (const u of payload) upsert(state, u);
    },
    applyUserLogs(state, { payload }: PayloadAction<UserUpdateLog[]>) {
      for (const log of payload) {
        const { uid, action } = log;
        if (action === "delete") {
          delete state.byId[uid];
          state.ids = state.ids.filter((id) => id !== uid);
          continue;
        }
        const prev = state.byId[uid];
        const patch: Partial<UserInfo> = {};
        if (log.email !== null) patch.email = log.email;
        if (log.name !== null) patch.name = log.name;
        if (log.gender !== null) patch.gender = log.gender;
        if (log.language !== null) patch.language = log.language;
        if (log.is_admin !== null) patch.is_admin = log.is_admin;
        if (log.is_bot !== null) patch.is_bot = log.is_bot;
        if (log.avatar_updated_at !== null) patch.avatar_updated_at = log.avatar_updated_at;
        if (prev) {
          state.byId[uid] = { ...prev, ...patch };
        } else {
          upsert(state, placeholderUser(uid, patch));
        }
      }
    },
    setUsersOnline(state, { payload }: PayloadAction<{ uid: number; online: boolean }[]>) {
      for (const { uid, online } of payload) {
        const u = state.byId[uid];
        if (u) u.online = online;
        else (state.pendingOnline ??= {})[uid] = online;
      }
    },
    resetUsers() {
      return initialState();
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll.type, () => initialState());
  },
});

export const { fillUsers, upsertUsers, applyUserLogs, setUsersOnline, resetUsers } = usersSlice.actions;
export default usersSlice.reducer;
