/**
 * The Bot & Webhook admin page (docs/API.md "Bots", "Webhooks"): bot accounts (`POST`/`PUT
 * /admin/user` with `is_bot`), their API keys, the webhook signing secret and the deliveries.
 * Every call is SILENT: the page shows each refusal where it happened.
 */
import type { AdminUser } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";

/** `GET /admin/user/bot-api-key/{uid}`: a key as listed (`key` masked, `parley_bot_…abcd`). */
export interface BotApiKey {
  id: number;
  name: string;
  key: string;
  created_at: number;
  last_used?: number | null;
}

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** `GET /admin/user/bot-webhook-deliveries/{uid}`: one webhook delivery. */
export interface WebhookDelivery {
  id: number;
  mid: number;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

export interface NewBot {
  name: string;
  webhook_url: string | null;
  is_public: boolean;
}

/** `PUT /admin/user/{uid}`: a bot's webhook (`""` removes it) and whether anyone may write to it. */
export interface BotChange {
  uid: number;
  webhook_url: string;
  is_public: boolean;
}

/** Bots sign in with keys, never with the e-mail the account still needs: a made-up one. */
const botEmail = () => `bot-${crypto.randomUUID().slice(0, 12)}@bot.parley.invalid`;

export const botsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** The admin view of every account; the page keeps the bots. Never kept once unused. */
    getBots: builder.query<AdminUser[], void>({
      query: () => ({ url: "/admin/user" }),
      transformResponse: (users: AdminUser[]) => users.filter((u) => u.is_bot),
      keepUnusedDataFor: 0,
    }),
    createBot: builder.mutation<AdminUser, NewBot>({
      extraOptions: SILENT,
      query: (bot) => ({ url: "/admin/user", method: "POST", body: { ...bot, email: botEmail(), password: "", is_bot: true, gender: 0 } }),
      async onQueryStarted(_bot, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(botsApi.util.updateQueryData("getBots", undefined, (list) => [...list, data]));
        } catch {
          // the dialog shows the refusal
        }
      },
    }),
    updateBot: builder.mutation<AdminUser, BotChange>({
      extraOptions: SILENT,
      query: ({ uid, ...body }) => ({ url: `/admin/user/${uid}`, method: "PUT", body }),
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(botsApi.util.updateQueryData("getBots", undefined, (list) => list.map((u) => (u.uid === data.uid ? data : u))));
        } catch {
          // the form shows the refusal
        }
      },
    }),
    getBotKeys: builder.query<BotApiKey[], number>({
      extraOptions: SILENT,
      query: (uid) => ({ url: `/admin/user/bot-api-key/${uid}` }),
      keepUnusedDataFor: 0,
    }),
    /** Answers the new key itself, which no later call shows again. */
    createBotKey: builder.mutation<string, { uid: number; name: string }>({
      extraOptions: SILENT,
      query: ({ uid, name }) => ({ url: `/admin/user/bot-api-key/${uid}`, method: "POST", body: { name } }),
    }),
    revokeBotKey: builder.mutation<null, { uid: number; kid: number }>({
      extraOptions: SILENT,
      query: ({ uid, kid }) => ({ url: `/admin/user/bot-api-key/${uid}/${kid}`, method: "DELETE" }),
    }),
    getWebhookSecret: builder.query<{ secret: string }, number>({
      extraOptions: SILENT,
      query: (uid) => ({ url: `/admin/user/bot-webhook-secret/${uid}` }),
      keepUnusedDataFor: 0,
    }),
    rotateWebhookSecret: builder.mutation<{ secret: string }, number>({
      extraOptions: SILENT,
      query: (uid) => ({ url: `/admin/user/bot-webhook-secret/${uid}`, method: "POST" }),
      async onQueryStarted(uid, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(botsApi.util.upsertQueryData("getWebhookSecret", uid, data));
        } catch {
          // the section shows the refusal
        }
      },
    }),
    getDeliveries: builder.query<WebhookDelivery[], number>({
      extraOptions: SILENT,
      query: (uid) => ({ url: `/admin/user/bot-webhook-deliveries/${uid}`, params: { limit: 20 } }),
      keepUnusedDataFor: 0,
    }),
    retryDelivery: builder.mutation<WebhookDelivery, { uid: number; id: number }>({
      extraOptions: SILENT,
      query: ({ uid, id }) => ({ url: `/admin/user/bot-webhook-deliveries/${uid}/${id}/retry`, method: "POST" }),
      async onQueryStarted({ uid }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(botsApi.util.updateQueryData("getDeliveries", uid, (list) => list.map((d) => (d.id === data.id ? data : d))));
        } catch {
          // the list shows the refusal
        }
      },
    }),
  }),
});

export const {
  useGetBotsQuery,
  useCreateBotMutation,
  useUpdateBotMutation,
  useGetBotKeysQuery,
  useCreateBotKeyMutation,
  useRevokeBotKeyMutation,
  useGetWebhookSecretQuery,
  useRotateWebhookSecretMutation,
  useGetDeliveriesQuery,
  useRetryDeliveryMutation,
} = botsApi;
