/**
 * Auth data. Written without `createSlice` on purpose: this slice is on the login page,
 * and createSlice/immer would add ~5 KB gzip there.
 */
import type { UnknownAction } from "@reduxjs/toolkit";
import { defineAction } from "../defineAction";
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

export const setAuthData = defineAction<SetAuthPayload>("authData/setAuthData");
export const updateToken = defineAction<RenewTokenResponse & { now?: number }>("authData/updateToken");
export const updateLoginUser = defineAction<Partial<UserInfo>>("authData/updateLoginUser");
export const resetAuthData = defineAction("authData/resetAuthData");
export const updateInitialized = defineAction<boolean>("authData/updateInitialized");
export const updateRoleChanged = defineAction<boolean>("authData/updateRoleChanged");

export function authDataReducer(state: AuthState | undefined, action: UnknownAction): AuthState {
  const s = state ?? loadInitial();
  if (setAuthData.match(action)) {
    const { token, refresh_token, expired_in, user } = action.payload;
    const expireTime = action.payload.expireTime ?? computeExpireTime(expired_in);
    setLocal(KEY_TOKEN, token);
    setLocal(KEY_REFRESH_TOKEN, refresh_token);
    setLocal(KEY_EXPIRE, String(expireTime));
    setLocal(KEY_UID, String(user.uid));
    setLocal(KEY_LOGIN_USER, JSON.stringify(user));
    return {
      ...s,
      initialized: true,
      user,
      guest: user.create_by === "guest",
      token,
      refreshToken: refresh_token,
      expireTime,
      roleChanged: false,
    };
  }
  if (updateToken.match(action)) {
    const expireTime = computeExpireTime(action.payload.expired_in, action.payload.now);
    setLocal(KEY_TOKEN, action.payload.token);
    setLocal(KEY_REFRESH_TOKEN, action.payload.refresh_token);
    setLocal(KEY_EXPIRE, String(expireTime));
    return { ...s, token: action.payload.token, refreshToken: action.payload.refresh_token, expireTime };
  }
  if (updateLoginUser.match(action)) {
    if (!s.user) return s;
    const user = { ...s.user, ...action.payload };
    setLocal(KEY_LOGIN_USER, JSON.stringify(user));
    return { ...s, user };
  }
  if (resetAuthData.match(action)) {
    removeLocal(KEY_TOKEN, KEY_REFRESH_TOKEN, KEY_EXPIRE, KEY_UID, KEY_LOGIN_USER, KEY_AFTER_MID, KEY_USERS_VERSION);
    return { ...s, user: null, guest: false, token: "", refreshToken: "", expireTime: 0, roleChanged: false };
  }
  if (updateInitialized.match(action)) return { ...s, initialized: action.payload };
  if (updateRoleChanged.match(action)) return { ...s, roleChanged: action.payload };
  return s;
}

export const authDataSlice = { reducerPath: "authData" as const, reducer: authDataReducer };
export default authDataReducer;
