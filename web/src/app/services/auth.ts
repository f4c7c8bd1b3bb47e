import { createApi } from "@reduxjs/toolkit/query/react";
import type { LoginRequest, LoginResponse, RenewTokenRequest, RenewTokenResponse } from "@parley/protocol";
import baseQuery from "./base.query";
import { clearSession } from "../session";

export const authApi = createApi({
  reducerPath: "authApi",
  baseQuery,
  endpoints: (builder) => ({
    login: builder.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: "/token/login", method: "POST", body }),
    }),
    renew: builder.mutation<RenewTokenResponse, RenewTokenRequest>({
      query: (body) => ({ url: "/token/renew", method: "POST", body }),
    }),
    logout: builder.mutation<null, void>({
      query: () => ({ url: "/token/logout" }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          // Logging out locally is what matters.
        }
        clearSession(dispatch);
      },
    }),
    getInitialized: builder.query<boolean, void>({
      query: () => ({ url: "/admin/system/initialized", timeout: 5_000 }),
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
