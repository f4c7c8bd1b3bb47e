import type {
  AdminUser,
  AuditLogEntry,
  CreateAdminRequest,
  CreateUserRequest,
  LoginConfig,
  Organization,
  OrganizationUpdate,
  SystemCommon,
  UserInfo,
} from "@parley/protocol";
import { api } from "./api";
import { MIN_VERSION } from "../config";
import { updateCommon, updateInfo, updateLoginConfig, type ServerState } from "../slices/server";
import { compareVersion } from "../../utils/version";

export const serverApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getServer: builder.query<Organization, void>({
      query: () => ({ url: "/admin/system/organization" }),
      providesTags: ["Server"],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          dispatch(updateInfo((await queryFulfilled).data));
        } catch {
          // logged only
        }
      },
    }),
    /**
     * The organization, optimistically: PUT for servers newer than 0.3.8, POST before.
     * A failure puts the previous name and description back.
     */
    updateServer: builder.mutation<null, OrganizationUpdate>({
      queryFn: async (body, api, _extra, base) => {
        const { version } = (api.getState() as unknown as { server: ServerState }).server;
        const method = compareVersion(version, MIN_VERSION.organizationPut) > 0 ? "PUT" : "POST";
        const res = await base({ url: "/admin/system/organization", method, body });
        return res.error ? { error: res.error } : { data: null };
      },
      invalidatesTags: ["Server"],
      async onQueryStarted(body, { dispatch, getState, queryFulfilled }) {
        const { name, description } = (getState() as unknown as { server: ServerState }).server;
        dispatch(updateInfo({ name: body.name, description: body.description ?? null }));
        try {
          await queryFulfilled;
        } catch {
          dispatch(updateInfo({ name, description }));
        }
      },
    }),
    getServerVersion: builder.query<string, void>({
      query: () => ({ url: "/admin/system/version", responseHandler: "text", headers: { Accept: "text/plain" } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          dispatch(updateInfo({ version: (await queryFulfilled).data }));
        } catch {
          // logged only
        }
      },
    }),
    getLoginConfig: builder.query<LoginConfig, void>({
      query: () => ({ url: "/admin/login/config" }),
      providesTags: ["LoginConfig"],
    }),
    /** `POST /api/admin/login/config` with the whole config. */
    updateLoginConfig: builder.mutation<null, LoginConfig>({
      query: (body) => ({ url: "/admin/login/config", method: "POST", body }),
      invalidatesTags: ["LoginConfig"],
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(updateLoginConfig(body));
        } catch {
          // toasted by the base query
        }
      },
    }),
    getSystemCommon: builder.query<SystemCommon, void>({
      query: () => ({ url: "/admin/system/common" }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          dispatch(updateCommon((await queryFulfilled).data));
        } catch {
          // logged only
        }
      },
    }),
    /** `GET /api/group/create_reg_magic_link`: a plain-text invitation URL to the server. */
    createInviteLink: builder.query<string, { expired_in?: number; max_times?: number } | void>({
      query: (params) => ({ url: "/group/create_reg_magic_link", params: params ?? undefined, responseHandler: "text" }),
      keepUnusedDataFor: 0,
    }),
    createAdmin: builder.mutation<UserInfo, CreateAdminRequest>({
      query: (body) => ({ url: "/admin/system/create_admin", method: "POST", body }),
    }),
    /** A page of the audit log (Parley addition), newest first; never cached across pages. */
    getAuditLog: builder.query<AuditLogEntry[], { before?: number; limit?: number; action?: string }>({
      query: ({ before, limit, action }) => ({
        url: "/admin/audit_log",
        params: { ...(before ? { before } : {}), ...(limit ? { limit } : {}), ...(action ? { action } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    createUser: builder.mutation<AdminUser, CreateUserRequest>({
      query: (body) => ({ url: "/admin/user", method: "POST", body }),
    }),
  }),
});

export const {
  useGetServerQuery,
  useUpdateServerMutation,
  useGetServerVersionQuery,
  useGetLoginConfigQuery,
  useUpdateLoginConfigMutation,
  useGetSystemCommonQuery,
  useCreateInviteLinkQuery,
  useLazyCreateInviteLinkQuery,
  useCreateAdminMutation,
  useCreateUserMutation,
  useLazyGetAuditLogQuery,
} = serverApi;
