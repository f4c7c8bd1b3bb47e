import { HISTORY_PAGE_SIZE, type ChatMessage } from "@parley/protocol";
import { api } from "./api";
import { removeMessage, type ConvKind } from "../slices/messages";
import { handleChatMessage, sendRequest, type SendArgs } from "./sendFlow";

export interface HistoryArgs {
  kind: ConvKind;
  id: number;
  /** Exclusive upper mid. */
  before?: number;
  limit?: number;
}

export const messageApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /group/{gid}/history` or `GET /user/{uid}/history`: ascending `ChatMessage[]`. */
    getHistory: builder.query<ChatMessage[], HistoryArgs>({
      query: ({ kind, id, before, limit = HISTORY_PAGE_SIZE }) => ({
        url: `/${kind === "channel" ? "group" : "user"}/${id}/history`,
        params: before ? { limit, before } : { limit },
      }),
      // Pages land in the messages slice; the cache would only hold a second copy.
      keepUnusedDataFor: 0,
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
    /** `DELETE /message/{mid}`; a failure removes the message locally. */
    deleteMessage: builder.mutation<number, { mid: number; kind: ConvKind; id: number }>({
      query: ({ mid }) => ({ url: `/message/${mid}`, method: "DELETE" }),
      // A deleted message takes its file out of the files screen's list.
      invalidatesTags: ["File"],
      async onQueryStarted({ mid, kind, id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          dispatch(removeMessage({ kind, id, mid }));
        }
      },
    }),
    /**
     * `DELETE /message/bulk/{mid,mid,…}` (docs/API.md "Messages"): all or nothing, answers the
     * number deleted; each deletion arrives as its own `reaction{delete}`, which removes it here.
     */
    deleteMessages: builder.mutation<number, number[]>({
      query: (mids) => ({ url: `/message/bulk/${mids.join(",")}`, method: "DELETE" }),
      invalidatesTags: ["File"],
    }),
    /** `POST /message/{mid}/reply`: sent like a normal message (temporary copy, then the mid). */
    replyMessage: builder.mutation<number, SendArgs & { kind: ConvKind; reply_mid: number }>({
      query: (args) => sendRequest(`/message/${args.reply_mid}/reply`, args),
      async onQueryStarted(args, lifecycle) {
        await handleChatMessage(args.kind, args, lifecycle);
      },
    }),
  }),
});

export const { useLazyGetHistoryQuery, useEditMessageMutation, useLikeMessageMutation, useDeleteMessageMutation, useDeleteMessagesMutation, useReplyMessageMutation } = messageApi;
