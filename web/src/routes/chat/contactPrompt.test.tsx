/**
 * The DM view's contact prompts in the real app: under contact verification a member sees
 * "… is not in your contacts" with Add / Block instead of the composer, and adding opens the
 * composer; the prompts follow the settings and the contact statuses live (stream events from the
 * server and from this user's other devices); DMs turned off, and the "You blocked …" states.
 */
import { describe, expect, it, vi } from "vitest";
import { ME, renderApp, session, type Handler } from "../../test/render";

/** The signed-in user: a member (the harness's ME is an admin, who is everyone's contact). */
const CAROL = { ...ME, uid: 3, email: "carol@example.com", name: "Carol", is_admin: false };
const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const ADA = { ...ME, uid: 1 };

async function openDm(uid: number, api: Record<string, Handler> = {}) {
  const app = await renderApp({
    route: `/chat/dm/${uid}`,
    storage: { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify(CAROL), VOCECHAT_CURR_UID: String(CAROL.uid) },
    api: {
      "GET /api/user": () => ({ body: [ADA, BOB, CAROL] }),
      "GET /api/user/me": () => ({ body: CAROL }),
      [`GET /api/user/${uid}/history`]: () => ({ body: [] }),
      "POST /api/user/update_contact_status": () => ({ body: "" }),
      "POST /api/user/typing": () => ({ body: "" }),
      ...api,
    },
  });
  const es = await app.openStream();
  const send = (event: Record<string, unknown>) => app.rtl.act(() => es.send(event));
  return { app, send };
}

const common = (settings: Record<string, unknown>): Record<string, Handler> => ({ "GET /api/admin/system/common": () => ({ body: settings }) });
const contactsEvent = (add: { uid: number; status: string }[], remove: number[] = []) => ({
  type: "user_settings_changed",
  from_device: "web:other",
  add_contacts: add.map(({ uid, status }) => ({ target_uid: uid, info: { status, created_at: 1, updated_at: 2 } })),
  remove_contacts: remove,
});

describe("DM contact prompts", () => {
  it("under contact verification: Add to contacts instead of the composer; adding opens the composer", async () => {
    const { app } = await openDm(BOB.uid, common({ contact_verification_enable: true }));
    const prompt = await app.findByTestId("contact-prompt");
    expect(app.getByTestId("contact-prompt-title").textContent).toBe("Bob Builder is not in your contacts");
    expect(prompt.textContent).toContain("This server only allows direct messages to your contacts. Add Bob Builder to write to them.");
    expect(app.queryByTestId("composer")).toBeNull();

    await app.user.click(app.getByRole("button", { name: "Add to contacts" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/user/update_contact_status")).toHaveLength(1));
    expect(app.callsTo("POST", "/api/user/update_contact_status")[0].body).toEqual({ target_uid: BOB.uid, action: "add" });
    const composer = await app.findByTestId("composer");
    expect(app.queryByTestId("contact-prompt")).toBeNull();
    // The composer takes the focus, ready to write.
    await vi.waitFor(() => expect(document.activeElement).toBe(composer));
  });

  it("a failed add changes nothing (contact updates fail silently: docs/ARCHITECTURE.md 'Client rules')", async () => {
    const { app } = await openDm(BOB.uid, { ...common({ contact_verification_enable: true }), "POST /api/user/update_contact_status": () => ({ status: 500, body: "Server Error" }) });
    await app.user.click(await app.findByRole("button", { name: "Add to contacts" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/user/update_contact_status")).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(app.getByTestId("contact-prompt")).toBeTruthy();
    expect(app.queryByTestId("composer")).toBeNull();
  });

  it("follows the server settings and the contact statuses live", async () => {
    const { app, send } = await openDm(BOB.uid);
    await app.findByTestId("composer");

    // The admin turns verification on: the prompt replaces the composer at once.
    send({ type: "server_config_changed", organization_name: null, organization_description: null, organization_logo: null, contact_verification_enable: true });
    await app.findByTestId("contact-prompt");
    expect(app.queryByTestId("composer")).toBeNull();

    // Carol adds Bob on her phone: this device hears it and opens the composer.
    send(contactsEvent([{ uid: BOB.uid, status: "added" }]));
    await app.findByTestId("composer");

    // She blocks him elsewhere: blocked is not added, so the prompt offers Unblock.
    send(contactsEvent([{ uid: BOB.uid, status: "blocked" }]));
    await vi.waitFor(() => expect(app.getByTestId("contact-prompt-title").textContent).toBe("You blocked Bob Builder"));
    await app.user.click(app.getByRole("button", { name: "Unblock" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/user/update_contact_status").at(-1)?.body).toEqual({ target_uid: BOB.uid, action: "unblock" }));
    // Unblocked is not a contact yet: back to Add.
    await vi.waitFor(() => expect(app.getByTestId("contact-prompt-title").textContent).toBe("Bob Builder is not in your contacts"));

    // Verification off again: the composer is back.
    send({ type: "server_config_changed", organization_name: null, organization_description: null, organization_logo: null, contact_verification_enable: false });
    await app.findByTestId("composer");
  });

  it("Block asks first, then blocks", async () => {
    const { app } = await openDm(BOB.uid, common({ contact_verification_enable: true }));
    await app.user.click(await app.findByRole("button", { name: "Block" }));
    const dialog = await app.findByRole("dialog");
    expect(dialog.textContent).toContain("Block Bob Builder?");
    await app.user.click(app.rtl.within(dialog).getByRole("button", { name: "Block" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/user/update_contact_status")[0]?.body).toEqual({ target_uid: BOB.uid, action: "block" }));
    await vi.waitFor(() => expect(app.getByTestId("contact-prompt-title").textContent).toBe("You blocked Bob Builder"));
  });

  it("without Add when adding contacts is off; an admin is always reachable", async () => {
    const settings = common({ contact_verification_enable: true, add_friend_enable: false });
    const { app } = await openDm(BOB.uid, settings);
    await app.findByTestId("contact-prompt");
    expect(app.queryByRole("button", { name: "Add to contacts" })).toBeNull();
    expect(app.getByTestId("contact-prompt").textContent).toContain("adding contacts is turned off");

    const admin = await openDm(ADA.uid, settings);
    await admin.app.findByTestId("composer");
    expect(admin.app.queryByTestId("contact-prompt")).toBeNull();
  });

  it("DMs turned off: a notice between members, the composer with an admin", async () => {
    const { app } = await openDm(BOB.uid, common({ dm_enable: false }));
    await app.findByTestId("contact-prompt");
    expect(app.getByTestId("contact-prompt-title").textContent).toBe("Direct messages are turned off");
    // Nothing to do about it here: no buttons.
    expect(app.getByTestId("contact-prompt").querySelector("button")).toBeNull();
    expect(app.queryByTestId("composer")).toBeNull();

    const admin = await openDm(ADA.uid, common({ dm_enable: false }));
    await admin.app.findByTestId("composer");
  });

  it("without verification, a blocked peer keeps the composer with a notice and Unblock", async () => {
    const { app } = await openDm(BOB.uid, { "GET /api/user/contacts": () => ({ body: [{ target_uid: BOB.uid, target_info: BOB, contact_info: { status: "blocked", created_at: 1, updated_at: 1 } }] }) });
    const notice = await app.findByTestId("blocked-notice");
    expect(notice.textContent).toContain("You blocked Bob Builder. They can't send you direct messages.");
    expect(app.getByTestId("composer")).toBeTruthy();
    await app.user.click(app.rtl.within(notice).getByRole("button", { name: "Unblock" }));
    await vi.waitFor(() => expect(app.queryByTestId("blocked-notice")).toBeNull());
    expect(app.callsTo("POST", "/api/user/update_contact_status")[0].body).toEqual({ target_uid: BOB.uid, action: "unblock" });
  });
});
