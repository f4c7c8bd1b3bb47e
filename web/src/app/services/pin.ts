/**
 * Pinned messages of a channel (docs/API.md "Groups"): `POST /group/{gid}/pin|unpin {mid}`. The
 * pinned list itself is not fetched: it comes with the channel (`pinned_messages`) and is kept live
 * by the `pinned_message_updated` event, so these mutations only ask, toast and mark a cached `GET
 * /group/{gid}` stale.
 */
import type { PinMessageRequest } from "@parley/protocol";
import i18n from "../../i18n";
import { toast } from "../../utils/toast";
import { api, channelChanged } from "./api";

export interface PinArgs extends PinMessageRequest {
  gid: number;
}

export const pinApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** 409 when already pinned, 404 for a message not of this channel, 403 without the right. */
    pinMessage: builder.mutation<null, PinArgs>({
      query: ({ gid, mid }) => ({ url: `/group/${gid}/pin`, method: "POST", body: { mid } }),
      // The pinned list comes with the channel.
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
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
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
    }),
  }),
});

export const { usePinMessageMutation, useUnpinMessageMutation } = pinApi;
