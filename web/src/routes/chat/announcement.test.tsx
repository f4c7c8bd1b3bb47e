/**
 * A channel's announcement and send restriction in the conversation, through the real app: the
 * bar shows what the server answers, follows `group_announcement_changed`, stays dismissed until
 * the announcement changes; `only_owner_can_send_msg` (also when `group_changed` turns it on)
 * disables a member's composer and says why.
 */
import { describe, expect, it, vi } from "vitest";
import { GROUP, ME, renderApp, session, type Handler } from "../../test/render";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const NOTE = { gid: 1, content: "Release freeze on Friday", created_by: ME.uid, created_at: 1_000, updated_at: 1_000 };

async function openChannel(api: Record<string, Handler> = {}, group: Record<string, unknown> = GROUP) {
  const app = await renderApp({
    route: "/chat/channel/1",
    storage: { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify(BOB), VOCECHAT_CURR_UID: String(BOB.uid) },
    api: {
      "GET /api/user": () => ({ body: [ME, BOB] }),
      "GET /api/user/me": () => ({ body: BOB }),
      "GET /api/group/1/history": () => ({ body: [] }),
      "GET /api/group/1/announcement": () => ({ body: { announcement: NOTE } }),
      ...api,
    },
  });
  const es = await app.openStream({ type: "related_groups", groups: [group] });
  const send = (event: Record<string, unknown>) => app.rtl.act(() => es.send(event));
  return { app, send };
}

describe("announcement bar", () => {
  it("shows the server's announcement and follows the stream: changed, cleared, set again", async () => {
    const { app, send } = await openChannel();
    expect((await app.findByTestId("announcement-text")).textContent).toBe("Release freeze on Friday");
    expect(app.getByRole("region", { name: "Announcement" })).toBeTruthy();

    await send({ type: "group_announcement_changed", gid: 1, announcement: { ...NOTE, content: "Freeze moved to Monday", updated_at: 2_000 } });
    expect(app.getByTestId("announcement-text").textContent).toBe("Freeze moved to Monday");

    await send({ type: "group_announcement_changed", gid: 1, announcement: null });
    expect(app.queryByTestId("announcement-bar")).toBeNull();
    // The stream's value wins: the channel is not asked again.
    expect(app.callsTo("GET", "/api/group/1/announcement")).toHaveLength(1);
  });

  it("a reconnected stream (a new related_groups) asks the server again: a change missed meanwhile shows", async () => {
    let content = NOTE.content;
    const { app, send } = await openChannel({ "GET /api/group/1/announcement": () => ({ body: { announcement: { ...NOTE, content } } }) });
    await app.findByTestId("announcement-text");
    content = "Changed while offline";
    await send({ type: "related_groups", groups: [GROUP] });
    await vi.waitFor(() => expect(app.getByTestId("announcement-text").textContent).toBe("Changed while offline"));
    expect(app.callsTo("GET", "/api/group/1/announcement")).toHaveLength(2);
  });

  it("a dismissed announcement stays hidden until it changes", async () => {
    const { app, send } = await openChannel();
    await app.user.click(await app.findByRole("button", { name: "Dismiss the announcement" }));
    expect(app.queryByTestId("announcement-bar")).toBeNull();

    // The same announcement again (a replay) stays dismissed; a new text shows.
    await send({ type: "group_announcement_changed", gid: 1, announcement: NOTE });
    expect(app.queryByTestId("announcement-bar")).toBeNull();
    await send({ type: "group_announcement_changed", gid: 1, announcement: { ...NOTE, content: "New plan", updated_at: 3_000 } });
    expect(app.getByTestId("announcement-text").textContent).toBe("New plan");
  });

  it("no announcement, or one this user may not read: no bar", async () => {
    const { app } = await openChannel({ "GET /api/group/1/announcement": () => ({ status: 403, body: "Forbidden" }) });
    await app.findByTestId("composer");
    expect(app.queryByTestId("announcement-bar")).toBeNull();
  });
});

describe("only the owner and admins can send", () => {
  it("a member's composer is disabled with the reason; group_changed turns it off and on live", async () => {
    const { app, send } = await openChannel({}, { ...GROUP, only_owner_can_send_msg: true });
    const composer = await app.findByTestId("composer");
    const reason = "Only the channel's owner and admins can send messages here.";
    expect((composer as HTMLTextAreaElement).disabled).toBe(true);
    expect(composer.getAttribute("placeholder")).toBe(reason);

    const change = { type: "group_changed", gid: 1, name: null, description: null, owner: null, avatar_updated_at: null, is_public: null };
    await send({ ...change, only_owner_can_send_msg: false });
    expect((app.getByTestId("composer") as HTMLTextAreaElement).disabled).toBe(false);
    expect(app.getByTestId("composer").getAttribute("placeholder")).toBe("Message #general");
    await send({ ...change, only_owner_can_send_msg: true });
    expect(app.getByTestId("composer").getAttribute("placeholder")).toBe(reason);
  });
});
