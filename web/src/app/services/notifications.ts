/**
 * Notifications (docs/API.md "Web Push (addition)", "FCM", "Notification channels"): this browser's Web Push subscription, the user's
 * e-mail opt-in, the user's notification channels, and the admin's channel types and FCM config.
 * Every call here is shown by the Notifications or Firebase page, so each is `SILENT`.
 */
import type {
  AvailableChannelType,
  ChannelSchema,
  ChannelTestResult,
  ChannelTypeSetting,
  FcmConfig,
  NotificationChannel,
  NotificationChannelInput,
  PushSubscriptionCreated,
  PushSubscriptionInfo,
  PushSubscriptionRequest,
  UserInfo,
  VapidPublicKey,
} from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";
import { updateLoginUser } from "../slices/auth.data";
import { freshGet, silentGet, silentSend } from "./endpoints";

const CHANNELS = { type: "NotifyChannel" as const, id: "LIST" };
const TYPES = { type: "NotifyChannelType" as const, id: "LIST" };
const PUSH = { type: "PushSubscription" as const, id: "LIST" };

// The tags live here, with the only endpoints that use them (api.ts names the shared ones).
export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ["NotifyChannel", "NotifyChannelType", "PushSubscription"] }).injectEndpoints({
  endpoints: (builder) => ({
    getVapidPublicKey: builder.query<VapidPublicKey, void>(silentGet("/user/push/vapid_public_key")),
    getPushSubscriptions: builder.query<PushSubscriptionInfo[], void>({ ...silentGet("/user/push/subscriptions"), providesTags: [PUSH] }),
    addPushSubscription: builder.mutation<PushSubscriptionCreated, PushSubscriptionRequest>({ ...silentSend("/user/push/subscriptions", "POST"), invalidatesTags: [PUSH] }),
    removePushSubscription: builder.mutation<null, string>({
      extraOptions: SILENT,
      query: (endpoint) => ({ url: "/user/push/subscriptions", method: "DELETE", body: { endpoint } }),
      invalidatesTags: [PUSH],
    }),
    /** `PUT /user` with the e-mail opt-in; the answer (when the server includes the field) goes to the session's user. */
    setEmailNotify: builder.mutation<UserInfo, boolean>({
      extraOptions: SILENT,
      query: (msg_smtp_notify_enable) => ({ url: "/user", method: "PUT", body: { msg_smtp_notify_enable } }),
      async onQueryStarted(enabled, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(updateLoginUser({ ...data, msg_smtp_notify_enable: data.msg_smtp_notify_enable ?? enabled }));
        } catch {
          // the page shows the refusal
        }
      },
    }),
    getAvailableChannelTypes: builder.query<AvailableChannelType[], void>({ ...silentGet("/user/notification/available-types"), providesTags: [TYPES] }),
    /** Only the enabled types' schemas: stale when an admin switches a type. */
    getChannelSchemas: builder.query<ChannelSchema[], void>({ ...silentGet("/user/notification/schemas"), providesTags: [TYPES] }),
    getNotificationChannels: builder.query<NotificationChannel[], void>({ ...silentGet("/user/notification/channels"), providesTags: [CHANNELS] }),
    addNotificationChannel: builder.mutation<NotificationChannel, NotificationChannelInput>({ ...silentSend("/user/notification/channels", "POST"), invalidatesTags: [CHANNELS] }),
    updateNotificationChannel: builder.mutation<NotificationChannel, { id: number; body: Partial<NotificationChannelInput> }>({
      extraOptions: SILENT,
      query: ({ id, body }) => ({ url: `/user/notification/channels/${id}`, method: "PUT", body }),
      invalidatesTags: [CHANNELS],
    }),
    deleteNotificationChannel: builder.mutation<null, number>({
      extraOptions: SILENT,
      query: (id) => ({ url: `/user/notification/channels/${id}`, method: "DELETE" }),
      invalidatesTags: [CHANNELS],
    }),
    testNotificationChannel: builder.mutation<ChannelTestResult | null, number>({
      extraOptions: SILENT,
      query: (id) => ({ url: `/user/notification/channels/${id}/test`, method: "POST" }),
    }),
    getChannelTypeSettings: builder.query<ChannelTypeSetting[], void>({ ...silentGet("/admin/notification/channel-types"), providesTags: [TYPES] }),
    setChannelType: builder.mutation<null, ChannelTypeSetting>({ ...silentSend("/admin/notification/channel-types", "POST"), invalidatesTags: [TYPES] }),
    getFcmConfig: builder.query<FcmConfig, void>(freshGet("/admin/fcm/config", SILENT)),
    /** The masked private key sent back keeps the stored one. */
    updateFcmConfig: builder.mutation<null, FcmConfig>(silentSend("/admin/fcm/config", "POST")),
  }),
});

export const {
  useGetVapidPublicKeyQuery,
  useGetPushSubscriptionsQuery,
  useAddPushSubscriptionMutation,
  useRemovePushSubscriptionMutation,
  useSetEmailNotifyMutation,
  useGetAvailableChannelTypesQuery,
  useGetChannelSchemasQuery,
  useGetNotificationChannelsQuery,
  useAddNotificationChannelMutation,
  useUpdateNotificationChannelMutation,
  useDeleteNotificationChannelMutation,
  useTestNotificationChannelMutation,
  useGetChannelTypeSettingsQuery,
  useSetChannelTypeMutation,
  useGetFcmConfigQuery,
  useUpdateFcmConfigMutation,
} = notificationsApi;
