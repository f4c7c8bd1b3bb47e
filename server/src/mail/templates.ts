/**
 * The e-mails the server sends, each as plain text and HTML, in the nine languages of the web
 * client (texts in ./locales/, beside the push notifications' words). The language is the
 * recipient's (their account's `language`, VoceChat's codes: `jp` is Japanese) when known, else
 * the request's `Accept-Language`; one we have no texts for reads English.
 */
import type { MailTemplate, MailVars, PushTexts, ServerLanguage } from "./types.js";
import de from "./locales/de.js";
import en from "./locales/en.js";
import es from "./locales/es.js";
import fr from "./locales/fr.js";
import ja from "./locales/ja.js";
import pt from "./locales/pt.js";
import ru from "./locales/ru.js";
import tr from "./locales/tr.js";
import zhCN from "./locales/zh-CN.js";

export type { MailTemplate, MailVars } from "./types.js";

/** BCP-47 tags of the languages with texts (the HTML's `lang`). */
export type MailLocale = "en" | "zh-CN" | "ja" | "de" | "es" | "fr" | "pt" | "ru" | "tr";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const TEXTS: Record<MailLocale, ServerLanguage> = { en, "zh-CN": zhCN, ja, de, es, fr, pt, ru, tr };

/** A primary language subtag (or VoceChat's `jp`) → the locale of its texts. */
const BY_LANGUAGE: Record<string, MailLocale> = { en: "en", zh: "zh-CN", ja: "ja", jp: "ja", de: "de", es: "es", fr: "fr", pt: "pt", ru: "ru", tr: "tr" };

/** The locale for the first language in `lang` (a BCP-47 tag, VoceChat's code, or an Accept-Language list). */
export function mailLocale(lang: string | null | undefined): MailLocale {
  const first = (lang ?? "").split(",")[0].trim().toLowerCase();
  const primary = first.split(/[-_;]/)[0];
  return BY_LANGUAGE[primary] ?? "en";
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The words of a push notification without a preview, in the recipient's language. */
export const pushTexts = (language: string | null | undefined): PushTexts => TEXTS[mailLocale(language)].push;

export function renderMail(template: MailTemplate, locale: MailLocale, vars: MailVars): RenderedMail {
  const t = TEXTS[locale][template](vars);
  const text = [t.intro, "", vars.link, "", t.validity, t.ignore, ""].join("\n");
  const link = escapeHtml(vars.link);
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t.heading)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(t.intro)}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#22c55e;color:#ffffff;text-decoration:none;padding:10px 20px;border-radius:8px;font-weight:600">${escapeHtml(t.button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52525b;line-height:1.5">${escapeHtml(t.validity)}</p>
<p style="margin:0 0 16px;font-size:13px;color:#52525b;line-height:1.5">${escapeHtml(t.ignore)}</p>
<p style="margin:0;font-size:12px;color:#a1a1aa;word-break:break-all"><a href="${link}" style="color:#a1a1aa">${link}</a></p>
</div>
</body>
</html>
`;
  return { subject: t.subject, text, html };
}
