/**
 * What a channel's owner and admins run on it (docs/API.md "Groups"): setting and clearing the
 * announcement (reading it is ./announcement.ts, on the chat route), the
 * "only the owner and admins can send" switch and clearing the history. Each change applies
 * locally once the server accepted it; the stream (`group_announcement_changed`, `group_changed`,
 * `group_message_cleared`) brings the same change to every other open client.
 */
import type { GroupAnnouncement, SetGroupAnnouncementRequest } from "@parley/protocol";
import i18n from "../../i18n";
import { toast } from "../../utils/toast";
import { setAnnouncement, updateChannel } from "../slices/channels";
import { clearConversation } from "../slices/messages";
import { api, channelChanged } from "./api";
import { SILENT } from "./base.query";

const NO_CHANGE = { name: null, description: null, owner: null, avatar_updated_at: null, is_public: null } as const;

export const channelAdminApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `POST /group/{gid}/announcement {content}`: sets or replaces it; the form shows a refusal. */
    setAnnouncement: builder.mutation<GroupAnnouncement, SetGroupAnnouncementRequest & { gid: number }>({
      extraOptions: SILENT,
      query: ({ gid, content }) => ({ url: `/group/${gid}/announcement`, method: "POST", body: { content } }),
      async onQueryStarted({ gid }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setAnnouncement({ gid, announcement: data }));
        } catch {
          // shown beside the form
        }
      },
    }),
    /** `DELETE /group/{gid}/announcement` (200 even when there was none). */
    clearAnnouncement: builder.mutation<null, number>({
      extraOptions: SILENT,
      query: (gid) => ({ url: `/group/${gid}/announcement`, method: "DELETE" }),
      async onQueryStarted(gid, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(setAnnouncement({ gid, announcement: null }));
        } catch {
          // shown beside the form
        }
      },
    }),
    /** `PUT /group/{gid} {only_owner_can_send_msg}`. */
    setSendRestriction: builder.mutation<null, { gid: number; only_owner_can_send_msg: boolean }>({
      query: ({ gid, ...body }) => ({ url: `/group/${gid}`, method: "PUT", body }),
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
      async onQueryStarted({ gid, only_owner_can_send_msg }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(updateChannel({ gid, ...NO_CHANGE, only_owner_can_send_msg }));
        toast.success(i18n.t("common:tip.update_success"));
      },
    }),
    /** `DELETE /group/{gid}/clear`: every message and pin of the channel, for everyone. */
    clearChannelHistory: builder.mutation<null, number>({
      query: (gid) => ({ url: `/group/${gid}/clear`, method: "DELETE" }),
      async onQueryStarted(gid, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(clearConversation({ kind: "channel", id: gid }));
        toast.success(i18n.t("setting:channel_admin.cleared"));
      },
    }),
  }),
});

export const { useSetAnnouncementMutation, useClearAnnouncementMutation, useSetSendRestrictionMutation, useClearChannelHistoryMutation } =
  channelAdminApi;
