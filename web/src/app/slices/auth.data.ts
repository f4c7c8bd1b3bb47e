import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { LoginResponse, RenewTokenResponse, UserInfo } from "@parley/protocol";
import {
  KEY_AFTER_MID,
  KEY_EXPIRE,
  KEY_LOGIN_USER,
  KEY_REFRESH_TOKEN,
  KEY_TOKEN,
  KEY_UID,
  KEY_USERS_VERSION,
} from "../config";
import { getLocal, getLocalJSON, getLocalNumber, removeLocal, setLocal } from "../../utils/storage";
import { computeExpireTime } from "../../utils/token";

/** Auth data (spec §3). */
export interface AuthState {
  initialized: boolean | undefined;
  guest: boolean;
  user: UserInfo | null;
  token: string;
  refreshToken: string;
  expireTime: number;
  roleChanged: boolean;
  voice: boolean;
}

function loadInitial(): AuthState {
  const user = getLocalJSON<UserInfo>(KEY_LOGIN_USER);
  const token = getLocal(KEY_TOKEN) ?? "";
  return {
    initialized: undefined,
    guest: user?.create_by === "guest",
    user: token ? user : null,
    token,
    refreshToken: getLocal(KEY_REFRESH_TOKEN) ?? "",
    expireTime: getLocalNumber(KEY_EXPIRE),
    roleChanged: false,
    voice: false,
  };
}

export type SetAuthPayload = LoginResponse & { expireTime?: number };

const authDataSlice = createSlice({
  name: "authData",
  initialState: loadInitial,
  reducers: {
    setAuthData(state, { payload }: PayloadAction<SetAuthPayload>) {
      const { token, refresh_token, expired_in, user } = payload;
      const expireTime = payload.expireTime ?? computeExpireTime(expired_in);
      state.initialized = true;
      state.user = user;
      state.guest = user.create_by === "guest";
      state.token = token;
      state.refreshToken = refresh_token;
      state.expireTime = expireTime;
      state.roleChanged = false;
      setLocal(KEY_TOKEN, token);
      setLocal(KEY_REFRESH_TOKEN, refresh_token);
      setLocal(KEY_EXPIRE, String(expireTime));
      setLocal(KEY_UID, String(user.uid));
      setLocal(KEY_LOGIN_USER, JSON.stringify(user));
    },
    updateToken(state, { payload }: PayloadAction<RenewTokenResponse & { now?: number }>) {
      const expireTime = computeExpireTime(payload.expired_in, payload.now);
      state.token = payload.token;
      state.refreshToken = payload.refresh_token;
      state.expireTime = expireTime;
      setLocal(KEY_TOKEN, payload.token);
      setLocal(KEY_REFRESH_TOKEN, payload.refresh_token);
      setLocal(KEY_EXPIRE, String(expireTime));
    },
    updateLoginUser(state, { payload }: PayloadAction<Partial<UserInfo>>) {
      if (!state.user) return;
      state.user = { ...state.user, ...payload };
      setLocal(KEY_LOGIN_USER, JSON.stringify(state.user));
    },
    resetAuthData(state) {
      state.user = null;
      state.guest = false;
      state.token = "";
      state.refreshToken = "";
      state.expireTime = 0;
      state.roleChanged = false;
      removeLocal(KEY_TOKEN, KEY_REFRESH_TOKEN, KEY_EXPIRE, KEY_UID, KEY_LOGIN_USER, KEY_AFTER_MID, KEY_USERS_VERSION);
    },
    updateInitialized(state, { payload }: PayloadAction<boolean>) {
      state.initialized = payload;
    },
    updateRoleChanged(state, { payload }: PayloadAction<boolean>) {
      state.roleChanged = payload;
    },
  },
});

export const { setAuthData, updateToken, updateLoginUser, resetAuthData, updateInitialized, updateRoleChanged } =
  authDataSlice.actions;
export default authDataSlice.reducer;
