import type { CreateGroupRequest, CreateGroupResponse, Group, JoinPrivateRequest } from "@parley/protocol";
import { api, LIST } from "./api";
import { handleChatMessage, sendRequest, type SendArgs } from "./sendFlow";

export const channelApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getChannels: builder.query<Group[], void>({
      query: () => ({ url: "/group" }),
      providesTags: [{ type: "Channel", id: LIST }],
    }),
    /** `GET /api/group/{gid}`: public, also for the private-channel invite card. */
    getChannel: builder.query<Group, number>({
      query: (gid) => ({ url: `/group/${gid}` }),
      providesTags: (_result, _error, gid) => [{ type: "Channel", id: gid }],
    }),
    createChannel: builder.mutation<CreateGroupResponse, CreateGroupRequest>({
      query: (body) => ({ url: "/group", method: "POST", body }),
      invalidatesTags: [{ type: "Channel", id: LIST }],
    }),
    /** `POST /api/user/join_private` {magic_token}: 409 invalid or expired, 412 already a member. */
    joinPrivateChannel: builder.mutation<Pick<Group, "gid"> & Partial<Group>, JoinPrivateRequest>({
      query: (body) => ({ url: "/user/join_private", method: "POST", body }),
      invalidatesTags: [{ type: "Channel", id: LIST }],
    }),
    /** `GET /api/group/create_invite_private_magic_link?gid=`: a plain-text invite URL. */
    createPrivateInviteLink: builder.query<string, { gid: number; expired_in?: number; max_times?: number }>({
      query: (params) => ({ url: "/group/create_invite_private_magic_link", params, responseHandler: "text" }),
      keepUnusedDataFor: 0,
    }),
    /** `POST /group/{gid}/send`. */
    sendChannelMsg: builder.mutation<number, SendArgs>({
      query: (args) => sendRequest(`/group/${args.id}/send`, args),
      async onQueryStarted(args, lifecycle) {
        await handleChatMessage("channel", args, lifecycle);
      },
    }),
  }),
});

export const {
  useGetChannelsQuery,
  useGetChannelQuery,
  useCreateChannelMutation,
  useJoinPrivateChannelMutation,
  useLazyCreatePrivateInviteLinkQuery,
  useSendChannelMsgMutation,
} = channelApi;
