import { DEFAULT_SMTP_CONFIG, type SmtpConfig } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { extSettingOf, loadSystemCommon } from "../repos/settings.js";

/**
 * The server settings the notification paths read, once per worker pass (a change applies at
 * the next pass on every node: they live in the `config` table). Read here rather than through
 * the commands that write them, which sit above this service.
 */
export interface NotifySettings {
  /** `msg_smtp_notify_enable` on, and SMTP set up (enabled, a host). */
  emailDigest: boolean;
  /** `msg_smtp_notify_delay_seconds`, in ms. */
  emailDelayMs: number;
  smtp: SmtpConfig;
  /** `ext_setting.notify_preview` (default on): notifications show the text. */
  preview: boolean;
  /** The configured frontend URL (no trailing slash), or null: links are then relative. */
  frontendUrl: string | null;
  /** The organization's name (the digest's sender line). */
  serverName: string;
}

/** The same shape `commands/frontend.ts` accepts: a scheme, a host, an optional port. */
const FRONTEND_URL = /^https?:\/\/[\w\-.]+(:\d+)?$/;

/**
 * Each worker pass reads them afresh (`refreshNotifySettings`); the paths' `deliver`, called
 * once per recipient, reuse that pass's (a 1,000-member channel would otherwise be 4,000 reads
 * of the config table). Outside a pass (a path's own test route) they are read at most once a second.
 */
const SETTINGS_TTL_MS = 1_000;
const cached = new WeakMap<AppContext, { at: number; settings: Promise<NotifySettings> }>();

export function refreshNotifySettings(ctx: AppContext): Promise<NotifySettings> {
  const settings = readNotifySettings(ctx);
  cached.set(ctx, { at: Date.now(), settings });
  settings.catch(() => cached.delete(ctx));
  return settings;
}

export function loadNotifySettings(ctx: AppContext): Promise<NotifySettings> {
  const hit = cached.get(ctx);
  return hit && Date.now() - hit.at < SETTINGS_TTL_MS ? hit.settings : refreshNotifySettings(ctx);
}

async function readNotifySettings(ctx: AppContext): Promise<NotifySettings> {
  const [common, smtpStored, frontend, org] = await Promise.all([
    loadSystemCommon(ctx.repos.config),
    ctx.repos.config.get<Partial<SmtpConfig>>("smtp"),
    ctx.repos.config.get<unknown>("frontend_url"),
    ctx.repos.config.get<{ name?: string }>("organization"),
  ]);
  const smtp = { ...DEFAULT_SMTP_CONFIG, ...(smtpStored ?? {}) };
  return {
    emailDigest: common.msg_smtp_notify_enable && smtp.enabled && smtp.host !== "",
    emailDelayMs: Math.max(0, Number(common.msg_smtp_notify_delay_seconds) || 0) * 1000,
    smtp,
    preview: extSettingOf(common).notify_preview !== false,
    frontendUrl: typeof frontend === "string" && FRONTEND_URL.test(frontend) ? frontend : null,
    serverName: typeof org?.name === "string" && org.name ? org.name : "Parley",
  };
}

/** The web client's address of a conversation (the hash routes of docs/ARCHITECTURE.md). */
export function conversationUrl(settings: Pick<NotifySettings, "frontendUrl">, target: { uid: number } | { gid: number }): string {
  const route = "gid" in target ? `/#/chat/channel/${target.gid}` : `/#/chat/dm/${target.uid}`;
  return `${settings.frontendUrl ?? ""}${route}`;
}
