import { describe, expect, it } from "vitest";
import { mailLocale, renderMail, type MailTemplate } from "./templates.js";

describe("mail templates", () => {
  it("picks zh-CN for any Chinese tag and English for everything else", () => {
    expect(mailLocale("zh-CN")).toBe("zh-CN");
    expect(mailLocale("zh-Hant-TW")).toBe("zh-CN");
    expect(mailLocale("zh,en;q=0.8")).toBe("zh-CN");
    expect(mailLocale("en-US")).toBe("en");
    expect(mailLocale("de-DE,zh;q=0.9")).toBe("en");
    expect(mailLocale(null)).toBe("en");
  });

  it("renders every template in both languages as text and HTML carrying the link, escaped", () => {
    const link = "https://chat.example.com/?magic_token=abc&exists=false#/login";
    for (const template of ["login", "invite", "register"] as MailTemplate[]) {
      for (const locale of ["en", "zh-CN"] as const) {
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
