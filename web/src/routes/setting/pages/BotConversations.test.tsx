/**
 * The admin bot viewer on the Bot & Webhook page (docs/API.md "Bots"): the bot's conversations
 * paged with "Load more", the one picked read-only beside them (its history through the chat's
 * message list, paged back with `before`), and the loading, empty and error states.
 */
import { describe, expect, it, vi } from "vitest";
import { HISTORY_PAGE_SIZE, type AdminUser, type BotConversation, type ChatMessage } from "@parley/protocol";
import { GROUP, ME, renderApp, session, type Handler, type RecordedCall } from "../../../test/render";

// The rows of the history in a plain list (happy-dom lays nothing out), its top in view.
vi.mock("react-virtuoso", () => import("../../../test/plainVirtuoso"));

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const BOT_INFO = { ...ME, uid: 7, email: null, name: "Relay", is_admin: false, is_bot: true };
const BOT: AdminUser = {
  ...BOT_INFO,
  email: "bot-1@bot.parley.invalid",
  password: "",
  in_online: false,
  online_devices: [],
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
  status: "normal",
  create_by: "password",
  webhook_url: null,
  is_public: false,
};

const T0 = 1_700_000_000_000;
const dm = (uid: number, last_mid: number): BotConversation => ({ target: { uid }, last_mid, last_created_at: T0 + last_mid * 1000 });
const channel = (gid: number, last_mid: number): BotConversation => ({ target: { gid }, last_mid, last_created_at: T0 + last_mid * 1000 });
const text = (mid: number, from_uid: number, target: ChatMessage["target"], content: string): ChatMessage => ({
  mid,
  from_uid,
  created_at: T0 + mid * 1000,
  target,
  detail: { type: "normal", content_type: "text/plain", content, properties: null, expires_in: null },
});
const query = (req: RecordedCall) => new URL(req.url, "http://x").searchParams;

async function open(api: Record<string, Handler>) {
  const app = await renderApp({
    route: "/setting/bot",
    storage: session(),
    api: {
      "GET /api/user": () => ({ body: [ME, BOB, BOT_INFO] }),
      "GET /api/admin/user": () => ({ body: [BOT] }),
      "GET /api/admin/user/bot-api-key/7": () => ({ body: [] }),
      "GET /api/admin/user/bot-webhook-deliveries/7": () => ({ body: [] }),
      ...api,
    },
  });
  await app.openStream({ type: "related_groups", groups: [GROUP] });
  return app;
}

describe("admin bot viewer", () => {
  it("lists the bot's conversations, newest first, and pages on with next_before", async () => {
    const app = await open({
      "GET /api/admin/bot_chat/7/conversations": (req) =>
        query(req).get("before") === "40" ? { body: { conversations: [dm(1, 12)], next_before: null } } : { body: { conversations: [dm(2, 50), channel(1, 40)], next_before: 40 } },
    });
    const list = await app.findByRole("list", { name: "Conversations of Relay" });
    const names = () => app.rtl.within(list).queryAllByTestId("bot-conversation-name").map((el) => el.textContent);
    await vi.waitFor(() => expect(names()).toEqual(["@Bob Builder", "#general"]));
    app.getByText("Select a conversation to read its history.");
    expect(query(app.callsTo("GET", "/api/admin/bot_chat/7/conversations")[0]).get("before")).toBeNull();

    await app.user.click(app.getByRole("button", { name: "Load more" }));
    await vi.waitFor(() => expect(names()).toEqual(["@Bob Builder", "#general", "@Ada Admin"]));
    expect(query(app.callsTo("GET", "/api/admin/bot_chat/7/conversations")[1]).get("before")).toBe("40");
    // The last page: nothing more to load.
    expect(app.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows a picked conversation's history read-only, the bot's messages marked, and pages back with before", async () => {
    // A full page of the newest messages, then the older rest.
    const newest = Array.from({ length: HISTORY_PAGE_SIZE }, (_, i) => text(1000 + i, i % 2 ? BOT.uid : BOB.uid, i % 2 ? { uid: BOB.uid } : { uid: BOT.uid }, `message ${1000 + i}`));
    const older = [text(500, BOB.uid, { uid: BOT.uid }, "the very first hello")];
    const app = await open({
      "GET /api/admin/bot_chat/7/conversations": () => ({ body: { conversations: [dm(2, 1099), channel(1, 40)], next_before: null } }),
      "GET /api/admin/bot_chat/7/user/2/history": (req) => ({ body: query(req).get("before") === "1000" ? older : newest }),
    });
    await app.user.click(await app.findByRole("button", { name: /@Bob Builder/ }));
    const history = await app.findByRole("region", { name: "History of @Bob Builder" });
    const { within } = app.rtl;
    await within(history).findByText("message 1099", {}, { timeout: 8_000 });
    within(history).getByText("Read-only");
    const first = app.callsTo("GET", "/api/admin/bot_chat/7/user/2/history")[0];
    expect(query(first).get("limit")).toBe(String(HISTORY_PAGE_SIZE));
    expect(query(first).get("before")).toBeNull();

    // The bot's own message carries the badge; Bob's does not.
    const row = (content: string) => within(history).getAllByTestId("message").find((m) => m.textContent?.includes(content))!;
    within(row("message 1099")).getByTestId("bot-badge");
    expect(within(row("message 1098")).queryByTestId("bot-badge")).toBeNull();
    // Read-only: no toolbar on the rows, no composer.
    expect(within(history).queryByRole("toolbar")).toBeNull();
    expect(within(history).queryByRole("textbox")).toBeNull();

    // The list's top is in view (the stand-in's, at once) and it asks for the page before.
    await vi.waitFor(() => expect(app.callsTo("GET", "/api/admin/bot_chat/7/user/2/history").map((c) => query(c).get("before"))).toEqual([null, "1000"]), { timeout: 8_000 });
    await within(history).findByText("This is the beginning of the conversation.");
  });

  it("reads a channel with reactions and edits applied as the chat applies them", async () => {
    const gid = GROUP.gid;
    const app = await open({
      "GET /api/admin/bot_chat/7/conversations": () => ({ body: { conversations: [channel(gid, 3)], next_before: null } }),
      "GET /api/admin/bot_chat/7/group/1/history": () => ({
        body: [
          text(1, BOT.uid, { gid }, "deploying"),
          { mid: 2, from_uid: BOB.uid, created_at: T0, target: { gid }, detail: { type: "reaction", mid: 1, detail: { type: "like", action: "🚀" } } },
          { mid: 3, from_uid: BOT.uid, created_at: T0, target: { gid }, detail: { type: "reaction", mid: 1, detail: { type: "edit", content_type: "text/plain", content: "deployed", properties: null } } },
        ],
      }),
    });
    await app.user.click(await app.findByRole("button", { name: /#general/ }));
    const history = await app.findByRole("region", { name: "History of #general" });
    const { within } = app.rtl;
    await within(history).findByText("deployed");
    expect(within(history).queryByText("deploying")).toBeNull();
    within(history).getByTestId("edited");
    expect(within(history).getByTestId("reaction").getAttribute("data-emoji")).toBe("🚀");
    // Reactions cannot be toggled here.
    expect((within(history).getByTestId("reaction") as HTMLButtonElement).disabled).toBe(true);
  });

  it("says so when the bot has no conversations, and when they or a history fail to load", async () => {
    const empty = await open({ "GET /api/admin/bot_chat/7/conversations": () => ({ body: { conversations: [], next_before: null } }) });
    await empty.findByText("No conversations yet");
    empty.view.unmount();

    let fail = true;
    const failing = await open({
      "GET /api/admin/bot_chat/7/conversations": () => (fail ? { status: 500, body: "Server Error" } : { body: { conversations: [dm(2, 5)], next_before: null } }),
      "GET /api/admin/bot_chat/7/user/2/history": () => ({ status: 404, body: "no such bot" }),
    });
    await failing.findByText("The conversations could not be loaded.");
    // Silent: the page says it, no toast does.
    expect(failing.queryByText("Server Error")).toBeNull();
    fail = false;
    await failing.user.click(failing.getByRole("button", { name: "Try again" }));
    await failing.user.click(await failing.findByRole("button", { name: /@Bob Builder/ }));
    await failing.findByText("The messages could not be loaded.");
  });
});
