import { createApi } from "@reduxjs/toolkit/query/react";
import { HISTORY_PAGE_SIZE, type ChatMessage } from "@parley/protocol";
import baseQuery from "./base.query";
import type { ConvKind } from "../slices/messages";

export interface HistoryArgs {
  kind: ConvKind;
  id: number;
  /** Exclusive upper mid. */
  before?: number;
  limit?: number;
}

export const messageApi = createApi({
  reducerPath: "messageApi",
  baseQuery,
  keepUnusedDataFor: 0,
  endpoints: (builder) => ({
    /** `GET /group/{gid}/history` or `GET /user/{uid}/history`: ascending `ChatMessage[]`. */
    getHistory: builder.query<ChatMessage[], HistoryArgs>({
      query: ({ kind, id, before, limit = HISTORY_PAGE_SIZE }) => ({
        url: `/${kind === "channel" ? "group" : "user"}/${id}/history`,
        params: before ? { limit, before } : { limit },
      }),
    }),
    editMessage: builder.mutation<number, { mid: number; content: string; type?: string }>({
      query: ({ mid, content, type = "text/plain" }) => ({
        url: `/message/${mid}/edit`,
        method: "PUT",
        body: content,
        headers: { "Content-Type": type },
      }),
    }),
    likeMessage: builder.mutation<number, { mid: number; action: string }>({
      query: ({ mid, action }) => ({ url: `/message/${mid}/like`, method: "PUT", body: { action } }),
    }),
    deleteMessage: builder.mutation<number, number>({
      query: (mid) => ({ url: `/message/${mid}`, method: "DELETE" }),
    }),
  }),
});

export const { useLazyGetHistoryQuery, useEditMessageMutation, useLikeMessageMutation, useDeleteMessageMutation } = messageApi;
