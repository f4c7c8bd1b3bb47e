/** The Members admin page through the real app: the list, the server search, creating, the menu, live changes. */
import { describe, expect, it } from "vitest";
import { ME, renderApp, session, type Handler } from "../../../test/render";

const BOB = { ...ME, uid: 2, name: "Bob Builder", email: "bob@example.com", is_admin: false };
const BOT = { ...ME, uid: 3, name: "Beep Bot", email: null, is_admin: false, is_bot: true };
const CAROL = { ...ME, uid: 4, name: "Carol Cook", email: "carol@example.com", is_admin: true };
const DAVE = { ...ME, uid: 5, name: "Dave Diver", email: "dave@example.com", is_admin: false };

const adminView = (u: Omit<typeof ME, "email"> & { email: string | null }, status = "normal") => ({ ...u, password: "", in_online: false, online_devices: [], created_at: 1, updated_at: 1, status, webhook_url: null });

/** The Members page of Ada (an admin) with Bob (frozen), a bot and Carol, and these server routes besides. */
function open(api: Record<string, Handler> = {}) {
  return renderApp({
    route: "/setting/members",
    storage: session(),
    api: {
      "GET /api/user": () => ({ body: [ME, BOB, BOT, CAROL] }),
      "GET /api/admin/user": () => ({ body: [adminView(ME), adminView(BOB, "frozen"), adminView(BOT), adminView(CAROL)] }),
      ...api,
    },
  });
}

const names = (app: Awaited<ReturnType<typeof renderApp>>) => app.getAllByTestId("member-name").map((n) => n.textContent);

describe("Members (admin)", () => {
  it("lists admins, then bots, then members, with the frozen state, and offers only what the server allows", async () => {
    const app = await open();
    await app.findByText("Carol Cook");
    expect(names(app)).toEqual(["Ada Admin", "Carol Cook", "Beep Bot", "Bob Builder"]);
    await app.findByText("Frozen");

    // Oneself (and the founder, uid 1 here too): no demotion, freeze or removal.
    await app.user.click(app.getByRole("button", { name: "Actions for Ada Admin" }));
    const own = app.getAllByRole("menuitem").map((i) => i.textContent);
    expect(own).toEqual(["Reset password"]);
    await app.user.keyboard("{Escape}");

    await app.user.click(app.getByRole("button", { name: "Actions for Bob Builder" }));
    expect(app.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Make admin", "Unfreeze account", "Reset password", "Remove user"]);
    await app.user.keyboard("{Escape}");

    await app.user.click(app.getByRole("button", { name: "Actions for Beep Bot" }));
    expect(app.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Make admin", "Freeze account", "Remove user"]);
  });

  it("creates a user: the server's refusal is shown and what was typed stays; then the user is created", async () => {
    let refuse = true;
    const app = await open({ "POST /api/admin/user": () => (refuse ? { status: 409, body: { reason: "email_conflict" } } : { body: adminView(DAVE) }) });
    const posts = () => app.callsTo("POST", "/api/admin/user");
    await app.user.click(await app.findByTestId("create-user"));
    const dialog = await app.findByRole("dialog", { name: "Create a user" });
    await app.user.type(app.getByLabelText("Name"), "Dave Diver");
    await app.user.type(app.getByLabelText("E-mail"), "dave@example.com");
    await app.user.type(app.getByLabelText("Password"), "short");
    await app.user.selectOptions(app.getByLabelText("Role"), "admin");
    await app.user.click(app.getByTestId("create-user-save"));
    await app.findByText("Choose a password of at least 6 characters.");
    expect(posts()).toHaveLength(0);

    await app.user.type(app.getByLabelText("Password"), "nough");
    await app.user.click(app.getByTestId("create-user-save"));
    await app.findByText("That e-mail address is already used by another account.");
    expect(posts()[0].body).toEqual({ name: "Dave Diver", email: "dave@example.com", password: "shortnough", is_admin: true, gender: 0 });
    expect((app.getByLabelText("Name") as HTMLInputElement).value).toBe("Dave Diver");
    expect(dialog.isConnected).toBe(true);

    refuse = false;
    await app.user.click(app.getByTestId("create-user-save"));
    await app.findByText("Dave Diver can now sign in.");
    expect(app.queryByRole("dialog")).toBeNull();
  });

  it("searches the server by the chosen field and shows its answer, or its refusal", async () => {
    const app = await open({
      "POST /api/user/search": (req) =>
        (req.body as { keyword: string }).keyword === "carol@example.com" ? { body: CAROL } : { status: 404, body: "Not found, or this user is not allowed to be searched." },
    });
    await app.findByText("Bob Builder");
    await app.user.selectOptions(app.getByLabelText("Search by"), "email");
    await app.user.type(app.getByLabelText("Find a user"), "carol@example.com{Enter}");
    await app.findByText("Search result");
    expect(app.callsTo("POST", "/api/user/search")[0].body).toEqual({ search_type: "email", keyword: "carol@example.com" });
    expect(names(app)).toEqual(["Carol Cook"]);

    await app.user.clear(app.getByLabelText("Find a user"));
    await app.user.type(app.getByLabelText("Find a user"), "nobody@example.com");
    await app.user.click(app.getByRole("button", { name: "Search" }));
    await app.findByText("Not found, or this user is not allowed to be searched.");
    expect(names(app)).toHaveLength(4);
  });

  it("changes a role through the menu; the list follows the directory the stream keeps", async () => {
    const app = await open({ "PUT /api/admin/user/2": () => ({ body: adminView({ ...BOB, is_admin: true }) }) });
    const es = await app.openStream();
    await app.user.click(await app.findByRole("button", { name: "Actions for Bob Builder" }));
    await app.user.click(app.getByRole("menuitem", { name: "Make admin" }));
    await app.findByText("Bob Builder is now an admin.");
    expect(app.callsTo("PUT", "/api/admin/user/2")[0].body).toEqual({ is_admin: true });

    // The directory changes through the stream, as on every other open client; the admin view
    // (the frozen states) is read again then.
    const reads = app.callsTo("GET", "/api/admin/user").length;
    app.rtl.act(() => es.send({ type: "users_log", logs: [{ log_id: 9, action: "update", uid: 2, email: null, name: null, gender: null, language: null, is_admin: true, is_bot: null, avatar_updated_at: null }] }));
    await app.rtl.waitFor(() => expect(names(app)).toEqual(["Ada Admin", "Bob Builder", "Carol Cook", "Beep Bot"]));
    await app.rtl.waitFor(() => expect(app.callsTo("GET", "/api/admin/user").length).toBe(reads + 1));
    app.rtl.act(() => es.send({ type: "users_log", logs: [{ log_id: 10, action: "delete", uid: 4, email: null, name: null, gender: null, language: null, is_admin: null, is_bot: null, avatar_updated_at: null }] }));
    await app.rtl.waitFor(() => expect(names(app)).not.toContain("Carol Cook"));
  });

  it("removes a user only after the confirmation, and shows the server's refusal", async () => {
    const app = await open({ "DELETE /api/admin/user/4": () => ({ status: 403, body: "you cannot delete yourself or the founder" }) });
    const deletes = () => app.callsTo("DELETE", "/api/admin/user/4").length;
    await app.user.click(await app.findByRole("button", { name: "Actions for Carol Cook" }));
    await app.user.click(app.getByRole("menuitem", { name: "Remove user" }));
    const dialog = await app.findByRole("dialog", { name: "Remove Carol Cook?" });
    await app.user.click(app.rtl.within(dialog).getByRole("button", { name: "Cancel" }));
    expect(deletes()).toBe(0);

    await app.user.click(app.getByRole("button", { name: "Actions for Carol Cook" }));
    await app.user.click(app.getByRole("menuitem", { name: "Remove user" }));
    await app.user.click(app.rtl.within(await app.findByRole("dialog")).getByRole("button", { name: "Remove user" }));
    await app.findByText("you cannot delete yourself or the founder");
    expect(deletes()).toBe(1);
  });

  it("a member made admin meanwhile sees the admin pages in the settings navigation without a reload", async () => {
    const member = { ...ME, uid: 2, name: "Bob Builder", is_admin: false };
    const storage = { ...session(), VOCECHAT_CURR_UID: "2", VOCECHAT_LOGIN_USER: JSON.stringify(member) };
    const app = await renderApp({
      route: "/setting/my_account",
      storage,
      api: { "GET /api/user/me": () => ({ body: member }), "GET /api/user": () => ({ body: [ME, member] }), "GET /api/user/devices": () => ({ body: ["web:test-device"] }) },
    });
    const es = await app.openStream();
    const nav = await app.findByRole("navigation", { name: "Settings" });
    expect(app.rtl.within(nav).queryByRole("link", { name: "Members" })).toBeNull();
    app.rtl.act(() => es.send({ type: "users_log", logs: [{ log_id: 3, action: "update", uid: 2, email: null, name: null, gender: null, language: null, is_admin: true, is_bot: null, avatar_updated_at: null }] }));
    await app.rtl.within(nav).findByRole("link", { name: "Members" });
  });
});
