import { describe, expect, it } from "vitest";
import { renderDigest, type DigestConversation } from "./digest.js";

const conversations: DigestConversation[] = [
  { title: "#general", url: "https://chat.example.com/#/chat/channel/1", unread: 5, latest: [{ sender: "Ada", preview: "a <script>", kind: "text" }, { sender: "Bob", preview: null, kind: "file" }, { sender: "Bob", preview: null, kind: "other" }] },
  { title: "Carol", url: "https://chat.example.com/#/chat/dm/3", unread: 1, latest: [{ sender: "Carol", preview: "hi", kind: "text" }] },
];

describe("the unread-messages digest", () => {
  it("lists each conversation with its latest messages, how many more, and its link, in text and HTML", () => {
    const mail = renderDigest("en-US", "Parley", conversations);
    expect(mail.subject).toBe("6 unread messages on Parley");
    expect(mail.text).toContain("#general\n  Ada: a <script>\n  Bob: [File]\n  Bob: [New message]\n  (and 2 more)\n  https://chat.example.com/#/chat/channel/1\n");
    expect(mail.text).toContain("Carol\n  Carol: hi\n  https://chat.example.com/#/chat/dm/3\n");
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("Ada: a &lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="https://chat.example.com/#/chat/dm/3"');
  });

  it.each([
    ["zh-CN", "zh", "条未读消息"],
    ["ja", "jp", "未読メッセージ"],
    ["de", "de", "ungelesene Nachrichten"],
    ["es", "es", "mensajes sin leer"],
    ["fr", "fr", "messages non lus"],
    ["pt", "pt-BR", "mensagens não lidas"],
    ["ru", "ru", "Непрочитанных сообщений"],
    ["tr", "tr", "okunmamış mesaj"],
  ])("in %s for the account language %s", (locale, language, words) => {
    const mail = renderDigest(language, "Parley", conversations);
    expect(mail.subject).toContain(words);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.text).not.toContain("waiting for you");
  });
});
