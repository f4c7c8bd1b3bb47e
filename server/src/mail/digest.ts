/**
 * The unread-messages digest (docs/NOTIFICATIONS.md "E-mail digest"): one mail listing the
 * conversations with unread messages, the latest few of each, and a link to each, as plain text
 * and HTML in the recipient's language (`mailLocale`, as the other mails).
 */
import { mailLocale, type MailLocale, type RenderedMail } from "./templates.js";

export interface DigestMessage {
  sender: string;
  /** The text, or null when previews are off or it is not text (a file, a forward). */
  preview: string | null;
  kind: "text" | "file" | "other";
}

export interface DigestConversation {
  /** `#general` for a channel, the person's name for a DM. */
  title: string;
  url: string;
  /** How many unread messages it has. */
  unread: number;
  /** The latest of them, oldest first (at most `LATEST_PER_CONVERSATION`). */
  latest: DigestMessage[];
}

interface DigestTexts {
  subject: (server: string, count: number) => string;
  heading: string;
  intro: (server: string) => string;
  open: string;
  more: (n: number) => string;
  file: string;
  other: string;
  footer: string;
}

export const LATEST_PER_CONVERSATION = 3;

const TEXTS: Record<MailLocale, DigestTexts> = {
  en: {
    subject: (s, n) => `${n} unread message${n === 1 ? "" : "s"} on ${s}`,
    heading: "You have unread messages",
    intro: (s) => `These messages on ${s} are waiting for you:`,
    open: "Open the conversation",
    more: (n) => `and ${n} more`,
    file: "[File]",
    other: "[New message]",
    footer: "You get this e-mail because e-mail notifications are on in your settings.",
  },
  "zh-CN": {
    subject: (s, n) => `${s} 上有 ${n} 条未读消息`,
    heading: "你有未读消息",
    intro: (s) => `${s} 上的这些消息在等你：`,
    open: "打开会话",
    more: (n) => `还有 ${n} 条`,
    file: "[文件]",
    other: "[新消息]",
    footer: "你收到这封邮件，是因为你在设置中开启了邮件通知。",
  },
  ja: {
    subject: (s, n) => `${s} に未読メッセージが ${n} 件あります`,
    heading: "未読のメッセージがあります",
    intro: (s) => `${s} で次のメッセージがあなたを待っています：`,
    open: "会話を開く",
    more: (n) => `ほか ${n} 件`,
    file: "[ファイル]",
    other: "[新しいメッセージ]",
    footer: "設定でメール通知がオンになっているため、このメールが送信されました。",
  },
  de: {
    subject: (s, n) => `${n} ungelesene Nachricht${n === 1 ? "" : "en"} auf ${s}`,
    heading: "Du hast ungelesene Nachrichten",
    intro: (s) => `Diese Nachrichten auf ${s} warten auf dich:`,
    open: "Unterhaltung öffnen",
    more: (n) => `und ${n} weitere`,
    file: "[Datei]",
    other: "[Neue Nachricht]",
    footer: "Du erhältst diese E-Mail, weil E-Mail-Benachrichtigungen in deinen Einstellungen aktiviert sind.",
  },
  es: {
    subject: (s, n) => `${n} mensaje${n === 1 ? "" : "s"} sin leer en ${s}`,
    heading: "Tienes mensajes sin leer",
    intro: (s) => `Estos mensajes de ${s} te están esperando:`,
    open: "Abrir la conversación",
    more: (n) => `y ${n} más`,
    file: "[Archivo]",
    other: "[Mensaje nuevo]",
    footer: "Recibes este correo porque las notificaciones por correo están activadas en tu configuración.",
  },
  fr: {
    subject: (s, n) => `${n} message${n === 1 ? "" : "s"} non lu${n === 1 ? "" : "s"} sur ${s}`,
    heading: "Vous avez des messages non lus",
    intro: (s) => `Ces messages sur ${s} vous attendent :`,
    open: "Ouvrir la conversation",
    more: (n) => `et ${n} de plus`,
    file: "[Fichier]",
    other: "[Nouveau message]",
    footer: "Vous recevez cet e-mail car les notifications par e-mail sont activées dans vos paramètres.",
  },
  pt: {
    subject: (s, n) => `${n} mensage${n === 1 ? "m" : "ns"} não lida${n === 1 ? "" : "s"} em ${s}`,
    heading: "Você tem mensagens não lidas",
    intro: (s) => `Estas mensagens em ${s} estão esperando por você:`,
    open: "Abrir a conversa",
    more: (n) => `e mais ${n}`,
    file: "[Arquivo]",
    other: "[Nova mensagem]",
    footer: "Você recebe este e-mail porque as notificações por e-mail estão ativadas nas suas configurações.",
  },
  ru: {
    subject: (s, n) => `Непрочитанных сообщений на ${s}: ${n}`,
    heading: "У вас есть непрочитанные сообщения",
    intro: (s) => `Эти сообщения на ${s} ждут вас:`,
    open: "Открыть беседу",
    more: (n) => `и ещё ${n}`,
    file: "[Файл]",
    other: "[Новое сообщение]",
    footer: "Вы получили это письмо, потому что в ваших настройках включены уведомления по электронной почте.",
  },
  tr: {
    subject: (s, n) => `${s} üzerinde ${n} okunmamış mesaj`,
    heading: "Okunmamış mesajlarınız var",
    intro: (s) => `${s} üzerindeki bu mesajlar sizi bekliyor:`,
    open: "Sohbeti aç",
    more: (n) => `ve ${n} tane daha`,
    file: "[Dosya]",
    other: "[Yeni mesaj]",
    footer: "Ayarlarınızda e-posta bildirimleri açık olduğu için bu e-postayı alıyorsunuz.",
  },
};

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const lineOf = (t: DigestTexts, m: DigestMessage): string => `${m.sender}: ${m.preview ?? (m.kind === "file" ? t.file : t.other)}`;

/** The digest in `language` (the recipient's account language, VoceChat's codes). */
export function renderDigest(language: string | null | undefined, server: string, conversations: readonly DigestConversation[]): RenderedMail {
  const locale = mailLocale(language);
  const t = TEXTS[locale];
  const count = conversations.reduce((n, c) => n + c.unread, 0);
  const subject = t.subject(server, count);
  const text: string[] = [t.heading, "", t.intro(server), ""];
  const blocks: string[] = [];
  for (const c of conversations) {
    const hidden = c.unread - c.latest.length;
    text.push(c.title, ...c.latest.map((m) => `  ${lineOf(t, m)}`));
    if (hidden > 0) text.push(`  (${t.more(hidden)})`);
    text.push(`  ${c.url}`, "");
    blocks.push(`<div style="margin:0 0 20px;padding:16px;border:1px solid #e4e4e7;border-radius:8px">
<p style="margin:0 0 8px;font-weight:600">${escapeHtml(c.title)}</p>
${c.latest.map((m) => `<p style="margin:0 0 4px;line-height:1.5;color:#3f3f46">${escapeHtml(lineOf(t, m))}</p>`).join("\n")}
${hidden > 0 ? `<p style="margin:0 0 4px;font-size:13px;color:#71717a">${escapeHtml(t.more(hidden))}</p>` : ""}
<p style="margin:8px 0 0"><a href="${escapeHtml(c.url)}" style="color:#16a34a;font-weight:600">${escapeHtml(t.open)}</a></p>
</div>`);
  }
  text.push(t.footer, "");
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#18181b">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t.heading)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(t.intro(server))}</p>
${blocks.join("\n")}
<p style="margin:16px 0 0;font-size:12px;color:#a1a1aa">${escapeHtml(t.footer)}</p>
</div>
</body>
</html>
`;
  return { subject, text: text.join("\n"), html };
}
