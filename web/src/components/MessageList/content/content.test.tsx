/**
 * Message content renderers with the real store and English strings: the file card's sizes in
 * units of 1000 and its download link, the burn-after-reading countdown (and the local removal at
 * zero), forwarded archives loaded through a fake fetch, and link previews following the setting.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import type { ReactNode } from "react";
import { initReactI18next } from "react-i18next";
import { Provider } from "react-redux";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Archive as ArchiveData } from "@parley/protocol";
import common from "../../../../public/locales/en/common.json";
import chat from "../../../../public/locales/en/chat.json";
import { store } from "../../../app/store";
import "../../../app/services";
import { addMessage, type StoredMessage } from "../../../app/slices/messages";
import { updateCommon } from "../../../app/slices/server";
import { setChatLayout } from "../../../app/slices/ui";
import MessageContent from "../MessageContent";
import Archive from "./Archive";
import FileCard from "./FileCard";
import { thumbnailSize } from "./format";
import { extractUrls } from "./links";
import { selectChatLayout } from "./layout";
import { copyImage } from "./copyImage";
import { getToasts, toast } from "../../../utils/toast";

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { common, chat } },
    ns: ["common", "chat"],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wrap = (ui: ReactNode) => render(<Provider store={store}>{ui}</Provider>);

/** A scripted server behind `fetch`: `METHOD /path` → [status, JSON body]. */
function fakeFetch(routes: Record<string, (url: URL) => [number, unknown]>) {
  const calls: string[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(req.url);
    calls.push(url.pathname + url.search);
    const route = routes[`${req.method} ${url.pathname}`];
    const [status, body] = route ? route(url) : [404, "Not Found"];
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { "Content-Type": typeof body === "string" ? "text/plain" : "application/json" } });
  });
  vi.stubGlobal("fetch", fn);
  return calls;
}

describe("file cards", () => {
  it("shows the card's name, size, kind and a download link with the file name", () => {
    wrap(
      <FileCard
        file={{ name: "Quarterly report.pdf", size: 2_345_678, contentType: "application/pdf" }}
        downloadUrl="/api/resource/file?file_path=2025%2F1%2F2%2Fabc&download=true"
        openUrl="/api/resource/file?file_path=2025%2F1%2F2%2Fabc"
      />,
    );
    const card = screen.getByTestId("file-card");
    expect(within(card).getByTestId("file-size").textContent).toBe("2.3 MB");
    expect(card.textContent).toContain("PDF document");
    expect(card.querySelector("[data-kind]")?.getAttribute("data-kind")).toBe("pdf");
    const download = within(card).getByRole("link", { name: "Download Quarterly report.pdf" });
    expect(download.getAttribute("download")).toBe("Quarterly report.pdf");
    expect(download.getAttribute("href")).toContain("download=true");
  });

  it("sizes thumbnails within 200–320 px, keeping the aspect ratio", () => {
    expect(thumbnailSize(1600, 1200)).toEqual({ width: 320, height: 240 });
    expect(thumbnailSize(600, 1200)).toEqual({ width: 160, height: 320 });
    expect(thumbnailSize(100, 50)).toEqual({ width: 200, height: 100 });
    expect(thumbnailSize(250, 250)).toEqual({ width: 250, height: 250 });
  });
});

describe("file messages", () => {
  const file = (props: Record<string, unknown>): StoredMessage => ({
    mid: 500,
    from_uid: 2,
    created_at: Date.now(),
    content_type: "vocechat/file",
    content: "2025/3/4/0f8fad5b-d9cb-469f-a165-70867728950e",
    properties: props,
  });

  it("shows a picture as its thumbnail in a box reserved from its dimensions", () => {
    wrap(<MessageContent message={file({ name: "cat.jpg", content_type: "image/jpeg", size: 80_000, width: 1600, height: 900 })} users={{}} />);
    const thumb = screen.getByTestId("image-thumb");
    expect(thumb.style.width).toBe("320px");
    expect(thumb.style.height).toBe("180px");
    expect(thumb.querySelector("img")?.getAttribute("src")).toBe("/api/resource/file?file_path=2025%2F3%2F4%2F0f8fad5b-d9cb-469f-a165-70867728950e&thumbnail=true");
    expect(screen.getByRole("button", { name: "Open image cat.jpg" })).toBeTruthy();
  });

  it("plays video and audio with preload=metadata and cards anything else", () => {
    const { unmount } = wrap(<MessageContent message={file({ name: "demo.mp4", content_type: "video/mp4", size: 5_000_000 })} users={{}} />);
    expect(screen.getByTestId("video-attachment").querySelector("video")?.getAttribute("preload")).toBe("metadata");
    unmount();
    const b = wrap(<MessageContent message={file({ name: "song.mp3", content_type: "audio/mpeg", size: 3_000_000 })} users={{}} />);
    expect(screen.getByTestId("audio-attachment").querySelector("audio")?.getAttribute("preload")).toBe("metadata");
    b.unmount();
    wrap(<MessageContent message={file({ name: "notes.zip", content_type: "application/zip", size: 42_000 })} users={{}} />);
    expect(screen.getByTestId("file-size").textContent).toBe("42 kB");
  });
});

describe("burn after reading", () => {
  it("counts down and removes the message locally at zero", async () => {
    vi.useFakeTimers({ now: new Date("2025-05-01T10:00:00Z"), toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
    const message: StoredMessage = { mid: 9001, from_uid: 2, created_at: Date.now(), content_type: "text/plain", content: "self-destructing note", properties: null, expires_in: 65 };
    store.dispatch(addMessage({ kind: "channel", id: 7, message }));
    wrap(<MessageContent message={message} users={{}} />);
    const badge = () => screen.queryByTestId("expiry-countdown");
    expect(badge()?.textContent).toBe("2m");
    expect(badge()?.getAttribute("aria-label")).toBe("Disappears in 2m");
    await act(async () => void vi.advanceTimersByTime(6_000));
    expect(badge()?.textContent).toBe("59s");
    await act(async () => void vi.advanceTimersByTime(58_000));
    expect(badge()?.textContent).toBe("1s");
    expect(store.getState().messages.channel[7]).toContain(9001);
    await act(async () => void vi.advanceTimersByTime(1_000));
    expect(badge()).toBeNull();
    expect(store.getState().messages.channel[7]).not.toContain(9001);
    expect(store.getState().messages.byId[9001]).toBeUndefined();
  });

  it("shows nothing for messages that do not expire", () => {
    wrap(<MessageContent message={{ mid: 1, from_uid: 2, created_at: Date.now(), content_type: "text/plain", content: "stays", properties: null, expires_in: null }} users={{}} />);
    expect(screen.queryByTestId("expiry-countdown")).toBeNull();
  });
});

const ARCHIVE: ArchiveData = {
  users: [
    { name: "Ada Admin", avatar: 0 },
    { name: "Bob Builder", avatar: null },
  ],
  messages: [
    { from_user: 0, created_at: Date.parse("2025-04-01T09:30:00Z"), mid: 11, source: { gid: 1 }, properties: null, content_type: "text/plain", content: "Kick-off is at ten", file_id: null, thumbnail_id: null },
    { from_user: 1, created_at: Date.parse("2025-04-01T09:31:00Z"), mid: 12, source: { gid: 1 }, properties: { name: "board.png", content_type: "image/png", size: 120_000, width: 800, height: 600 }, content_type: "vocechat/file", content: null, file_id: 1, thumbnail_id: 2 },
    { from_user: 1, created_at: Date.parse("2025-04-01T09:32:00Z"), mid: 13, source: { gid: 1 }, properties: { name: "agenda.pdf", content_type: "application/pdf", size: 1_250_000 }, content_type: "vocechat/file", content: null, file_id: 3, thumbnail_id: null },
  ],
  num_attachments: 4,
};

describe("forwarded archives", () => {
  it("loads the archive, shows a summary, and expands to every message with its files", async () => {
    const calls = fakeFetch({ "GET /api/resource/archive": (url) => (url.searchParams.get("file_path") === "2025/4/1/arch-1" ? [200, ARCHIVE] : [404, "Not Found"]) });
    wrap(<Archive filePath="2025/4/1/arch-1" />);
    const card = await screen.findByTestId("archive");
    expect(calls).toEqual(["/api/resource/archive?file_path=2025%2F4%2F1%2Farch-1"]);
    expect(within(card).getByTestId("archive-title").textContent).toBe("Forwarded 3 messages");
    expect(card.textContent).toContain("From Ada Admin, Bob Builder");
    // Collapsed: the first two as excerpts, and how many more.
    const excerpts = within(card).getAllByTestId("archive-excerpt");
    expect(excerpts).toHaveLength(2);
    expect(excerpts[0].textContent).toContain("Ada AdminKick-off is at ten");
    expect(excerpts[1].textContent).toContain("Bob Builder[Image] board.png");
    expect(card.textContent).toContain("and 1 more message");

    fireEvent.click(within(card).getByRole("button", { name: /Forwarded 3 messages/ }));
    const items = within(card).getAllByTestId("archive-message");
    expect(items.map((i) => within(i).getByTestId("archive-sender").textContent)).toEqual(["Ada Admin", "Bob Builder", "Bob Builder"]);
    expect(items[0].textContent).toContain("Kick-off is at ten");
    // The picture from the archive's thumbnail copy; the lightbox opens the file copy.
    const thumb = within(items[1]).getByTestId("image-thumb");
    expect(thumb.querySelector("img")?.getAttribute("src")).toBe("/api/resource/archive/attachment?file_path=2025%2F4%2F1%2Farch-1&attachment_id=2");
    expect(thumb.style.width).toBe("320px");
    // The file card, sized in units of 1000, downloading the archive's copy.
    const pdf = within(items[2]).getByTestId("file-card");
    expect(within(pdf).getByTestId("file-size").textContent).toBe("1.3 MB");
    expect(within(pdf).getByTestId("file-download").getAttribute("href")).toBe("/api/resource/archive/attachment?file_path=2025%2F4%2F1%2Farch-1&attachment_id=3&download=true");
    // Ada's avatar is attachment 0.
    expect(items[0].querySelector("img")?.getAttribute("src")).toBe("/api/resource/archive/attachment?file_path=2025%2F4%2F1%2Farch-1&attachment_id=0");
  });

  it("says so when the archive is gone", async () => {
    fakeFetch({});
    wrap(<Archive filePath="2020/1/1/expired" />);
    expect((await screen.findByTestId("archive-unavailable")).textContent).toContain("The forwarded messages are no longer available");
  });
});

describe("link previews", () => {
  const OG = { type: "website", title: "Parley docs", url: "https://docs.example.com/", images: [], audios: [], videos: [], favicon_url: null, description: "How to run your own chat server.", locale: null, locale_alternate: [], site_name: "Example Docs" };
  const text = (content: string, mid: number): StoredMessage => ({ mid, from_uid: 2, created_at: Date.now(), content_type: "text/plain", content, properties: null });

  it("finds links and leaves sentence punctuation out", () => {
    expect(extractUrls("see https://a.example/x, and (https://b.example/y).")).toEqual(["https://a.example/x", "https://b.example/y"]);
    expect(extractUrls("`https://code.example` and https://real.example", true)).toEqual(["https://real.example"]);
  });

  it("links URLs in plain text and shows the server's preview when the setting is on", async () => {
    const calls = fakeFetch({ "GET /api/resource/open_graphic_parse": () => [200, OG] });
    store.dispatch(updateCommon({ ext_setting: JSON.stringify({ enable_msg_url_preview: true }) }));
    wrap(<MessageContent message={text("Read https://docs.example.com/start first", 701)} users={{}} />);
    expect(screen.getByRole("link", { name: "https://docs.example.com/start" }).getAttribute("href")).toBe("https://docs.example.com/start");
    const card = await screen.findByTestId("link-preview");
    expect(within(card).getByTestId("link-preview-title").textContent).toBe("Parley docs");
    expect(within(card).getByTestId("link-preview-site").textContent).toBe("Example Docs");
    expect(card.textContent).toContain("How to run your own chat server.");
    expect(calls).toContain("/api/resource/open_graphic_parse?url=https%3A%2F%2Fdocs.example.com%2Fstart");
  });

  it("shows nothing for a failed (empty) preview, and asks nothing while the setting is off", async () => {
    const calls = fakeFetch({ "GET /api/resource/open_graphic_parse": () => [200, { ...OG, title: "", description: null }] });
    store.dispatch(updateCommon({ ext_setting: JSON.stringify({ enable_msg_url_preview: true }) }));
    const a = wrap(<MessageContent message={text("https://empty.example/page", 702)} users={{}} />);
    await waitFor(() => expect(calls).toContain("/api/resource/open_graphic_parse?url=https%3A%2F%2Fempty.example%2Fpage"));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("link-preview")).toBeNull();
    a.unmount();
    store.dispatch(updateCommon({ ext_setting: JSON.stringify({ enable_msg_url_preview: false }) }));
    wrap(<MessageContent message={text("https://off.example/page", 703)} users={{}} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.includes("off.example"))).toBe(false);
    expect(screen.queryByTestId("link-preview")).toBeNull();
  });
});

describe("chat layout", () => {
  it("follows the server default until this device picks one, and remembers the choice", () => {
    store.dispatch(updateCommon({ chat_layout_mode: "SelfRight" }));
    expect(selectChatLayout(store.getState())).toBe("SelfRight");
    store.dispatch(setChatLayout("Left"));
    expect(selectChatLayout(store.getState())).toBe("Left");
    expect(localStorage.getItem("parley:chat_layout")).toBe("Left");
  });
});

describe("copy image", () => {
  function clipboard() {
    const write = vi.fn(async (_items: unknown[]) => undefined);
    vi.stubGlobal("ClipboardItem", class {
      constructor(readonly items: Record<string, Blob>) {}
    });
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { write } });
    return write;
  }
  const image = (type: string) => vi.stubGlobal("fetch", vi.fn(async () => new Response(new Blob([new Uint8Array([1, 2, 3])], { type }), { headers: { "Content-Type": type } })));

  it("writes a PNG to the clipboard as image/png", async () => {
    toast.dismiss();
    const write = clipboard();
    image("image/png");
    await expect(copyImage("/api/resource/file?file_path=a")).resolves.toBe(true);
    const item = write.mock.calls[0][0][0] as { items: Record<string, Blob> };
    expect(Object.keys(item.items)).toEqual(["image/png"]);
    expect(getToasts().map((t) => t.message)).toContain("Copied!");
  });

  it("refuses other image types with the spec's text", async () => {
    toast.dismiss();
    const write = clipboard();
    image("image/gif");
    await expect(copyImage("/api/resource/file?file_path=b")).resolves.toBe(false);
    expect(write).not.toHaveBeenCalled();
    expect(getToasts().map((t) => t.message)).toContain("Cannot copy this type of image to clipboard");
  });

  it("says it cannot get the image when the download fails", async () => {
    toast.dismiss();
    clipboard();
    vi.stubGlobal("fetch", vi.fn(async () => new Response("gone", { status: 404 })));
    await expect(copyImage("/api/resource/file?file_path=c")).resolves.toBe(false);
    expect(getToasts().map((t) => t.message)).toContain("Cannot get blob from image element");
  });
});
