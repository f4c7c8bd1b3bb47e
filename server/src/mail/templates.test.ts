import { describe, expect, it } from "vitest";
import { mailLocale, pushTexts, renderMail, type MailTemplate } from "./templates.js";

describe("mail templates", () => {
  it.each([
    ["zh-CN", "zh-CN"],
    ["zh-Hant-TW", "zh-CN"],
    ["zh,en;q=0.8", "zh-CN"],
    ["en-US", "en"],
    ["de-DE,zh;q=0.9", "de"],
    ["jp", "ja"],
    ["ja-JP", "ja"],
    ["pt-BR", "pt"],
    ["ru;q=0.9", "ru"],
    ["tr", "tr"],
    ["ko-KR", "en"],
    [null, "en"],
  ])("picks the first language's texts (any Chinese tag zh-CN, ja and VoceChat's jp ja, else English): %s → %s", (language, locale) => {
    expect(mailLocale(language)).toBe(locale);
  });

  it("has its own texts in each language (not English under another name)", () => {
    const vars = { server: "Acme", link: "https://x.test/", minutes: 15 };
    const english = renderMail("login", "en", vars).subject;
    const subjects = (["zh-CN", "ja", "de", "es", "fr", "pt", "ru", "tr"] as const).map((l) => renderMail("login", l, vars).subject);
    expect(subjects).not.toContain(english);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it("gives push notifications their words in the recipient's language, English for one without texts", () => {
    expect(pushTexts("de-DE")).toEqual({ newMessage: "Neue Nachricht", file: "Hat eine Datei gesendet" });
    expect(pushTexts("jp").newMessage).toBe("新しいメッセージ");
    expect(pushTexts("ko")).toEqual(pushTexts("en"));
    const others = (["zh-CN", "ja", "de", "es", "fr", "pt", "ru", "tr"] as const).map((l) => pushTexts(l).newMessage);
    expect(others).not.toContain(pushTexts("en").newMessage);
    expect(new Set(others).size).toBe(others.length);
  });

  it("renders every template in every language as text and HTML carrying the link, escaped", () => {
    const link = "https://chat.example.com/?magic_token=abc&exists=false#/login";
    for (const template of ["login", "invite", "register"] as MailTemplate[]) {
      for (const locale of ["en", "zh-CN", "ja", "de", "es", "fr", "pt", "ru", "tr"] as const) {
        const mail = renderMail(template, locale, { server: "Acme <Team>", link, minutes: 15 });
        expect(mail.subject).toContain("Acme <Team>");
        expect(mail.text).toContain(link);
        expect(mail.text).toContain("15");
        expect(mail.html).toContain('href="https://chat.example.com/?magic_token=abc&amp;exists=false#/login"');
        expect(mail.html).toContain("Acme &lt;Team&gt;");
        expect(mail.html).not.toContain("<Team>");
        expect(mail.html).toContain(`lang="${locale}"`);
      }
    }
  });
});
