/**
 * Pinned messages of a channel (contract §3.3): `POST /group/{gid}/pin|unpin {mid}`. The pinned
 * list itself is not fetched: it comes with the channel (`pinned_messages`) and is kept live by
 * the `pinned_message_updated` event, so these mutations only ask and toast.
 */
import { createApi } from "@reduxjs/toolkit/query/react";
import type { PinMessageRequest } from "@parley/protocol";
import i18n from "../../i18n";
import { toast } from "../../utils/toast";
import baseQuery from "./base.query";

export interface PinArgs extends PinMessageRequest {
  gid: number;
}

export const pinApi = createApi({
  reducerPath: "pinApi",
  baseQuery,
  endpoints: (builder) => ({
    /** 409 when already pinned, 404 for a message not of this channel, 403 without the right. */
    pinMessage: builder.mutation<null, PinArgs>({
      query: ({ gid, mid }) => ({ url: `/group/${gid}/pin`, method: "POST", body: { mid } }),
      async onQueryStarted(_args, { queryFulfilled }) {
        try {
          await queryFulfilled;
          toast.success(i18n.t("chat:tip.pin_success"));
        } catch {
          // the base query toasts the failure
        }
      },
    }),
    unpinMessage: builder.mutation<null, PinArgs>({
      query: ({ gid, mid }) => ({ url: `/group/${gid}/unpin`, method: "POST", body: { mid } }),
    }),
  }),
});

export const { usePinMessageMutation, useUnpinMessageMutation } = pinApi;
