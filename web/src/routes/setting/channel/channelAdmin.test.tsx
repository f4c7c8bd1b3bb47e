/**
 * A channel's announcement, send restriction and history in its settings, through the real app:
 * the owner publishes (a refusal shows the server's words and keeps the text), clears, switches
 * "only the owner and admins can send" and clears the history behind a confirmation; a member
 * reads the announcement and sees the switch without changing anything.
 */
import { describe, expect, it, vi } from "vitest";
import { GROUP, ME, renderApp, session, type Handler } from "../../../test/render";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const CAROL = { ...ME, uid: 3, email: "carol@example.com", name: "Carol Cook", is_admin: false };
const LAUNCH = { ...GROUP, owner: BOB.uid, name: "launch", members: [BOB.uid, CAROL.uid], is_public: false };
const NOTE = { gid: 1, content: "Ship on Friday", created_by: BOB.uid, created_at: 1_000, updated_at: 1_000 };

async function openSettings(as: typeof BOB, api: Record<string, Handler> = {}) {
  const app = await renderApp({
    route: "/setting/channel/1/overview",
    storage: { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify(as), VOCECHAT_CURR_UID: String(as.uid) },
    api: {
      "GET /api/user": () => ({ body: [ME, BOB, CAROL] }),
      "GET /api/user/me": () => ({ body: as }),
      "GET /api/group/1/announcement": () => ({ body: { announcement: null } }),
      ...api,
    },
  });
  await app.openStream({ type: "related_groups", groups: [LAUNCH] });
  await app.findByTestId("channel-settings");
  return app;
}

describe("channel announcement settings", () => {
  it("the owner publishes an announcement; a refusal shows the server's text and keeps what was typed", async () => {
    let refuse = true;
    const app = await openSettings(BOB, {
      "POST /api/group/1/announcement": (req) =>
        refuse ? { status: 400, body: "failed to parse body.content: too long" } : { body: { ...NOTE, content: (req.body as { content: string }).content } },
    });
    const field = await app.findByLabelText("Announcement text");
    await app.user.type(field, "Ship on Friday");
    await app.user.click(app.getByRole("button", { name: "Publish" }));
    expect((await app.findByText("failed to parse body.content: too long")).textContent).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe("Ship on Friday");

    refuse = false;
    await app.user.click(app.getByRole("button", { name: "Publish" }));
    await app.findByText("Announcement published");
    expect(app.callsTo("POST", "/api/group/1/announcement").map((c) => c.body)).toEqual([{ content: "Ship on Friday" }, { content: "Ship on Friday" }]);
    expect(app.queryByText("failed to parse body.content: too long")).toBeNull();
    expect(app.getByTestId("announcement-meta").textContent).toContain("Last changed by Bob Builder");
    // Published: nothing to save until it is edited; it can be cleared.
    expect((app.getByRole("button", { name: "Update" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the owner clears it", async () => {
    const app = await openSettings(BOB, {
      "GET /api/group/1/announcement": () => ({ body: { announcement: NOTE } }),
      "DELETE /api/group/1/announcement": () => ({ body: "" }),
    });
    const field = (await app.findByLabelText("Announcement text")) as HTMLTextAreaElement;
    await vi.waitFor(() => expect(field.value).toBe("Ship on Friday"));
    await app.user.click(app.getByRole("button", { name: "Clear" }));
    await app.findByText("Announcement cleared");
    expect(app.callsTo("DELETE", "/api/group/1/announcement")).toHaveLength(1);
    expect(field.value).toBe("");
    expect(app.queryByRole("button", { name: "Clear" })).toBeNull();
  });

  it("a member reads the announcement and the switch, and cannot change either", async () => {
    const app = await openSettings(CAROL, { "GET /api/group/1/announcement": () => ({ body: { announcement: NOTE } }) });
    expect((await app.findByTestId("announcement-content")).textContent).toBe("Ship on Friday");
    expect(app.queryByLabelText("Announcement text")).toBeNull();
    const toggle = app.getByRole("switch", { name: "Only the owner and admins can send" }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(app.queryByTestId("clear-history-button")).toBeNull();
  });
});

describe("sending and history", () => {
  it("the owner switches 'only the owner and admins can send'", async () => {
    const app = await openSettings(BOB, { "PUT /api/group/1": () => ({ body: "" }) });
    const toggle = app.getByRole("switch", { name: "Only the owner and admins can send" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    await app.user.click(toggle);
    await vi.waitFor(() => expect(app.callsTo("PUT", "/api/group/1")[0]?.body).toEqual({ only_owner_can_send_msg: true }));
    await vi.waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("true"));
  });

  it("clearing the history asks first; cancel sends nothing, confirm clears", async () => {
    const app = await openSettings(BOB, { "DELETE /api/group/1/clear": () => ({ body: "" }) });
    await app.user.click(app.getByTestId("clear-history-button"));
    let dialog = await app.findByRole("dialog");
    expect(dialog.textContent).toContain("Clear the history of #launch?");
    await app.user.click(app.rtl.within(dialog).getByRole("button", { name: "Cancel" }));
    expect(app.callsTo("DELETE", "/api/group/1/clear")).toHaveLength(0);

    await app.user.click(app.getByTestId("clear-history-button"));
    dialog = await app.findByRole("dialog");
    await app.user.click(app.rtl.within(dialog).getByRole("button", { name: "Clear history" }));
    await vi.waitFor(() => expect(app.callsTo("DELETE", "/api/group/1/clear")).toHaveLength(1));
    await app.findByText("The channel's history was cleared");
    await vi.waitFor(() => expect(app.queryByRole("dialog")).toBeNull());
  });
});
