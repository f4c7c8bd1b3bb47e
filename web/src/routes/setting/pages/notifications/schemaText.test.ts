/**
 * The channel forms' words in the reader's language (schemaText.ts): looked up by type and field
 * name, the server's English where this client has no translation.
 */
import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChannelSchema } from "@parley/protocol";
import en from "../../../../../public/locales/en/setting.json";
import zh from "../../../../../public/locales/zh/setting.json";
import { localSchema, typeName } from "./schemaText";

/** As the server serves them (server/src/notify/channels/catalog.ts), in part. */
const TELEGRAM: ChannelSchema = {
  type: "telegram",
  name: "Telegram Bot",
  description: "Messages from your Telegram bot (Bot API sendMessage)",
  fields: [
    { name: "bot_token", type: "text", label: "Bot Token", required: true, description: "Get it from @BotFather" },
    { name: "parse_mode", type: "select", label: "Parse Mode", required: false, options: [{ value: "", label: "None" }, { value: "HTML", label: "HTML" }] },
  ],
};
const SERVERCHAN: ChannelSchema = {
  type: "serverchan",
  name: "Server Chan",
  description: "WeChat notifications through Server Chan",
  fields: [{ name: "server_url", type: "url", label: "Server URL", required: false, description: "Left empty: Server Chan's own (sctp keys: their push.ft07.com server)" }],
};
const GOTIFY: ChannelSchema = { type: "gotify", name: "Gotify", description: "A self-hosted Gotify server", fields: [{ name: "server_url", type: "url", label: "Server URL", required: true }] };
const CUSTOM: ChannelSchema = {
  type: "custom_json",
  name: "Custom JSON Webhook",
  description: "Any HTTP endpoint, with a JSON body of your own",
  fields: [
    { name: "webhook_url", type: "url", label: "Webhook URL", required: true },
    { name: "body_template", type: "textarea", label: "Body Template", required: false, description: "JSON with the placeholders {{title}}, {{body}}, {{url}}, {{sender}}, {{conversation}}; empty: {title, body, url}" },
  ],
};
/** A type newer than this client. */
const NEWER: ChannelSchema = { type: "pager", name: "Pager", description: "A pager", fields: [{ name: "pager_id", type: "text", label: "Pager ID", required: true, description: "On its back" }] };

async function tIn(lng: "en" | "zh"): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({ lng, fallbackLng: "en", resources: { en: { setting: en }, zh: { setting: zh } }, defaultNS: "setting", interpolation: { escapeValue: false }, showSupportNotice: false });
  return i18n.t;
}

describe("channel schema texts", () => {
  let english: TFunction;
  let chinese: TFunction;
  beforeAll(async () => {
    [english, chinese] = await Promise.all([tIn("en"), tIn("zh")]);
  });

  it("in English, says exactly what the server says", () => {
    for (const schema of [TELEGRAM, SERVERCHAN, GOTIFY, CUSTOM]) expect(localSchema(english, schema)).toEqual(schema);
  });

  it("in Chinese, translates the name, description, labels, hints and the empty option", () => {
    const local = localSchema(chinese, TELEGRAM);
    expect(local.name).toBe("Telegram 机器人");
    expect(local.description).toBe("来自你的 Telegram 机器人的消息（Bot API sendMessage）");
    expect(local.fields.map((f) => [f.label, f.description])).toEqual([
      ["Bot Token", "从 @BotFather 获取"],
      ["解析模式", undefined],
    ]);
    expect(local.fields[1].options).toEqual([{ value: "", label: "无" }, { value: "HTML", label: "HTML" }]);
    expect(typeName(chinese, "custom_json", "Custom JSON Webhook")).toBe("自定义 JSON Webhook");
  });

  it("takes a type's own hint over the field's, and gives none where the server gives none", () => {
    expect(localSchema(chinese, SERVERCHAN).fields[0]).toMatchObject({ label: "服务器地址", description: "留空：使用 Server 酱自己的服务器（sctp 开头的 Key：push.ft07.com）" });
    expect(localSchema(chinese, GOTIFY).fields[0]).toEqual({ name: "server_url", type: "url", label: "服务器地址", required: true });
    expect(localSchema(chinese, CUSTOM).fields[0].description).toBeUndefined();
  });

  it("keeps the template's placeholders as they are", () => {
    expect(localSchema(chinese, CUSTOM).fields[1].description).toBe("可使用占位符 {{title}}, {{body}}, {{url}}, {{sender}}, {{conversation}} 的 JSON；留空：{title, body, url}");
  });

  it("shows the server's words for a type this client does not know", () => {
    expect(localSchema(chinese, NEWER)).toEqual(NEWER);
  });
});
