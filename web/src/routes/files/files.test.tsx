/**
 * `/files` against a scripted server: an admin's list from `GET /admin/system/files` with the
 * filters, sizes, links and the remembered grid/list view; a member's list from the messages
 * the stream delivered.
 */
import { describe, expect, it, vi } from "vitest";
import { FakeEventSource, ME, renderApp, session } from "../../test/render";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const GROUP = { gid: 1, owner: null, name: "general", description: null, members: [], is_public: true, avatar_updated_at: 0, pinned_messages: [] };
const NOW = Date.now();

const row = (mid: number, name: string, type: string, size: number, from_uid = 1, gid: number | null = 1) => ({
  mid,
  from_uid,
  gid,
  ext: name.split(".").pop(),
  content_type: "vocechat/file",
  content: `2026/3/15/00000000-0000-4000-8000-00000000000${mid}`,
  properties: JSON.stringify({ name, content_type: type, size }),
  created_at: NOW - mid * 60_000,
  expired: mid === 4,
});
const ROWS = [row(1, "Roadmap.pdf", "application/pdf", 2_500_000), row(2, "team.png", "image/png", 48_000, 2), row(3, "clip.mp4", "video/mp4", 12_345_678, 2), row(4, "old.zip", "application/zip", 999)];

const version = { "GET /api/admin/system/version": () => ({ body: "0.5.4" }) };

async function openAsAdmin() {
  const app = await renderApp({
    route: "/files",
    storage: session(),
    api: { ...version, "GET /api/user": () => ({ body: [ME, BOB] }), "GET /api/admin/system/files": () => ({ body: ROWS }) },
  });
  await app.openStream({ type: "related_groups", groups: [GROUP] });
  await app.findByText("Roadmap.pdf");
  return app;
}

const shownNames = () => [...document.querySelectorAll("[data-testid=file-name]")].map((el) => el.textContent);

describe("files screen", () => {
  it("lists the server's files for an admin, with sizes in units of 1000 and working links", async () => {
    const app = await openAsAdmin();
    expect(app.callsTo("GET", "/api/admin/system/files")[0].url).toBe("/api/admin/system/files?page=1&page_size=500");
    expect(shownNames()).toEqual(["Roadmap.pdf", "team.png", "clip.mp4", "old.zip"]);
    expect(app.getAllByTestId("file-size").map((el) => el.textContent)).toEqual(["2.5 MB", "48 kB", "12.3 MB", "999 B"]);
    const download = app.getByRole("link", { name: "Download Roadmap.pdf" }) as HTMLAnchorElement;
    expect(download.getAttribute("href")).toBe(`/api/resource/file?file_path=${encodeURIComponent(ROWS[0].content)}&download=true`);
    // An expired file has no download.
    expect(app.queryByRole("link", { name: "Download old.zip" })).toBeNull();
    expect(app.getAllByText("Expired").length).toBeGreaterThan(0);

    await app.user.click(app.getByRole("button", { name: "Open team.png in chat" }));
    await vi.waitFor(() => expect(app.path()).toBe("/chat/channel/1"));
  });

  it("filters by type, name, sender and date, and clears the filters", async () => {
    const app = await openAsAdmin();
    const { within } = app.rtl;
    const types = app.getByRole("toolbar", { name: "Filter by type" });
    expect(within(types).getByRole("button", { name: /^Documents/ }).textContent).toBe("Documents1");

    await app.user.click(within(types).getByRole("button", { name: /^Images/ }));
    expect(shownNames()).toEqual(["team.png"]);
    await app.user.click(within(types).getByRole("button", { name: /^All/ }));

    await app.user.type(app.getByRole("searchbox", { name: "Search by file name" }), "CLIP");
    expect(shownNames()).toEqual(["clip.mp4"]);
    await app.user.click(app.getByRole("button", { name: "Clear filters" }));
    expect(shownNames()).toHaveLength(4);

    await app.user.selectOptions(app.getByRole("combobox", { name: "Sender" }), "Bob Builder");
    expect(shownNames()).toEqual(["team.png", "clip.mp4"]);
    expect(app.getByTestId("file-count").textContent).toBe("Showing 2 of 4 files");
    await app.user.selectOptions(app.getByRole("combobox", { name: "Conversation" }), "#general");
    expect(shownNames()).toEqual(["team.png", "clip.mp4"]);
    await app.user.selectOptions(app.getByRole("combobox", { name: "Date" }), "Custom range");
    const from = app.getByLabelText("From");
    await app.user.type(from, "2001-01-01");
    expect(shownNames()).toEqual(["team.png", "clip.mp4"]);
    await app.user.click(app.getByRole("button", { name: "Clear filters" }));
    expect(shownNames()).toHaveLength(4);

    await app.user.type(app.getByRole("searchbox", { name: "Search by file name" }), "nothing like this");
    await app.findByText("No files match");
  });

  it("switches between grid and list and remembers the choice", async () => {
    const app = await openAsAdmin();
    expect(app.getByTestId("file-grid")).toBeTruthy();
    await app.user.click(app.getByRole("button", { name: "List view" }));
    expect(app.getByTestId("file-list")).toBeTruthy();
    expect(app.queryByTestId("file-grid")).toBeNull();
    expect(localStorage.getItem("parley:file_list_view")).toBe("item");
    expect(app.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).toBe("true");

    // A later visit opens in the remembered view.
    app.view.unmount();
    const again = await renderApp({ route: "/files", storage: { ...session(), "parley:file_list_view": "item" }, api: { ...version, "GET /api/admin/system/files": () => ({ body: ROWS }) } });
    await again.findByTestId("file-list");
    expect(again.queryByTestId("file-grid")).toBeNull();
  });

  it("lists a member's files from the messages the stream delivered", async () => {
    const storage = { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify(BOB), VOCECHAT_CURR_UID: "2" };
    const app = await renderApp({ route: "/files", storage, api: { ...version, "GET /api/user": () => ({ body: [ME, BOB] }), "GET /api/user/me": () => ({ body: BOB }) } });
    await vi.waitFor(() => expect(FakeEventSource.last()).toBeDefined(), { timeout: 10_000 });
    const file = (mid: number, name: string, target: object) => ({
      type: "chat",
      mid,
      from_uid: 1,
      created_at: NOW - mid,
      target,
      detail: { type: "normal", content_type: "vocechat/file", content: `2026/3/15/f-${mid}`, properties: { name, content_type: "text/plain", size: 1500 }, expires_in: null },
    });
    app.rtl.act(() => {
      const es = FakeEventSource.last();
      es.open();
      es.send({ type: "related_groups", groups: [GROUP] });
      es.send(file(10, "minutes.txt", { gid: 1 }));
      es.send(file(11, "secret.txt", { uid: 2 }));
      es.send({ type: "ready" });
    });
    await app.findByText("minutes.txt");
    expect(shownNames()).toEqual(["minutes.txt", "secret.txt"]);
    expect(app.callsTo("GET", "/api/admin/system/files")).toHaveLength(0);
    await app.user.selectOptions(app.getByRole("combobox", { name: "Conversation" }), "@Ada Admin");
    expect(shownNames()).toEqual(["secret.txt"]);
  });
});
