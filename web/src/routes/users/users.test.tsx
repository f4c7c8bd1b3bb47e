/**
 * `/users` against a scripted server: the directory's search and contact filter, the contact
 * actions (add, block with its confirmation, unblock, remove), the remark, and contact
 * verification.
 */
import { describe, expect, it } from "vitest";
import { ME, renderApp, session, type Handler, type RecordedCall } from "../../test/render";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const CAROL = { ...ME, uid: 3, email: "carol@example.com", name: "Carol Cook", is_admin: false };
const ROBOT = { ...ME, uid: 4, email: null, name: "Deploy Bot", is_admin: false, is_bot: true };
const ALL = [ME, BOB, CAROL, ROBOT];

const contact = (uid: number, status: string) => ({
  target_uid: uid,
  target_info: ALL.find((u) => u.uid === uid),
  contact_info: { status, created_at: 1, updated_at: 1 },
});

async function open(route: string, api: Record<string, Handler> = {}, viewer: typeof ME = ME) {
  return renderApp({
    route,
    storage: { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify(viewer), VOCECHAT_CURR_UID: String(viewer.uid) },
    api: {
      "GET /api/user": () => ({ body: ALL }),
      "POST /api/user/update_contact_status": () => ({ body: "" }),
      "PUT /api/user/contact_remark": () => ({ body: "" }),
      ...api,
    },
  });
}

const names = (app: Awaited<ReturnType<typeof open>>) => app.queryAllByTestId("directory-user").map((el) => el.textContent);

describe("members directory", () => {
  it("groups admins, bots and members, searches by name, remark or e-mail, and filters contacts", async () => {
    const app = await open("/users", {
      "GET /api/user/contacts": () => ({ body: [contact(2, "added"), contact(3, "blocked")] }),
      "GET /api/user/contact_remarks": () => ({ body: [{ contact_uid: 3, remark: "Caterer" }] }),
    });
    await app.findByRole("region", { name: "Bots" });
    app.getByRole("region", { name: "Admins" });
    await app.findByText("Caterer");
    expect(names(app)).toHaveLength(4);

    const search = app.getByRole("searchbox", { name: "Search members" });
    await app.user.type(search, "cater");
    expect(names(app)).toEqual([expect.stringContaining("Caterer")]);
    await app.user.clear(search);
    await app.user.type(search, "bob@");
    expect(names(app)).toEqual([expect.stringContaining("Bob Builder")]);
    await app.user.clear(search);

    await app.user.click(app.getByRole("button", { name: /^Contacts/ }));
    expect(names(app)).toEqual([expect.stringContaining("Bob Builder")]);
    await app.user.click(app.getByRole("button", { name: /^Blocked/ }));
    expect(names(app)).toEqual([expect.stringContaining("Caterer")]);
    await app.user.click(app.getByRole("button", { name: /^All/ }));
    expect(names(app)).toHaveLength(4);
  });

  it("adds, blocks (after confirming), unblocks and removes a contact; failures change nothing", async () => {
    let fail = false;
    const app = await open("/users/2", {
      "POST /api/user/update_contact_status": () => (fail ? { status: 403, body: "Forbidden" } : { body: "" }),
    });
    const actions = await app.findByRole("group", { name: "Actions" });
    const { within } = app.rtl;
    const bodies = () => app.callsTo("POST", "/api/user/update_contact_status").map((c: RecordedCall) => c.body);

    await app.user.click(within(actions).getByRole("button", { name: "Add contact" }));
    await app.findByTestId("profile-contact-status");
    expect(app.getByTestId("profile-contact-status").textContent).toBe("Contact");
    expect(bodies()).toEqual([{ target_uid: 2, action: "add" }]);

    // Blocking asks first; cancelling sends nothing.
    await app.user.click(within(actions).getByRole("button", { name: "Block" }));
    let dialog = await app.findByRole("dialog", { name: "Block Bob Builder?" });
    await app.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(bodies()).toHaveLength(1);
    await app.user.click(within(actions).getByRole("button", { name: "Block" }));
    dialog = await app.findByRole("dialog", { name: "Block Bob Builder?" });
    await app.user.click(within(dialog).getByRole("button", { name: "Block" }));
    await app.findByText("You blocked Bob Builder");
    expect(app.getByTestId("profile-contact-status").textContent).toBe("Blocked");

    // docs/ARCHITECTURE.md "Client rules": a failed contact update is silent and leaves the status alone.
    fail = true;
    await app.user.click(within(actions).getByRole("button", { name: "Unblock" }));
    await app.rtl.waitFor(() => expect(bodies()).toHaveLength(3));
    expect(app.getByTestId("profile-contact-status").textContent).toBe("Blocked");
    expect(app.queryByText("Request Not Allowed")).toBeNull();

    fail = false;
    await app.user.click(within(actions).getByRole("button", { name: "Unblock" }));
    await app.rtl.waitFor(() => expect(app.queryByTestId("profile-contact-status")).toBeNull());
    expect(within(actions).getByRole("button", { name: "Add contact" })).toBeTruthy();
    expect(bodies().at(-1)).toEqual({ target_uid: 2, action: "unblock" });

    await app.user.click(within(actions).getByRole("button", { name: "Add contact" }));
    await app.user.click(await within(actions).findByRole("button", { name: "Remove contact" }));
    await app.rtl.waitFor(() => expect(app.queryByTestId("profile-contact-status")).toBeNull());
    expect(bodies().slice(-2)).toEqual([
      { target_uid: 2, action: "add" },
      { target_uid: 2, action: "remove" },
    ]);
  });

  it("sets, shows and clears the private remark (servers from 0.5.0)", async () => {
    const app = await open("/users/3", { "GET /api/admin/system/version": () => ({ body: "0.5.4" }) });
    await app.findByTestId("profile-name");
    await app.user.click(app.getByRole("button", { name: "Add a remark" }));
    const input = app.getByRole("textbox", { name: "Remark" });
    await app.user.type(input, "  Carol from accounting ");
    await app.user.click(app.getByRole("button", { name: "Save" }));
    await app.rtl.waitFor(() => expect(app.getByTestId("profile-name").textContent).toBe("Carol from accounting"));
    expect(app.getByText("Name: Carol Cook")).toBeTruthy();
    expect(app.callsTo("PUT", "/api/user/contact_remark").map((c) => c.body)).toEqual([{ contact_uid: 3, remark: "Carol from accounting" }]);
    // The directory shows it too, with the real name under it.
    expect(names(app).find((n) => n?.includes("Carol from accounting"))).toContain("Carol Cook");

    await app.user.click(app.getByRole("button", { name: "Edit remark" }));
    await app.user.clear(app.getByRole("textbox", { name: "Remark" }));
    await app.user.click(app.getByRole("button", { name: "Save" }));
    await app.rtl.waitFor(() => expect(app.getByTestId("profile-name").textContent).toBe("Carol Cook"));
    expect(app.callsTo("PUT", "/api/user/contact_remark").at(-1)?.body).toEqual({ contact_uid: 3, remark: "" });
  });

  it("has no remark on servers before 0.5.0", async () => {
    const app = await open("/users/3");
    await app.findByTestId("profile-name");
    await app.findByText("Not a contact");
    expect(app.queryByRole("button", { name: "Add a remark" })).toBeNull();
  });

  it("with contact verification on, asks a member to add a non-contact before messaging", async () => {
    // Carol, a member, looks at Bob (admins are everyone's contacts: not asked, below).
    const app = await open("/users/2", { "GET /api/admin/system/common": () => ({ body: { contact_verification_enable: true } }) }, CAROL);
    await app.findByText("Contact verification is on");
    const actions = app.getByRole("group", { name: "Actions" });
    const { within } = app.rtl;
    expect(within(actions).queryByRole("button", { name: "Send message" })).toBeNull();
    await app.user.click(within(actions).getByRole("button", { name: "Add contact" }));
    await app.rtl.waitFor(() => expect(app.queryByText("Contact verification is on")).toBeNull());
    await app.user.click(within(actions).getByRole("button", { name: "Send message" }));
    await app.rtl.waitFor(() => expect(app.path()).toBe("/chat/dm/2"));
  });

  it("with contact verification on, does not ask an admin, nor a member about an admin", async () => {
    const verify = { "GET /api/admin/system/common": () => ({ body: { contact_verification_enable: true } }) };
    const asAdmin = await open("/users/2", verify);
    await asAdmin.findByRole("group", { name: "Actions" });
    asAdmin.getByRole("button", { name: "Send message" });
    expect(asAdmin.queryByText("Contact verification is on")).toBeNull();

    const aboutAdmin = await open("/users/1", verify, CAROL);
    await aboutAdmin.findByRole("group", { name: "Actions" });
    aboutAdmin.getByRole("button", { name: "Send message" });
    expect(aboutAdmin.queryByText("Contact verification is on")).toBeNull();
  });

  it("hides presence when the server does not show it, and shows one's own profile without contact actions", async () => {
    const app = await open("/users/1", { "GET /api/admin/system/common": () => ({ body: { show_user_online_status: false } }) });
    await app.findByText("This is you.");
    // Waited for, not read once: CI on a loaded machine once found an Actions group (Send message)
    // still mounted just after "This is you." appeared; the rule is that it goes, not when.
    await app.rtl.waitFor(() => expect(app.queryByRole("group", { name: "Actions" })).toBeNull());
    await app.rtl.waitFor(() => expect(app.queryByText("Offline")).toBeNull());
    app.getByRole("button", { name: "Edit profile" });
  });
});
