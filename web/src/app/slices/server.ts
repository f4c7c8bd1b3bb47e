/** Server info (spec §3), as far as this issue needs it. Plain reducer: it is on the login page. */
import type { UnknownAction } from "@reduxjs/toolkit";
import { defineAction } from "../defineAction";
import { DEFAULT_LOGIN_CONFIG, type LoginConfig, type Organization } from "@parley/protocol";
import { publicRequest } from "../services/public";
import { updateInitialized } from "./auth.data";

export interface ServerState {
  name: string;
  description: string | null;
  server_id?: string;
  version?: string;
  loginConfig?: LoginConfig;
  loginConfigLoaded: boolean;
}

const initialState: ServerState = { name: "", description: null, loginConfigLoaded: false };

export const updateInfo = defineAction<Partial<Organization> & { version?: string }>("server/updateInfo");
export const updateLoginConfig = defineAction<LoginConfig | undefined>("server/updateLoginConfig");

export function serverReducer(state: ServerState = initialState, action: UnknownAction): ServerState {
  if (updateInfo.match(action)) {
    const p = action.payload;
    return {
      ...state,
      ...(typeof p.name === "string" ? { name: p.name } : {}),
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.server_id ? { server_id: p.server_id } : {}),
      ...(p.version ? { version: p.version } : {}),
    };
  }
  if (updateLoginConfig.match(action)) return { ...state, loginConfig: action.payload, loginConfigLoaded: true };
  return state;
}

export const serverSlice = { reducerPath: "server" as const, reducer: serverReducer };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDispatch = (action: any) => any;

/** `GET /api/admin/system/initialized`, 5 s timeout; a failure counts as initialized (spec §7). */
export const fetchInitialized = () => async (dispatch: AnyDispatch) => {
  const res = await publicRequest<boolean>("getInitialized", { url: "/admin/system/initialized", timeout: 5_000 }, dispatch);
  dispatch(updateInitialized(res.error ? true : res.data !== false));
};

/** `GET /api/admin/system/organization`: the server name and description. */
export const fetchServer = () => async (dispatch: AnyDispatch) => {
  const res = await publicRequest<Organization>("getServer", { url: "/admin/system/organization" }, dispatch);
  if (res.data) dispatch(updateInfo(res.data));
};

/** `GET /api/admin/login/config`; on failure the defaults apply. */
export const fetchLoginConfig = () => async (dispatch: AnyDispatch) => {
  const res = await publicRequest<LoginConfig>("getLoginConfig", { url: "/admin/login/config" }, dispatch);
  dispatch(updateLoginConfig(res.data ?? DEFAULT_LOGIN_CONFIG));
};

export default serverReducer;
