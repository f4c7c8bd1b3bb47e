import { describe, expect, it } from "vitest";
import { mailLocale, renderMail, type MailTemplate } from "./templates.js";

describe("mail templates", () => {
  it("picks the first language's texts: zh-CN for any Chinese tag, ja for ja and VoceChat's jp, English for the rest", () => {
    expect(mailLocale("zh-CN")).toBe("zh-CN");
    expect(mailLocale("zh-Hant-TW")).toBe("zh-CN");
    expect(mailLocale("zh,en;q=0.8")).toBe("zh-CN");
    expect(mailLocale("en-US")).toBe("en");
    expect(mailLocale("de-DE,zh;q=0.9")).toBe("de");
    expect(mailLocale("jp")).toBe("ja");
    expect(mailLocale("ja-JP")).toBe("ja");
    expect(mailLocale("pt-BR")).toBe("pt");
    expect(mailLocale("ru;q=0.9")).toBe("ru");
    expect(mailLocale("tr")).toBe("tr");
    expect(mailLocale("ko-KR")).toBe("en");
    expect(mailLocale(null)).toBe("en");
  });

  it("has its own texts in each language (not English under another name)", () => {
    const vars = { server: "Acme", link: "https://x.test/", minutes: 15 };
    const english = renderMail("login", "en", vars).subject;
    const subjects = (["zh-CN", "ja", "de", "es", "fr", "pt", "ru", "tr"] as const).map((l) => renderMail("login", l, vars).subject);
    expect(subjects).not.toContain(english);
    expect(new Set(subjects).size).toBe(subjects.length);
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
