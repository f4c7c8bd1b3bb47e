/**
 * `/favs` against a scripted server: saved items listed newest first and rendered from their
 * archives (favorite attachment URLs), filtered by kind, and removed after confirming.
 */
import { describe, expect, it, vi } from "vitest";
import { ME, renderApp, session } from "../../test/render";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const GROUP = { gid: 1, owner: null, name: "general", description: null, members: [], is_public: true, avatar_updated_at: 0, pinned_messages: [] };
const text = (mid: number, content: string) => ({
  from_user: 0,
  created_at: 1_700_000_000_000 + mid,
  mid,
  source: { gid: 1 },
  properties: null,
  content_type: "text/plain",
  content,
  file_id: null,
  thumbnail_id: null,
});
const ARCHIVES: Record<string, object> = {
  "fav-text": { users: [{ name: "Ada Admin", avatar: null }], messages: [text(5, "Remember the launch checklist")], num_attachments: 0 },
  "fav-pdf": {
    users: [{ name: "Bob Builder", avatar: null }],
    messages: [
      {
        ...text(6, ""),
        content: null,
        content_type: "vocechat/file",
        properties: { name: "budget.pdf", content_type: "application/pdf", size: 1_200_000 },
        file_id: 0,
        source: { uid: 2 },
      },
    ],
    num_attachments: 1,
  },
};

async function open(list = [
  { id: "fav-text", created_at: 1_700_000_100_000 },
  { id: "fav-pdf", created_at: 1_700_000_200_000 },
]) {
  let favorites = [...list];
  const app = await renderApp({
    route: "/favs",
    storage: session(),
    api: {
      "GET /api/user": () => ({ body: [ME, BOB] }),
      "GET /api/favorite": () => ({ body: favorites }),
      "GET /api/favorite/fav-text": () => ({ body: ARCHIVES["fav-text"] }),
      "GET /api/favorite/fav-pdf": () => ({ body: ARCHIVES["fav-pdf"] }),
      "DELETE /api/favorite/fav-text": () => {
        favorites = favorites.filter((f) => f.id !== "fav-text");
        return { body: "" };
      },
    },
  });
  await app.openStream({ type: "related_groups", groups: [GROUP] });
  return app;
}

describe("saved items", () => {
  it("shows the empty state when nothing is saved", async () => {
    const app = await open([]);
    await app.findByText("No saved items yet");
  });

  it("renders each saved item newest first, with its source, and the favorite's attachment URLs", async () => {
    const app = await open();
    await app.findByText("Remember the launch checklist");
    await app.findByText("budget.pdf");
    const cards = app.getAllByTestId("favorite");
    expect(cards.map((c) => c.querySelector("[data-testid=favorite-source]")?.textContent)).toEqual(["Bob Builder", "general"]);
    const link = [...document.querySelectorAll<HTMLAnchorElement>("a[href*='/api/favorite/attachment/']")].map((a) => a.getAttribute("href"));
    expect(link).toContain("/api/favorite/attachment/1/fav-pdf/0?download=true");
    expect(app.getByText("2 saved items")).toBeTruthy();
  });

  it("filters by kind", async () => {
    const app = await open();
    await app.findByText("budget.pdf");
    const { within } = app.rtl;
    const bar = app.getByRole("toolbar", { name: "Filter by kind" });
    await app.user.click(within(bar).getByRole("button", { name: /^Files/ }));
    expect(app.getAllByTestId("favorite").filter((c) => !c.hidden)).toHaveLength(1);
    expect(app.getByText("Remember the launch checklist").closest("article")?.hidden).toBe(true);
    await app.user.click(within(bar).getByRole("button", { name: /^Text/ }));
    expect(app.getByText("budget.pdf").closest("article")?.hidden).toBe(true);
    // No saved video: its chip is disabled.
    expect((within(bar).getByRole("button", { name: /^Videos/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("removes a saved item after confirming", async () => {
    const app = await open();
    await app.findByText("Remember the launch checklist");
    const { within } = app.rtl;
    const card = app.getByText("Remember the launch checklist").closest("article")!;
    await app.user.click(within(card).getByRole("button", { name: "Remove" }));
    const dialog = await app.findByRole("dialog", { name: "Remove this saved item?" });
    await app.user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await app.findByText("Delete Successfully!");
    await vi.waitFor(() => expect(app.queryByText("Remember the launch checklist")).toBeNull());
    expect(app.callsTo("DELETE", "/api/favorite/fav-text")).toHaveLength(1);
    expect(app.getAllByTestId("favorite")).toHaveLength(1);
  });
});
