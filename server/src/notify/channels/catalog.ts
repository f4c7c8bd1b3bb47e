import { NOTIFICATION_CHANNEL_TYPES, type ChannelSchema, type ChannelSchemaField, type NotificationChannelType } from "@parley/protocol";

/**
 * WHAT EACH CHANNEL TYPE NEEDS (docs/API.md "Notification channels"): the fields of its form, as
 * the VoceChat web client names them (its `channelSchemas`), plus Parley's base-URL overrides
 * (`api_base`, `server_url`) so a self-hosted service, a proxy or a test receiver can stand in.
 * `secret` fields are stored as given and answered as `SECRET_MASK`.
 */
export interface CatalogField extends ChannelSchemaField {
  secret?: true;
  /** Used when the field is empty. */
  default?: string;
}

export interface CatalogEntry {
  type: NotificationChannelType;
  name: string;
  description: string;
  fields: CatalogField[];
}

const text = (name: string, label: string, extra: Partial<CatalogField> = {}): CatalogField => ({ name, type: "text", label, required: false, ...extra });
const url = (name: string, label: string, extra: Partial<CatalogField> = {}): CatalogField => ({ name, type: "url", label, required: false, ...extra });
const webhook = (placeholder: string): CatalogField => url("webhook_url", "Webhook URL", { required: true, secret: true, placeholder, description: "The bot's webhook address (it holds the bot's key, so it is kept secret)" });
/** The address of a service that is often self-hosted (Bark, Gotify, PushDeer). */
const serverUrl = (placeholder: string): CatalogField => url("server_url", "Server URL", { required: true, placeholder });
/** The token a service gave (kept secret). */
const token = (name: string, label: string, description?: string): CatalogField => text(name, label, { required: true, secret: true, ...(description ? { description } : {}) });
const signSecret = text("sign_secret", "Sign Secret", { secret: true, description: "The bot's signing secret, if its security setting asks for a signature" });

export const CATALOG: readonly CatalogEntry[] = [
  {
    type: "telegram",
    name: "Telegram Bot",
    description: "Messages from your Telegram bot (Bot API sendMessage)",
    fields: [
      text("bot_token", "Bot Token", { required: true, secret: true, placeholder: "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", description: "Get it from @BotFather" }),
      text("chat_id", "Chat ID", { required: true, placeholder: "@your_channel or user id", description: "A channel username or a chat id" }),
      {
        name: "parse_mode",
        type: "select",
        label: "Parse Mode",
        required: false,
        options: [
          { value: "", label: "None" },
          { value: "Markdown", label: "Markdown" },
          { value: "MarkdownV2", label: "MarkdownV2" },
          { value: "HTML", label: "HTML" },
        ],
      },
      url("api_base", "API URL", { placeholder: "https://api.telegram.org", default: "https://api.telegram.org", description: "A Bot API server of your own" }),
    ],
  },
  {
    type: "discord",
    name: "Discord Webhook",
    description: "A message in a Discord channel through its webhook",
    fields: [webhook("https://discord.com/api/webhooks/..."), text("username", "Username", { placeholder: "Parley" }), url("avatar_url", "Avatar URL")],
  },
  { type: "feishu", name: "Feishu Bot", description: "A Feishu (Lark) group's custom bot", fields: [webhook("https://open.feishu.cn/open-apis/bot/v2/hook/..."), signSecret] },
  { type: "dingtalk", name: "DingTalk Bot", description: "A DingTalk group's custom robot", fields: [webhook("https://oapi.dingtalk.com/robot/send?access_token=..."), signSecret] },
  { type: "wecombot", name: "WeCom Bot", description: "A WeCom (WeChat Work) group bot", fields: [webhook("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=...")] },
  {
    type: "bark",
    name: "Bark",
    description: "Bark notifications on iOS",
    fields: [
      serverUrl("https://api.day.app"),
      token("device_key", "Device Key", "The key the Bark app shows"),
      text("sound", "Sound", { placeholder: "default" }),
    ],
  },
  {
    type: "gotify",
    name: "Gotify",
    description: "A self-hosted Gotify server",
    fields: [
      serverUrl("https://gotify.example.com"),
      token("app_token", "App Token", "An application token from Gotify"),
      { name: "priority", type: "number", label: "Priority", required: false, placeholder: "5", description: "0 to 10" },
    ],
  },
  {
    type: "serverchan",
    name: "Server Chan",
    description: "WeChat notifications through Server Chan",
    fields: [
      token("send_key", "SendKey"),
      url("server_url", "Server URL", { placeholder: "https://sctapi.ftqq.com", description: "Left empty: Server Chan's own (sctp keys: their push.ft07.com server)" }),
    ],
  },
  {
    type: "pushdeer",
    name: "PushDeer",
    description: "PushDeer notifications",
    fields: [serverUrl("https://api2.pushdeer.com"), token("push_key", "Push Key")],
  },
  {
    type: "matrix",
    name: "Matrix",
    description: "A message in a Matrix room",
    fields: [
      url("homeserver_url", "Homeserver URL", { required: true, placeholder: "https://matrix.org" }),
      token("access_token", "Access Token"),
      text("room_id", "Room ID", { required: true, placeholder: "!roomid:matrix.org" }),
    ],
  },
  {
    type: "custom_json",
    name: "Custom JSON Webhook",
    description: "Any HTTP endpoint, with a JSON body of your own",
    fields: [
      url("webhook_url", "Webhook URL", { required: true, secret: true, placeholder: "https://example.com/webhook" }),
      {
        name: "method",
        type: "select",
        label: "HTTP Method",
        required: true,
        options: ["POST", "PUT", "PATCH"].map((m) => ({ value: m, label: m })),
      },
      { name: "headers", type: "textarea", label: "Custom Headers", required: false, secret: true, placeholder: '{"Authorization": "Bearer token"}', description: "A JSON object of header names and values" },
      {
        name: "body_template",
        type: "textarea",
        label: "Body Template",
        required: false,
        placeholder: '{"title": "{{title}}", "text": "{{body}}", "link": "{{url}}"}',
        description: "JSON with the placeholders {{title}}, {{body}}, {{url}}, {{sender}}, {{conversation}}; empty: {title, body, url}",
      },
    ],
  },
];

export const catalogOf = (type: string): CatalogEntry | undefined => CATALOG.find((c) => c.type === type);
export const isChannelType = (type: string): type is NotificationChannelType => (NOTIFICATION_CHANNEL_TYPES as readonly string[]).includes(type);

/** `GET /user/notification/schemas`: the forms, without Parley's internal marks. */
export const presentSchema = (entry: CatalogEntry): ChannelSchema => ({
  type: entry.type,
  name: entry.name,
  description: entry.description,
  fields: entry.fields.map(({ secret: _secret, default: _default, ...field }) => field),
});
