import { SECRET_MASK } from "@parley/protocol";
import type { CatalogEntry } from "./catalog.js";

/** A channel's stored settings: its type's fields, strings or numbers. */
export type ChannelConfig = Record<string, string | number>;

/** A config refused, with what is wrong in words (answered as a 400). */
export class ChannelConfigError extends Error {}

const MAX_VALUE_LENGTH = 4_096;

const isHttpUrl = (value: string): boolean => {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
  } catch {
    return false;
  }
};

/** The placeholders of a custom body template, and the values they take for a check. */
export const PLACEHOLDERS = ["title", "body", "url", "sender", "conversation", "content"] as const;

/** Fills `{{name}}` with the value escaped for the inside of a JSON string. */
export function fillTemplate(template: string, values: Record<(typeof PLACEHOLDERS)[number], string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? JSON.stringify(values[name as keyof typeof values]).slice(1, -1) : whole,
  );
}

/** Header names a custom webhook may not set (the request's framing is Parley's). */
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

/** A custom webhook's `headers` field: a JSON object of strings. */
export function parseHeaders(raw: string): Record<string, string> {
  if (raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ChannelConfigError("config.headers: not JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new ChannelConfigError("config.headers: expected a JSON object");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== "string") throw new ChannelConfigError(`config.headers.${name}: expected a string`);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n]/.test(value)) throw new ChannelConfigError(`config.headers.${name}: not a valid header`);
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw new ChannelConfigError(`config.headers.${name}: set by Parley`);
    headers[name] = value;
  }
  return headers;
}

/**
 * Checks a channel's config against its type (docs/API.md "Notification channels") and answers
 * what to store: only the type's fields, trimmed; a secret sent back as `SECRET_MASK` keeps the
 * `stored` one. Throws `ChannelConfigError` naming the field.
 */
export function validateConfig(entry: CatalogEntry, given: Record<string, unknown>, stored: ChannelConfig = {}): ChannelConfig {
  const out: ChannelConfig = {};
  for (const field of entry.fields) {
    let value = given[field.name];
    if (field.secret && value === SECRET_MASK) value = stored[field.name];
    if (value === undefined || value === null || value === "") {
      if (field.required) throw new ChannelConfigError(`config.${field.name}: required`);
      continue;
    }
    const where = `config.${field.name}`;
    if (field.type === "number") {
      const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof n !== "number" || !Number.isFinite(n)) throw new ChannelConfigError(`${where}: expected a number`);
      if (field.name === "priority" && (!Number.isInteger(n) || n < 0 || n > 10)) throw new ChannelConfigError(`${where}: expected 0 to 10`);
      out[field.name] = n;
      continue;
    }
    if (typeof value !== "string") throw new ChannelConfigError(`${where}: expected a string`);
    const text = field.type === "textarea" ? value : value.trim();
    if (text.length > MAX_VALUE_LENGTH) throw new ChannelConfigError(`${where}: longer than ${MAX_VALUE_LENGTH} characters`);
    if (field.type === "url" && !isHttpUrl(text)) throw new ChannelConfigError(`${where}: expected an http(s) URL`);
    if (field.type === "select" && !(field.options ?? []).some((o) => o.value === text)) throw new ChannelConfigError(`${where}: not one of the options`);
    if (text === "" && field.required) throw new ChannelConfigError(`${where}: required`);
    if (text !== "") out[field.name] = text;
  }
  if (entry.type === "custom_json") {
    if (typeof out.headers === "string") parseHeaders(out.headers);
    if (typeof out.body_template === "string") {
      const sample = Object.fromEntries(PLACEHOLDERS.map((p) => [p, 'a "sample"\n'])) as Record<(typeof PLACEHOLDERS)[number], string>;
      try {
        JSON.parse(fillTemplate(out.body_template, sample));
      } catch {
        throw new ChannelConfigError("config.body_template: not JSON once its placeholders are filled");
      }
    }
  }
  // The token is a path segment of the Bot API's URL: only the shape BotFather hands out.
  if (entry.type === "telegram" && !/^[0-9]+:[A-Za-z0-9_-]+$/.test(String(out.bot_token))) throw new ChannelConfigError("config.bot_token: expected 123456:ABC-… as @BotFather gives it");
  if (entry.type === "matrix" && !/^[!#][^:]+:.+$/.test(String(out.room_id))) throw new ChannelConfigError("config.room_id: expected !id:server or #alias:server");
  return out;
}

/** A config as answered: every secret that is set reads `SECRET_MASK`. */
export function maskConfig(entry: CatalogEntry | undefined, config: ChannelConfig): ChannelConfig {
  const secrets = new Set((entry?.fields ?? []).filter((f) => f.secret).map((f) => f.name));
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, secrets.has(k) && v !== "" ? SECRET_MASK : v]));
}
