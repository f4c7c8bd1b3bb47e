/**
 * Mentions in markdown messages, rendered by the real renderer: prose mentions become names,
 * while code (inline, fenced, indented) keeps `@<uid>` as written.
 */
import { cleanup, render } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StoredUser } from "../../app/slices/users";
import Markdown from "./Markdown";

const users = { 1: { uid: 1, name: "Ada" }, 2: { uid: 2, name: "Bob [x] *y*" } } as unknown as Record<number, StoredUser>;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { chat: {} } }, react: { useSuspense: false }, showSupportNotice: false });
});
afterEach(cleanup);

function renderMarkdown(text: string) {
  const { container } = render(<Markdown text={text} users={users} />);
  const mentions = [...container.querySelectorAll<HTMLElement>("[data-mention]")].map((el) => `${el.dataset.mention}=${el.textContent}`);
  const code = [...container.querySelectorAll("code")].map((el) => el.textContent);
  return { container, mentions, code };
}

describe("mentions in markdown", () => {
  it("shows known mentions in prose by name, the name as plain text", () => {
    const { mentions, container } = renderMarkdown("hi @1 and @2 \n\n- item @1\n\n**@2**");
    expect(mentions).toEqual(["1=@Ada", "2=@Bob [x] *y*", "1=@Ada", "2=@Bob [x] *y*"]);
    expect(container.querySelector("[data-mention]")?.className).toContain("bg-primary-100");
    expect(container.textContent).not.toContain("@1");
  });

  it("leaves unknown uids and @digits inside a word alone", () => {
    const { mentions, container } = renderMarkdown("@9 a@1 x@2y");
    expect(mentions).toEqual([]);
    expect(container.textContent).toBe("@9 a@1 x@2y");
  });

  it("never turns a mention in inline code into a name", () => {
    const { mentions, code } = renderMarkdown("see `@1` and ``a @1 b`` but @1 ");
    expect(code).toEqual(["@1", "a @1 b"]);
    expect(mentions).toEqual(["1=@Ada"]);
  });

  it("never turns a mention in a fenced block into a name", () => {
    const { mentions, code } = renderMarkdown("```\n@1\nhi @2\n```\n\n~~~js\n@1 \n~~~\n@1");
    expect(code).toEqual(["@1\nhi @2\n", "@1 \n"]);
    expect(mentions).toEqual(["1=@Ada"]);
  });

  it("never turns a mention in an indented block into a name", () => {
    const { mentions, code } = renderMarkdown("text @2\n\n    @1 in code\n    more @2\n");
    expect(code).toEqual(["@1 in code\nmore @2\n"]);
    expect(mentions).toEqual(["2=@Bob [x] *y*"]);
  });

  it("keeps a mention in a link's text inside the link, and leaves one in its address or in code in it alone", () => {
    const { container, mentions, code } = renderMarkdown("[ask @1 ](https://example.com/@1) [`@2`](https://example.com) https://example.com/@1");
    const links = [...container.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/@1", "https://example.com", "https://example.com/@1"]);
    expect(links[0].querySelector("[data-mention]")?.textContent).toBe("@Ada");
    expect(mentions).toEqual(["1=@Ada"]);
    expect(code).toEqual(["@2"]);
    expect(links[2].textContent).toBe("https://example.com/@1");
  });
});
