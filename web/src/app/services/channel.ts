import { createApi } from "@reduxjs/toolkit/query/react";
import type { CreateGroupRequest, CreateGroupResponse, Group } from "@parley/protocol";
import baseQuery from "./base.query";
import { handleChatMessage, sendRequest, type SendArgs } from "./handlers";

export const channelApi = createApi({
  reducerPath: "channelApi",
  baseQuery,
  endpoints: (builder) => ({
    getChannels: builder.query<Group[], void>({
      query: () => ({ url: "/group" }),
    }),
    getChannel: builder.query<Group, number>({
      query: (gid) => ({ url: `/group/${gid}` }),
    }),
    createChannel: builder.mutation<CreateGroupResponse, CreateGroupRequest>({
      query: (body) => ({ url: "/group", method: "POST", body }),
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

export const { useGetChannelsQuery, useGetChannelQuery, useCreateChannelMutation, useSendChannelMsgMutation } = channelApi;
