import { createApi } from "@reduxjs/toolkit/query/react";
import type { UserInfo } from "@parley/protocol";
import baseQuery from "./base.query";
import { handleChatMessage, sendRequest, type SendArgs } from "./handlers";
import { updateLoginUser } from "../slices/auth.data";
import { fillUsers } from "../slices/users";

export const userApi = createApi({
  reducerPath: "userApi",
  baseQuery,
  endpoints: (builder) => ({
    getUsers: builder.query<UserInfo[], void>({
      query: () => ({ url: "/user" }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (Array.isArray(data)) dispatch(fillUsers(data));
        } catch {
          // toasted by the base query
        }
      },
    }),
    getMe: builder.query<UserInfo, void>({
      query: () => ({ url: "/user/me" }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(updateLoginUser(data));
        } catch {
          // toasted by the base query
        }
      },
    }),
    /** `POST /user/{uid}/send`: a DM. */
    sendMsg: builder.mutation<number, SendArgs>({
      query: (args) => sendRequest(`/user/${args.id}/send`, args),
      async onQueryStarted(args, lifecycle) {
        await handleChatMessage("dm", args, lifecycle);
      },
    }),
  }),
});

export const { useGetUsersQuery, useGetMeQuery, useSendMsgMutation } = userApi;
