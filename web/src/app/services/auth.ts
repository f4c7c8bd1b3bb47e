import type { LoginRequest, LoginResponse, RenewTokenRequest, RenewTokenResponse } from "@parley/protocol";
import { api } from "./api";
import { clearSession } from "../session";

/**
 * `POST /api/user/register` (docs/API.md "Identity"). The web client sends gender 0 and device
 * "browser".
 */
export interface RegisterRequest {
  magic_token?: string;
  email?: string;
  password?: string;
  name?: string;
  gender?: number;
  language?: string;
  device?: string;
  device_token?: string | null;
}

/** `POST /api/user/send_reg_magic_link` (docs/API.md "Identity"). */
export interface SendRegMagicLinkRequest {
  magic_token: string;
  email: string;
  password: string;
}
export interface SendRegMagicLinkResponse {
  new_magic_token: string;
  mail_is_sent: boolean;
}

export const authApi = api.injectEndpoints({
  endpoints: (builder) => ({
    login: builder.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: "/token/login", method: "POST", body }),
    }),
    /** `GET /api/token/login_guest`: a guest session (403 when guest mode is off). */
    guestLogin: builder.mutation<LoginResponse, void>({
      query: () => ({ url: "/token/login_guest" }),
    }),
    register: builder.mutation<LoginResponse, RegisterRequest>({
      query: (body) => ({ url: "/user/register", method: "POST", body: { gender: 0, device: "browser", ...body } }),
    }),
    renew: builder.mutation<RenewTokenResponse, RenewTokenRequest>({
      query: (body) => ({ url: "/token/renew", method: "POST", body }),
    }),
    /** `POST /api/user/send_login_magic_link?email=` answers a human text. */
    sendLoginMagicLink: builder.mutation<string, string>({
      query: (email) => ({ url: `/user/send_login_magic_link?email=${encodeURIComponent(email)}`, method: "POST", responseHandler: "text" }),
    }),
    sendRegMagicLink: builder.mutation<SendRegMagicLinkResponse, SendRegMagicLinkRequest>({
      query: (body) => ({ url: "/user/send_reg_magic_link", method: "POST", body }),
    }),
    /** `GET /api/user/check_email`: true = the address is still free. */
    checkEmail: builder.query<boolean, string>({
      query: (email) => ({ url: `/user/check_email?email=${encodeURIComponent(email)}` }),
    }),
    /** `POST /api/user/check_magic_token`: valid and not expired. */
    checkMagicToken: builder.mutation<boolean, string>({
      query: (magic_token) => ({ url: "/user/check_magic_token", method: "POST", body: { magic_token } }),
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

export const {
  useLoginMutation,
  useGuestLoginMutation,
  useRegisterMutation,
  useSendLoginMagicLinkMutation,
  useSendRegMagicLinkMutation,
  useLazyCheckEmailQuery,
  useCheckMagicTokenMutation,
  useLogoutMutation,
} = authApi;
