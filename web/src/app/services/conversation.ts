/**
 * The per-user conversation settings (mute, pin chat, burn after reading, read index;
 * docs/API.md "Users"), channel management ("Groups") and message search ("Search"). The server
 * tells only this user's *other* devices about a settings change (`user_settings_changed`), so each
 * mutation applies its own delta once the server accepted it; a failure changes nothing locally.
 */
import type { ChatMessage, MessageTarget, MuteRequest, UpdateBurnAfterReadingRequest, UpdateReadIndexRequest } from "@parley/protocol";
import i18n from "../../i18n";
import { toast } from "../../utils/toast";
import { updateChannel } from "../slices/channels";
import { applySettingsChanged, updateReadIndexes } from "../slices/footprint";
import { accepted, api, channelChanged } from "./api";

const now = () => Date.now();

export const conversationUserApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `POST /user/mute`; `expired_in` seconds (absent: until unmuted). */
    updateMuteSetting: builder.mutation<null, MuteRequest>({
      query: (body) => ({ url: "/user/mute", method: "POST", body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        const expiry = (s?: number | null) => (s ? now() + s * 1000 : null);
        dispatch(
          applySettingsChanged({
            add_mute_users: (body.add_users ?? []).map((u) => ({ uid: u.uid, expired_at: expiry(u.expired_in) })),
            add_mute_groups: (body.add_groups ?? []).map((g) => ({ gid: g.gid, expired_at: expiry(g.expired_in) })),
            remove_mute_users: body.remove_users ?? [],
            remove_mute_groups: body.remove_groups ?? [],
          }),
        );
      },
    }),
    /** `POST /user/pin_chat` / `unpin_chat` `{target}`. */
    pinChat: builder.mutation<null, { target: MessageTarget; pin: boolean }>({
      query: ({ target, pin }) => ({ url: pin ? "/user/pin_chat" : "/user/unpin_chat", method: "POST", body: { target } }),
      async onQueryStarted({ target, pin }, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        dispatch(applySettingsChanged(pin ? { add_pin_chats: [{ target, updated_at: now() }] } : { remove_pin_chats: [target] }));
      },
    }),
    /** `POST /user/burn-after-reading`; `expires_in: 0` turns it off. */
    updateAutoDeleteSetting: builder.mutation<null, UpdateBurnAfterReadingRequest>({
      query: (body) => ({ url: "/user/burn-after-reading", method: "POST", body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        dispatch(applySettingsChanged({ burn_after_reading_users: body.users ?? [], burn_after_reading_groups: body.groups ?? [] }));
        toast.success(i18n.t("common:tip.update_success"));
      },
    }),
    /** `POST /user/read-index` (monotonic on the server too). The local marker moves first. */
    updateReadIndex: builder.mutation<null, UpdateReadIndexRequest>({
      // keepalive: a mark made just before the page goes away still arrives.
      query: (body) => ({ url: "/user/read-index", method: "POST", body, keepalive: true }),
      async onQueryStarted(body, { dispatch }) {
        dispatch(updateReadIndexes({ users: body.users ?? [], groups: body.groups ?? [] }));
      },
    }),
    /**
     * Invite by e-mail (needs SMTP): `POST /user/send_login_magic_link?email=` with the
     * inviter's key, which lets the server mail an invitation to a new address (docs/API.md
     * "Identity").
     */
    sendInviteEmail: builder.mutation<string, string>({
      query: (email) => ({ url: `/user/send_login_magic_link?email=${encodeURIComponent(email)}`, method: "POST", responseHandler: "text" }),
    }),
  }),
});

export interface ChannelUpdate {
  gid: number;
  name?: string;
  description?: string;
  owner?: number;
}

export const conversationChannelApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `PUT /group/{gid}`; name and description apply locally at once. */
    updateChannelInfo: builder.mutation<null, ChannelUpdate>({
      query: ({ gid, ...body }) => ({ url: `/group/${gid}`, method: "PUT", body }),
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
      async onQueryStarted({ gid, name, description, owner }, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        dispatch(
          updateChannel({ gid, name: name ?? null, description: description ?? null, owner: owner ?? null, avatar_updated_at: null, is_public: null }),
        );
        toast.success(i18n.t("common:tip.update_success"));
      },
    }),
    /** `POST /group/{gid}/avatar` with a PNG body. */
    uploadChannelAvatar: builder.mutation<null, { gid: number; image: Blob }>({
      query: ({ gid, image }) => ({ url: `/group/${gid}/avatar`, method: "POST", body: image, headers: { "Content-Type": "image/png" } }),
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
      async onQueryStarted({ gid }, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        dispatch(updateChannel({ gid, name: null, description: null, owner: null, avatar_updated_at: now(), is_public: null }));
        toast.success(i18n.t("common:tip.update_success"));
      },
    }),
    /** `POST /group/{gid}/change_type`; the stream's `group_changed` / `joined_group` bring the result. */
    changeChannelType: builder.mutation<null, { gid: number; is_public: boolean; members?: number[] }>({
      query: ({ gid, ...body }) => ({ url: `/group/${gid}/change_type`, method: "POST", body }),
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
    }),
    /** `GET /group/{gid}/leave` (403 for the owner, who must transfer ownership first). */
    leaveChannel: builder.mutation<null, number>({
      query: (gid) => ({ url: `/group/${gid}/leave` }),
    }),
    deleteChannel: builder.mutation<null, number>({
      query: (gid) => ({ url: `/group/${gid}`, method: "DELETE" }),
      async onQueryStarted(_gid, { queryFulfilled }) {
        // A refusal is toasted by the base query.
        if (await accepted(queryFulfilled)) toast.success(i18n.t("common:tip.delete_success"));
      },
    }),
    /** `POST /group/{gid}/members/add` and `/members/remove`, bare uid arrays; the stream updates the lists. */
    addChannelMembers: builder.mutation<null, { gid: number; uids: number[] }>({
      query: ({ gid, uids }) => ({ url: `/group/${gid}/members/add`, method: "POST", body: uids }),
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
    }),
    removeChannelMembers: builder.mutation<null, { gid: number; uids: number[] }>({
      query: ({ gid, uids }) => ({ url: `/group/${gid}/members/remove`, method: "POST", body: uids }),
      invalidatesTags: (_result, _error, { gid }) => channelChanged(gid),
    }),
  }),
});

export interface SearchArgs {
  keyword: string;
  gid?: number;
  uid?: number;
  /** Exclusive mid: the next (older) page. */
  before?: number;
  limit?: number;
}

export const SEARCH_PAGE_SIZE = 50;

export const searchApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /message/search` (Parley): newest first, current content. */
    searchMessages: builder.query<ChatMessage[], SearchArgs>({
      query: ({ keyword, gid, uid, before, limit = SEARCH_PAGE_SIZE }) => ({
        url: "/message/search",
        params: { keyword, limit, ...(gid ? { gid } : {}), ...(uid ? { uid } : {}), ...(before ? { before } : {}) },
      }),
      // Each search is read once by the panel, which keeps the pages it shows.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useUpdateMuteSettingMutation, usePinChatMutation, useUpdateAutoDeleteSettingMutation, useUpdateReadIndexMutation, useSendInviteEmailMutation } =
  conversationUserApi;
export const {
  useUpdateChannelInfoMutation,
  useUploadChannelAvatarMutation,
  useChangeChannelTypeMutation,
  useLeaveChannelMutation,
  useDeleteChannelMutation,
  useAddChannelMembersMutation,
  useRemoveChannelMembersMutation,
} = conversationChannelApi;
export const { useLazySearchMessagesQuery } = searchApi;
