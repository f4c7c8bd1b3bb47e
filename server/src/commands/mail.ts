import { DEFAULT_SMTP_CONFIG, MAGIC_LINK_TTL_S, SMTP_PASSWORD_MASK, type SendMailRequest, type SmtpConfig } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { describeChange, setConfigAudited, type AuditActor } from "./audit.js";
import { HttpError } from "../http/errors.js";
import { mailLocale, renderMail, type MailTemplate } from "../mail/templates.js";
import { asFrontendUrl, configuredFrontendUrl, FRONTEND_URL_KEY } from "./frontend.js";
import { loadOrganization } from "./settings.js";

const SMTP_KEY = "smtp";

/** The stored SMTP config, password included (server side only). */
export async function loadSmtpConfig(ctx: AppContext): Promise<SmtpConfig> {
  return { ...DEFAULT_SMTP_CONFIG, ...((await ctx.repos.config.get<Partial<SmtpConfig>>(SMTP_KEY)) ?? {}) };
}

/** Mail can go out: the switch is on and a host is set. */
export const smtpReady = (config: SmtpConfig): boolean => config.enabled && config.host !== "";

export async function smtpEnabled(ctx: AppContext): Promise<boolean> {
  return smtpReady(await loadSmtpConfig(ctx));
}

/** `GET /admin/smtp/config`: the stored password never leaves the server, a mask stands for it. */
export function presentSmtpConfig(config: SmtpConfig): SmtpConfig {
  return { ...config, password: config.password ? SMTP_PASSWORD_MASK : "" };
}

/**
 * `POST /admin/smtp/config`. A password equal to the mask keeps the stored one (the admin
 * page posts back what it read). When no frontend URL is configured yet, the admin's own origin
 * becomes it: e-mailed links are then never built from an anonymous request's `Host` header.
 */
export async function saveSmtpConfig(ctx: AppContext, input: SmtpConfig, adminOrigin: string, audit: AuditActor): Promise<void> {
  const stored = await loadSmtpConfig(ctx);
  const next: SmtpConfig = { ...input, password: input.password === SMTP_PASSWORD_MASK ? stored.password : input.password };
  // The password is a secret: the log says only whether it changed.
  const { password: _password, ...visible } = next;
  const detail = { ...describeChange(visible), password_changed: next.password !== stored.password };
  await setConfigAudited(ctx, SMTP_KEY, next, audit, { action: "settings.smtp", detail });
  if (next.enabled && !(await configuredFrontendUrl(ctx))) {
    const origin = asFrontendUrl(adminOrigin);
    if (origin) await ctx.repos.config.set(FRONTEND_URL_KEY, origin);
  }
}

const smtpOff = () => new HttpError(503, "SMTP is not enabled");

/** The SMTP config when mail can go out, else a 503. */
export async function requireSmtp(ctx: AppContext): Promise<SmtpConfig> {
  const config = await loadSmtpConfig(ctx);
  if (!smtpReady(config)) throw smtpOff();
  return config;
}

/**
 * Where e-mailed links point: the configured frontend URL (set by an admin, or recorded when
 * SMTP was set up). Never the request's `Host`: a forged one would send a victim a working link
 * to someone else's site. 503 when none is known.
 */
export async function mailLinkBase(ctx: AppContext): Promise<string> {
  const url = await configuredFrontendUrl(ctx);
  if (!url) throw new HttpError(503, "the frontend URL is not configured");
  return url;
}

/** `POST /admin/system/send_mail`: a test message as given (503 when SMTP is off or the send fails). */
export async function sendTestMail(ctx: AppContext, mail: SendMailRequest): Promise<void> {
  const config = await requireSmtp(ctx);
  try {
    await ctx.identity.mailer.send(config, { to: mail.to, subject: mail.subject, text: mail.content });
  } catch (err) {
    // Admin only: the SMTP server's answer helps fixing the config.
    throw new HttpError(503, `Failed to send mail: ${String((err as Error)?.message ?? err).slice(0, 200)}`);
  }
}

/** Sends one of the templates (`mail/templates.ts`) in the recipient's language; 503 when sending fails. */
export async function sendTemplateMail(
  ctx: AppContext,
  config: SmtpConfig,
  to: string,
  template: MailTemplate,
  language: string | null | undefined,
  link: string,
): Promise<void> {
  const { name } = await loadOrganization(ctx);
  const minutes = Math.max(1, Math.round((ctx.config.magicLinkTtlS ?? MAGIC_LINK_TTL_S) / 60));
  const mail = renderMail(template, mailLocale(language), { server: name, link, minutes });
  try {
    await ctx.identity.mailer.send(config, { to, ...mail });
  } catch {
    throw new HttpError(503, "Failed to send mail");
  }
}
