/** Server info, as far as the entry screens need it. Plain reducer: it is on the login page. */
import type { UnknownAction } from "@reduxjs/toolkit";
import { defineAction } from "../defineAction";
import { DEFAULT_LOGIN_CONFIG, type LoginConfig, type Organization, type SystemCommon } from "@parley/protocol";
import { KEY_SERVER_VERSION } from "../config";
import { publicRequest } from "../services/public";
import { getLocal, setLocal } from "../../utils/storage";
import { updateInitialized } from "./auth.data";
import type { AppDispatch } from "../store";

export interface ServerState {
  name: string;
  description: string | null;
  server_id?: string;
  /**
   * The organization logo's URL once it changed in this session (`server_config_changed`'s
   * `organization_logo`, versioned by time); unset: the unversioned one.
   */
  logo?: string;
  /** `GET /api/admin/system/version`, stored locally. */
  version?: string;
  loginConfig?: LoginConfig;
  loginConfigLoaded: boolean;
  /** `GET /api/admin/smtp/enabled`; undefined while unknown (or when the server lacks the route). */
  smtpEnabled?: boolean;
  /** The system settings (`GET /admin/system/common`, `server_config_changed`). */
  common?: Partial<SystemCommon>;
}

const initialState = (): ServerState => ({
  name: "",
  description: null,
  loginConfigLoaded: false,
  version: getLocal(KEY_SERVER_VERSION) ?? undefined,
});

export const updateInfo = defineAction<Partial<Organization> & { version?: string; logo?: string }>("server/updateInfo");
export const updateLoginConfig = defineAction<LoginConfig | undefined>("server/updateLoginConfig");
export const updateSMTPStatus = defineAction<boolean>("server/updateSMTPStatus");
export const updateCommon = defineAction<Partial<SystemCommon>>("server/updateCommon");

export function serverReducer(state: ServerState | undefined, action: UnknownAction): ServerState {
  const s = state ?? initialState();
  if (updateInfo.match(action)) {
    const p = action.payload;
    if (p.version) setLocal(KEY_SERVER_VERSION, p.version);
    return {
      ...s,
      ...(typeof p.name === "string" ? { name: p.name } : {}),
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.server_id ? { server_id: p.server_id } : {}),
      ...(p.version ? { version: p.version } : {}),
      ...(p.logo ? { logo: p.logo } : {}),
    };
  }
  if (updateLoginConfig.match(action)) return { ...s, loginConfig: action.payload, loginConfigLoaded: true };
  if (updateSMTPStatus.match(action)) return { ...s, smtpEnabled: action.payload };
  if (updateCommon.match(action)) return { ...s, common: { ...s.common, ...action.payload } };
  return s;
}

export const serverSlice = { reducerPath: "server" as const, reducer: serverReducer };

/**
 * `GET /api/admin/system/initialized`, 5 s timeout; a failure counts as initialized
 * (docs/ARCHITECTURE.md "Client rules").
 */
export const fetchInitialized = () => async (dispatch: AppDispatch) => {
  const res = await publicRequest<boolean>("getInitialized", { url: "/admin/system/initialized", timeout: 5_000 }, dispatch);
  dispatch(updateInitialized(res.error ? true : res.data !== false));
};

/** `GET /api/admin/system/organization`: the server name and description. */
export const fetchServer = () => async (dispatch: AppDispatch) => {
  const res = await publicRequest<Organization>("getServer", { url: "/admin/system/organization" }, dispatch);
  if (res.data) dispatch(updateInfo(res.data));
};

/**
 * `GET /api/admin/system/version` (text); failures are logged only (docs/ARCHITECTURE.md "Client
 * rules").
 */
export const fetchServerVersion = () => async (dispatch: AppDispatch) => {
  const res = await publicRequest<string>("getServerVersion", { url: "/admin/system/version", responseHandler: "text" }, dispatch);
  if (typeof res.data === "string" && res.data.trim()) dispatch(updateInfo({ version: res.data.trim() }));
};

/** `GET /api/admin/login/config`; on failure the defaults apply. */
export const fetchLoginConfig = () => async (dispatch: AppDispatch) => {
  const res = await publicRequest<LoginConfig>("getLoginConfig", { url: "/admin/login/config" }, dispatch);
  dispatch(updateLoginConfig(res.data ? { ...DEFAULT_LOGIN_CONFIG, ...res.data } : DEFAULT_LOGIN_CONFIG));
};

/** `GET /api/admin/smtp/enabled`: whether e-mail (magic links) can be sent. */
export const fetchSMTPStatus = () => async (dispatch: AppDispatch) => {
  const res = await publicRequest<boolean>("getSMTPStatus", { url: "/admin/smtp/enabled" }, dispatch);
  if (typeof res.data === "boolean") dispatch(updateSMTPStatus(res.data));
};

export default serverReducer;
