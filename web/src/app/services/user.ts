import type { UserInfo } from "@parley/protocol";
import { api } from "./api";
import { handleChatMessage, sendRequest, type SendArgs } from "./sendFlow";
import { updateLoginUser } from "../slices/auth.data";
import { fillUsers } from "../slices/users";

export const userApi = api.injectEndpoints({
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
