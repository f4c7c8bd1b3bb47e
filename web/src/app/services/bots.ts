/**
 * The Bot & Webhook admin page (docs/API.md "Bots", "Webhooks"): bot accounts (`POST`/`PUT
 * /admin/user` with `is_bot`), their API keys, the webhook signing secret and the deliveries.
 * Every call is SILENT: the page shows each refusal where it happened.
 */
import { HISTORY_PAGE_SIZE, type AdminUser, type BotConversationPage, type ChatMessage, type Group, type MessageTarget, type WebhookDelivery, type WebhookDeliveryStatus } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";
import { putAdminUser, replaceRowWhenSaved } from "./endpoints";

/** `GET /admin/user/bot-api-key/{uid}`: a key as listed (`key` masked, `parley_bot_…abcd`). */
export interface BotApiKey {
  id: number;
  name: string;
  key: string;
  created_at: number;
  last_used?: number | null;
}

export type { WebhookDelivery };
export type DeliveryStatus = WebhookDeliveryStatus;

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

/** A page of the admin bot viewer's lists: 0 asks for the newest, else `before` that mid. */
const NEWEST = 0;
const before = (mid: number) => (mid === NEWEST ? {} : { before: mid });

/** The bot viewer's conversations per page (the server's default; docs/API.md "Bots"). */
export const BOT_CONVERSATIONS_PAGE = 50;

/** One conversation of a bot in the viewer: the bot and the other side (`{uid}`) or the channel (`{gid}`). */
export interface BotConversationRef {
  bot: number;
  target: MessageTarget;
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
      ...putAdminUser,
      onQueryStarted: (_change, { dispatch, queryFulfilled }) =>
        replaceRowWhenSaved(queryFulfilled, (recipe) => dispatch(botsApi.util.updateQueryData("getBots", undefined, recipe))),
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
    /**
     * The admin bot viewer (docs/API.md "Bots"): a bot's conversations, the most recently active
     * first, paged on with `next_before` (null on the last page).
     */
    getBotConversations: builder.infiniteQuery<BotConversationPage, number, number>({
      extraOptions: SILENT,
      infiniteQueryOptions: {
        initialPageParam: NEWEST,
        getNextPageParam: (last) => last.next_before,
      },
      query: ({ queryArg: uid, pageParam }) => ({ url: `/admin/bot_chat/${uid}/conversations`, params: { ...before(pageParam), limit: BOT_CONVERSATIONS_PAGE } }),
      keepUnusedDataFor: 0,
    }),
    /**
     * One of them read as the bot reads it (`…/user/{uid}/history`, `…/group/{gid}/history`):
     * pages ascending by mid, each older one asked for with `before` its oldest mid, until a page
     * comes back short.
     */
    getBotHistory: builder.infiniteQuery<ChatMessage[], BotConversationRef, number>({
      extraOptions: SILENT,
      infiniteQueryOptions: {
        initialPageParam: NEWEST,
        getNextPageParam: (last) => (last.length >= HISTORY_PAGE_SIZE ? last[0].mid : null),
      },
      query: ({ queryArg: { bot, target }, pageParam }) => ({
        url: "gid" in target ? `/admin/bot_chat/${bot}/group/${target.gid}/history` : `/admin/bot_chat/${bot}/user/${target.uid}/history`,
        params: { ...before(pageParam), limit: HISTORY_PAGE_SIZE },
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * `GET /group/{gid}`: the card of a bot's channel that the admin's own list lacks (a private
     * one they are not in; admins may read its card, docs/API.md "Groups"). The viewer shows its
     * own stand-in when it fails.
     */
    getBotChannel: builder.query<Group, number>({
      extraOptions: SILENT,
      query: (gid) => ({ url: `/group/${gid}` }),
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
  useGetBotConversationsInfiniteQuery,
  useGetBotHistoryInfiniteQuery,
  useGetBotChannelQuery,
} = botsApi;
