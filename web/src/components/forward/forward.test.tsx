/**
 * The message toolbar's more menu against a scripted server: forwarding through the target
 * picker (archive, then a `vocechat/archive` send per target and the note), pinning, saving, and
 * multi-select mode with its bar (counts, refusals with reasons, bulk delete, Esc).
 */
import { describe, expect, it, vi } from "vitest";
import { GROUP, ME, renderApp, session, type Handler } from "../../test/render";

// happy-dom lays nothing out, so the real virtualized list would render one row: a plain list
// stands in for it (these tests are about the actions, not virtualization).
vi.mock("react-virtuoso", () => import("../../test/plainVirtuoso"));

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const CAROL = { ...ME, uid: 3, email: "carol@example.com", name: "Carol", is_admin: false };
const msg = (mid: number, from_uid: number, content: string) => ({
  mid,
  from_uid,
  created_at: Date.now() - 60_000 + mid,
  target: { gid: 1 },
  detail: { type: "normal", content, content_type: "text/plain", properties: null, expires_in: null },
});
const HISTORY = [msg(41, 1, "Ship it on Friday"), msg(42, 2, "Bob agrees with that"), msg(43, 1, "Release notes are in the doc")];

async function openChannel(me = ME, api: Record<string, Handler> = {}) {
  const storage = { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify(me), VOCECHAT_CURR_UID: String(me.uid) };
  const app = await renderApp({
    route: "/chat/channel/1",
    storage,
    api: {
      "GET /api/user": () => ({ body: [me, BOB, CAROL].filter((u, i, all) => all.findIndex((x) => x.uid === u.uid) === i) }),
      "GET /api/user/me": () => ({ body: me }),
      "GET /api/group/1/history": () => ({ body: HISTORY }),
      ...api,
    },
  });
  const es = await app.openStream({ type: "related_groups", groups: [GROUP] });
  await vi.waitFor(() => expect(document.querySelectorAll("[data-testid=message]").length).toBe(3), { timeout: 8_000 });
  return { ...app, es };
}

const row = (text: string) => {
  const el = [...document.querySelectorAll<HTMLElement>("[data-testid=message]")].find((m) => m.textContent?.includes(text));
  if (!el) throw new Error(`no message "${text}"`);
  return el;
};

describe("message more menu", () => {
  it("forwards a message to the picked people with a note", async () => {
    const app = await openChannel(ME, {
      "POST /api/resource/archive": () => ({ body: JSON.stringify("2026/11/22/archive-uuid") }),
      "POST /api/user/2/send": () => ({ body: 101 }),
      "POST /api/group/1/send": () => ({ body: 102 }),
    });
    const { within } = app.rtl;
    await app.user.click(within(row("Ship it on Friday")).getByRole("button", { name: "More actions" }));
    await app.user.click(await app.findByRole("menuitem", { name: "Forward" }));
    const dialog = await app.findByRole("dialog", { name: "Forward message" });
    expect(within(dialog).getByText("Ship it on Friday")).toBeTruthy();
    const send = within(dialog).getByRole("button", { name: "Forward" });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    // Channels and people are listed; the search narrows them; Enter picks the active option.
    const options = within(dialog).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining([expect.stringContaining("general"), expect.stringContaining("Bob Builder"), expect.stringContaining("Carol")]));
    expect(options.some((o) => o.textContent?.includes("Ada Admin"))).toBe(false);
    const search = within(dialog).getByRole("combobox", { name: "Search channels and people" });
    await app.user.type(search, "bob");
    expect(within(dialog).getAllByRole("option").map((o) => o.textContent)).toEqual([expect.stringContaining("Bob Builder")]);
    await app.user.keyboard("{Enter}");
    expect(within(dialog).getByRole("option", { name: /Bob Builder/ }).getAttribute("aria-selected")).toBe("true");
    // A click picks the channel too; its chip's remove button takes it out again.
    await app.user.clear(search);
    await app.user.click(within(dialog).getByRole("option", { name: /general/ }));
    await app.user.click(within(dialog).getByRole("button", { name: "Remove general" }));
    expect(within(dialog).getByRole("option", { name: /general/ }).getAttribute("aria-selected")).toBe("false");

    await app.user.type(within(dialog).getByRole("textbox", { name: /Add a message/ }), "FYI");
    await app.user.click(within(dialog).getByRole("button", { name: "Forward to 1 conversation" }));

    await vi.waitFor(() => expect(app.callsTo("POST", "/api/user/2/send").length).toBe(2), { timeout: 5_000 });
    expect(app.callsTo("POST", "/api/resource/archive")[0].body).toEqual({ mid_list: [41] });
    const [archive, note] = app.callsTo("POST", "/api/user/2/send");
    expect(archive.headers["content-type"]).toBe("vocechat/archive");
    expect(archive.body).toBe("2026/11/22/archive-uuid");
    expect(note.headers["content-type"]).toBe("text/plain");
    expect(note.body).toBe("FYI");
    expect(app.callsTo("POST", "/api/group/1/send")).toEqual([]);
    await app.findByText("Forwarded");
    await vi.waitFor(() => expect(app.queryByRole("dialog")).toBeNull(), { timeout: 5_000 });
  });

  it("pins for an admin (then offers Unpin once the event arrives), saves and copies", async () => {
    const app = await openChannel(ME, {
      "POST /api/group/1/pin": () => ({ body: "" }),
      "POST /api/favorite": () => ({ body: { id: "fav-1", created_at: Date.now() } }),
    });
    const { within } = app.rtl;
    const more = () => within(row("Bob agrees")).getByRole("button", { name: "More actions" });
    await app.user.click(more());
    await app.user.click(await app.findByRole("menuitem", { name: "Pin to channel" }));
    await app.findByText("Pin Message Successfully!");
    expect(app.callsTo("POST", "/api/group/1/pin")[0].body).toEqual({ mid: 42 });
    app.rtl.act(() =>
      app.es.send({ type: "pinned_message_updated", gid: 1, mid: 42, msg: { mid: 42, created_by: 1, created_at: Date.now(), properties: null, content_type: "text/plain", content: "Bob agrees with that" } }),
    );
    await app.user.click(more());
    expect(await app.findByRole("menuitem", { name: "Unpin from channel" })).toBeTruthy();

    await app.user.click(app.getByRole("menuitem", { name: "Save message" }));
    await app.findByText("Saved to your saved items");
    expect(app.callsTo("POST", "/api/favorite")[0].body).toEqual({ mid_list: [42] });

    await app.user.click(more());
    await app.user.click(await app.findByRole("menuitem", { name: "Copy text" }));
    // user-event's clipboard stands in for the browser's.
    await app.findByText("Copied!");
    await expect(navigator.clipboard.readText()).resolves.toBe("Bob agrees with that");
  });

  it("offers no pinning to a member of a public channel", async () => {
    const app = await openChannel(BOB);
    await app.user.click(app.rtl.within(row("Ship it")).getByRole("button", { name: "More actions" }));
    await app.findByRole("menuitem", { name: "Forward" });
    expect(app.queryByRole("menuitem", { name: "Pin to channel" })).toBeNull();
  });
});

describe("multi-select mode", () => {
  it("ticks rows, refuses deleting others' messages with a reason, bulk deletes own ones", async () => {
    const app = await openChannel(BOB, { "DELETE /api/message/bulk/41,42": () => ({ body: 2 }), "DELETE /api/message/bulk/42": () => ({ body: 1 }) });
    const { within } = app.rtl;
    await app.user.click(within(row("Bob agrees")).getByRole("button", { name: "More actions" }));
    await app.user.click(await app.findByRole("menuitem", { name: "Select messages" }));
    const bar = await app.findByRole("region", { name: "Selected messages" });
    expect(within(bar).getByTestId("selection-count").textContent).toBe("1 message selected");
    // The composer is hidden, the toolbar gone, every row a checkbox.
    expect(app.queryByRole("toolbar", { name: "Message actions" })).toBeNull();
    const boxes = app.getAllByRole("checkbox", { name: /^Select message from/ });
    expect(boxes.map((b) => b.getAttribute("aria-checked"))).toEqual(["false", "true", "false"]);

    await app.user.click(boxes[0]);
    expect(within(bar).getByTestId("selection-count").textContent).toBe("2 messages selected");
    const del = within(bar).getByRole("button", { name: "Delete" }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(within(bar).getByTestId("selection-hint").textContent).toBe("You can only delete your own messages");
    expect((within(bar).getByRole("button", { name: "Forward" }) as HTMLButtonElement).disabled).toBe(false);

    await app.user.click(boxes[0]);
    expect(del.disabled).toBe(false);
    await app.user.click(del);
    const confirm = await app.findByRole("dialog", { name: "Delete Message" });
    await app.user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await app.findByText("Delete Successfully!");
    expect(app.callsTo("DELETE", "/api/message/bulk/42").length).toBe(1);
    await vi.waitFor(() => expect(app.queryByRole("region", { name: "Selected messages" })).toBeNull(), { timeout: 5_000 });
    expect(app.queryAllByRole("checkbox", { name: /^Select message from/ })).toEqual([]);
  });

  it("leaves the mode with Esc and with the close button", async () => {
    const app = await openChannel(ME);
    const { within } = app.rtl;
    await app.user.click(within(row("Ship it")).getByRole("button", { name: "More actions" }));
    await app.user.click(await app.findByRole("menuitem", { name: "Select messages" }));
    await app.findByRole("region", { name: "Selected messages" });
    await app.user.keyboard("{Escape}");
    await vi.waitFor(() => expect(app.queryByRole("region", { name: "Selected messages" })).toBeNull(), { timeout: 5_000 });

    await app.user.click(within(row("Ship it")).getByRole("button", { name: "More actions" }));
    await app.user.click(await app.findByRole("menuitem", { name: "Select messages" }));
    const bar = await app.findByRole("region", { name: "Selected messages" });
    await app.user.click(within(bar).getByRole("button", { name: "Cancel selection" }));
    await vi.waitFor(() => expect(app.queryByRole("region", { name: "Selected messages" })).toBeNull(), { timeout: 5_000 });
  });
});
