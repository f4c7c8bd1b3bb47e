import { createHmac, randomUUID } from "node:crypto";
import type { NotificationChannelType } from "@parley/protocol";
import { jsonRequest, joinUrl, type OutboundAnswer, type OutboundRequest } from "../request.js";
import { fillTemplate, parseHeaders, type ChannelConfig } from "./config.js";

/**
 * ONE REQUEST PER SERVICE, in the format each documents for its incoming webhooks or bot API
 * (docs/NOTIFICATIONS.md "Notification channels"), and how to read its answer: several services
 * answer HTTP 200 with an error code in the JSON (Feishu `code`, DingTalk and WeCom `errcode`,
 * Telegram `ok`, ServerChan and PushDeer `code`, Bark `code`).
 */
export interface ChannelMessage {
  /** The sender (DM) or the channel's name. */
  title: string;
  /** The text (with the sender's name in a channel), or "You have a new message/file". */
  body: string;
  /** The conversation in the web client. */
  url: string;
  sender: string;
  conversation: string;
}

const str = (config: ChannelConfig, name: string, fallback = ""): string => {
  const v = config[name];
  return v === undefined || v === "" ? fallback : String(v);
};

/** The message as one plain text: title, body and link on their lines. */
const plain = (m: ChannelMessage): string => [m.title, m.body, m.url].filter((l) => l !== "").join("\n");

/** Telegram's parse modes treat some characters as markup: they are escaped so the text shows as written. */
function telegramText(m: ChannelMessage, mode: string): string {
  if (mode === "HTML") {
    const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    return [`<b>${esc(m.title)}</b>`, esc(m.body), esc(m.url)].filter((l) => l !== "").join("\n");
  }
  if (mode === "MarkdownV2") {
    const esc = (s: string) => s.replace(/[_*[\]()~`>#+\-=|{}.!\\]/g, "\\$&");
    return [`*${esc(m.title)}*`, esc(m.body), esc(m.url)].filter((l) => l !== "").join("\n");
  }
  if (mode === "Markdown") {
    const esc = (s: string) => s.replace(/[_*`[]/g, "\\$&");
    return [`*${esc(m.title)}*`, esc(m.body), esc(m.url)].filter((l) => l !== "").join("\n");
  }
  return plain(m);
}

/** Feishu's signature: base64 HMAC-SHA256 keyed by "timestamp\nsecret" over nothing. */
export const feishuSign = (timestamp: string, secret: string): string => createHmac("sha256", `${timestamp}\n${secret}`).update("").digest("base64");
/** DingTalk's signature: base64 HMAC-SHA256 keyed by the secret over "timestamp\nsecret" (ms). */
export const dingtalkSign = (timestamp: string, secret: string): string => createHmac("sha256", secret).update(`${timestamp}\n${secret}`).digest("base64");

const form = (url: string, fields: Record<string, string>): OutboundRequest => ({
  method: "POST",
  url,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

/** ServerChan: `sctp<n>t…` keys belong to their newer server, the others to sctapi.ftqq.com. */
function serverChanUrl(config: ChannelConfig): string {
  const key = str(config, "send_key");
  const base = str(config, "server_url");
  if (base) return joinUrl(base, `/${encodeURIComponent(key)}.send`);
  const sctp = /^sctp(\d+)t/i.exec(key);
  return sctp ? `https://${sctp[1]}.push.ft07.com/send/${encodeURIComponent(key)}.send` : `https://sctapi.ftqq.com/${encodeURIComponent(key)}.send`;
}

export function buildRequest(type: NotificationChannelType, config: ChannelConfig, m: ChannelMessage, now = Date.now()): OutboundRequest {
  switch (type) {
    case "telegram": {
      const mode = str(config, "parse_mode");
      const url = joinUrl(str(config, "api_base", "https://api.telegram.org"), `/bot${str(config, "bot_token")}/sendMessage`);
      return jsonRequest("POST", url, { chat_id: str(config, "chat_id"), text: telegramText(m, mode), ...(mode ? { parse_mode: mode } : {}), link_preview_options: { is_disabled: true } });
    }
    case "discord": {
      // Nobody is pinged by what a message says: no @everyone, no role or user mentions.
      const content = [`**${m.title}**`, m.body, m.url].filter((l) => l !== "").join("\n").slice(0, 2000);
      const extra = { ...(str(config, "username") ? { username: str(config, "username") } : {}), ...(str(config, "avatar_url") ? { avatar_url: str(config, "avatar_url") } : {}) };
      return jsonRequest("POST", str(config, "webhook_url"), { content, ...extra, allowed_mentions: { parse: [] } });
    }
    case "feishu": {
      const secret = str(config, "sign_secret");
      const timestamp = String(Math.floor(now / 1000));
      const signed = secret ? { timestamp, sign: feishuSign(timestamp, secret) } : {};
      return jsonRequest("POST", str(config, "webhook_url"), { ...signed, msg_type: "text", content: { text: plain(m) } });
    }
    case "dingtalk": {
      const secret = str(config, "sign_secret");
      const url = new URL(str(config, "webhook_url"));
      if (secret) {
        const timestamp = String(now);
        url.searchParams.set("timestamp", timestamp);
        url.searchParams.set("sign", dingtalkSign(timestamp, secret));
      }
      return jsonRequest("POST", url.toString(), { msgtype: "text", text: { content: plain(m) } });
    }
    case "wecombot":
      return jsonRequest("POST", str(config, "webhook_url"), { msgtype: "text", text: { content: plain(m) } });
    case "bark":
      return jsonRequest("POST", joinUrl(str(config, "server_url"), "/push"), {
        device_key: str(config, "device_key"),
        title: m.title,
        body: m.body,
        url: m.url,
        group: "Parley",
        ...(str(config, "sound") ? { sound: str(config, "sound") } : {}),
      });
    case "gotify": {
      const priority = typeof config.priority === "number" ? config.priority : 5;
      const extras = m.url ? { "client::notification": { click: { url: m.url } } } : undefined;
      return jsonRequest("POST", joinUrl(str(config, "server_url"), "/message"), { title: m.title, message: m.body, priority, ...(extras ? { extras } : {}) }, { "x-gotify-key": str(config, "app_token") });
    }
    case "serverchan":
      return form(serverChanUrl(config), { title: m.title, desp: m.url ? `${m.body}\n\n${m.url}` : m.body });
    case "pushdeer":
      return form(joinUrl(str(config, "server_url"), "/message/push"), { pushkey: str(config, "push_key"), text: m.title, desp: m.url ? `${m.body}\n\n${m.url}` : m.body, type: "markdown" });
    case "matrix": {
      // The transaction id makes a retried PUT idempotent on the homeserver.
      const path = `/_matrix/client/v3/rooms/${encodeURIComponent(str(config, "room_id"))}/send/m.room.message/${encodeURIComponent(`parley-${now}-${randomUUID()}`)}`;
      return jsonRequest("PUT", joinUrl(str(config, "homeserver_url"), path), { msgtype: "m.text", body: plain(m) }, { authorization: `Bearer ${str(config, "access_token")}` });
    }
    case "custom_json": {
      const template = str(config, "body_template");
      const values = { title: m.title, body: m.body, url: m.url, sender: m.sender, conversation: m.conversation, content: m.body };
      const body = template ? fillTemplate(template, values) : JSON.stringify({ title: m.title, body: m.body, url: m.url });
      const method = str(config, "method", "POST") as "POST" | "PUT" | "PATCH";
      return { method, url: str(config, "webhook_url"), headers: { "content-type": "application/json; charset=utf-8", ...parseHeaders(str(config, "headers")) }, body };
    }
  }
}

/** What an answer means: delivered, refused for good (the config is wrong), or worth a retry. */
export interface Verdict {
  result: "sent" | "refused" | "retry";
  /** The service's answer in a few words, for the user testing a channel. */
  detail: string;
}

const APP_CODES: Partial<Record<NotificationChannelType, (json: Record<string, unknown>) => boolean>> = {
  telegram: (j) => j.ok === true,
  feishu: (j) => (j.code ?? j.StatusCode ?? 0) === 0,
  dingtalk: (j) => j.errcode === 0,
  wecombot: (j) => j.errcode === 0,
  serverchan: (j) => j.code === 0,
  pushdeer: (j) => j.code === 0,
  bark: (j) => j.code === 200,
};

export function judgeAnswer(type: NotificationChannelType, answer: OutboundAnswer): Verdict {
  const detail = `HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 300)}` : ""}`;
  if (answer.status === 429 || answer.status >= 500) return { result: "retry", detail };
  if (answer.status < 200 || answer.status >= 300) return { result: "refused", detail };
  const appOk = APP_CODES[type];
  if (!appOk) return { result: "sent", detail };
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return { result: "refused", detail: `${detail} (not the JSON the service answers)` };
  }
  return typeof json === "object" && json !== null && appOk(json as Record<string, unknown>) ? { result: "sent", detail } : { result: "refused", detail };
}
