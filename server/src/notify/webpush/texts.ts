import { mailLocale, type MailLocale } from "../../mail/templates.js";

/** The words of a push notification without a preview, in the recipient's language. */
const TEXTS: Record<MailLocale, { newMessage: string; file: string }> = {
  en: { newMessage: "New message", file: "Sent a file" },
  "zh-CN": { newMessage: "新消息", file: "发送了一个文件" },
  ja: { newMessage: "新しいメッセージ", file: "ファイルを送信しました" },
  de: { newMessage: "Neue Nachricht", file: "Hat eine Datei gesendet" },
  es: { newMessage: "Mensaje nuevo", file: "Envió un archivo" },
  fr: { newMessage: "Nouveau message", file: "A envoyé un fichier" },
  pt: { newMessage: "Nova mensagem", file: "Enviou um arquivo" },
  ru: { newMessage: "Новое сообщение", file: "Отправил(а) файл" },
  tr: { newMessage: "Yeni mesaj", file: "Bir dosya gönderdi" },
};

export const pushTexts = (language: string | null | undefined) => TEXTS[mailLocale(language)];
