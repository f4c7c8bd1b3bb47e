import { createApi } from "@reduxjs/toolkit/query/react";
import type { AdminUser, CreateAdminRequest, CreateUserRequest, LoginConfig, Organization, UserInfo } from "@parley/protocol";
import baseQuery from "./base.query";
import { updateInfo } from "../slices/server";

export const serverApi = createApi({
  reducerPath: "serverApi",
  baseQuery,
  tagTypes: ["Server"],
  endpoints: (builder) => ({
    getServer: builder.query<Organization, void>({
      query: () => ({ url: "/admin/system/organization" }),
      providesTags: ["Server"],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          dispatch(updateInfo((await queryFulfilled).data));
        } catch {
          // toasted by the base query
        }
      },
    }),
    getServerVersion: builder.query<string, void>({
      query: () => ({ url: "/admin/system/version", responseHandler: "text", headers: { Accept: "text/plain" } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          dispatch(updateInfo({ version: (await queryFulfilled).data }));
        } catch {
          // logged only (spec §8)
        }
      },
    }),
    getLoginConfig: builder.query<LoginConfig, void>({
      query: () => ({ url: "/admin/login/config" }),
    }),
    createAdmin: builder.mutation<UserInfo, CreateAdminRequest>({
      query: (body) => ({ url: "/admin/system/create_admin", method: "POST", body }),
    }),
    createUser: builder.mutation<AdminUser, CreateUserRequest>({
      query: (body) => ({ url: "/admin/user", method: "POST", body }),
    }),
  }),
});

export const {
  useGetServerQuery,
  useGetServerVersionQuery,
  useGetLoginConfigQuery,
  useCreateAdminMutation,
  useCreateUserMutation,
} = serverApi;
