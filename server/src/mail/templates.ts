/**
 * The e-mails the server sends, each as plain text and HTML, in English and Simplified Chinese.
 * The language is the recipient's (their account's `language`) when known, else the request's
 * `Accept-Language`; anything that is not Chinese reads English.
 */
export type MailLocale = "en" | "zh-CN";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate = "login" | "invite" | "register";

export interface MailVars {
  /** The organization (server) name. */
  server: string;
  /** The link to follow. */
  link: string;
  /** How long the link works, in minutes. */
  minutes: number;
}

/** The first language in `lang` (a BCP-47 tag or an Accept-Language list) we have texts for. */
export function mailLocale(lang: string | null | undefined): MailLocale {
  const first = (lang ?? "").split(",")[0].trim().toLowerCase();
  return first.startsWith("zh") ? "zh-CN" : "en";
}

interface Texts {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  validity: string;
  ignore: string;
}

const TEXTS: Record<MailLocale, Record<MailTemplate, (v: MailVars) => Texts>> = {
  en: {
    login: (v) => ({
      subject: `Sign in to ${v.server}`,
      heading: `Sign in to ${v.server}`,
      intro: `Follow the link below to sign in to ${v.server}.`,
      button: "Sign in",
      validity: `The link works once, for ${v.minutes} minutes.`,
      ignore: "If you did not ask for it, ignore this e-mail: nobody can sign in without the link.",
    }),
    invite: (v) => ({
      subject: `You are invited to join ${v.server}`,
      heading: `Join ${v.server}`,
      intro: `You have been invited to join ${v.server}. Follow the link below and choose your name to get started.`,
      button: "Join",
      validity: `The link works once, for ${v.minutes} minutes.`,
      ignore: "If you do not want to join, ignore this e-mail.",
    }),
    register: (v) => ({
      subject: `Confirm your e-mail address for ${v.server}`,
      heading: `Welcome to ${v.server}`,
      intro: `Follow the link below to confirm your e-mail address and finish signing up to ${v.server}.`,
      button: "Confirm and continue",
      validity: `The link works once, for ${v.minutes} minutes.`,
      ignore: "If you did not sign up, ignore this e-mail: no account is created without the link.",
    }),
  },
  "zh-CN": {
    login: (v) => ({
      subject: `登录 ${v.server}`,
      heading: `登录 ${v.server}`,
      intro: `点击下面的链接登录 ${v.server}。`,
      button: "登录",
      validity: `链接只能使用一次，${v.minutes} 分钟内有效。`,
      ignore: "如果这不是你本人的操作，请忽略这封邮件：没有这个链接，任何人都无法登录。",
    }),
    invite: (v) => ({
      subject: `邀请你加入 ${v.server}`,
      heading: `加入 ${v.server}`,
      intro: `你收到了加入 ${v.server} 的邀请。点击下面的链接，设置你的名字即可开始。`,
      button: "加入",
      validity: `链接只能使用一次，${v.minutes} 分钟内有效。`,
      ignore: "如果你不想加入，请忽略这封邮件。",
    }),
    register: (v) => ({
      subject: `确认你在 ${v.server} 的邮箱地址`,
      heading: `欢迎来到 ${v.server}`,
      intro: `点击下面的链接确认你的邮箱地址，完成 ${v.server} 的注册。`,
      button: "确认并继续",
      validity: `链接只能使用一次，${v.minutes} 分钟内有效。`,
      ignore: "如果你没有注册，请忽略这封邮件：没有这个链接不会创建账号。",
    }),
  },
};

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

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
