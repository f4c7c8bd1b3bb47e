/**
 * My Account → Passkeys through the real app (docs/API.md "MetaMask and passkeys"): the list with
 * its dates, removal after a confirmation, hidden while passkeys are off and none exist, and a
 * browser without WebAuthn (jsdom) cannot add one. The WebAuthn ceremony itself runs in the
 * browser suite (e2e/tests/passkeys.e2e.test.ts, Chromium's virtual authenticator).
 */
import { DEFAULT_LOGIN_CONFIG, type PasskeyInfo } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { renderApp, session, type Handler } from "../../../../test/render";

const KEYS: PasskeyInfo[] = [
  { id: 1, credential_id: "cred-laptop", name: "Work laptop", created_at: Date.UTC(2026, 0, 5), last_used_at: Date.UTC(2026, 1, 9) },
  { id: 2, credential_id: "cred-phone", name: "Phone", created_at: Date.UTC(2026, 1, 1), last_used_at: null },
];

const open = (passkey: boolean, api: Record<string, Handler> = {}) =>
  renderApp({
    route: "/setting/my_account",
    storage: session(),
    api: {
      "GET /api/admin/login/config": () => ({ body: { ...DEFAULT_LOGIN_CONFIG, passkey } }),
      "GET /api/user/devices": () => ({ body: ["web:test-device"] }),
      ...api,
    },
  });

describe("My Account → Passkeys", () => {
  it("lists the passkeys with when each was added and last used, and removes one after confirming", async () => {
    let keys = KEYS;
    const app = await open(true, {
      "GET /api/token/passkey/list": () => ({ body: keys }),
      "DELETE /api/token/passkey/cred-phone": () => {
        keys = keys.filter((k) => k.credential_id !== "cred-phone");
        return { body: "" };
      },
    });
    await app.rtl.waitFor(() => expect(app.getAllByTestId("passkey-row")).toHaveLength(2));
    const [laptop, phone] = app.getAllByTestId("passkey-row");
    expect(laptop.textContent).toContain("Work laptop");
    expect(laptop.textContent).toContain("last used");
    expect(phone.textContent).toContain("never used");

    await app.user.click(app.getByRole("button", { name: "Remove the passkey Phone" }));
    await app.findByText("Remove the passkey “Phone”?");
    // Cancelling removes nothing.
    await app.user.click(app.getByRole("button", { name: "Cancel" }));
    expect(app.callsTo("DELETE", "/api/token/passkey/cred-phone")).toHaveLength(0);

    await app.user.click(app.getByRole("button", { name: "Remove the passkey Phone" }));
    const dialog = await app.findByRole("dialog");
    await app.user.click(app.rtl.within(dialog).getByRole("button", { name: "Remove" }));
    await app.findByText("Passkey removed");
    expect(app.callsTo("DELETE", "/api/token/passkey/cred-phone")).toHaveLength(1);
    await app.rtl.waitFor(() => expect(app.getAllByTestId("passkey-row")).toHaveLength(1));
  });

  it("cannot add a passkey in a browser without WebAuthn, and says so", async () => {
    const app = await open(true, { "GET /api/token/passkey/list": () => ({ body: [] }) });
    await app.findByText("No passkeys yet.");
    await app.findByText("This browser does not support passkeys.");
    expect(app.getByTestId("passkey-add")).toHaveProperty("disabled", true);
  });

  it("is hidden while passkeys are off and the account has none; shown (to remove them) when it has some", async () => {
    const none = await open(false, { "GET /api/token/passkey/list": () => ({ body: [] }) });
    await none.rtl.waitFor(() => expect(none.callsTo("GET", "/api/token/passkey/list")).toHaveLength(1));
    expect(none.queryByTestId("passkeys")).toBeNull();
    none.rtl.cleanup();

    const some = await open(false, { "GET /api/token/passkey/list": () => ({ body: KEYS }) });
    await some.rtl.waitFor(() => expect(some.getAllByTestId("passkey-row")).toHaveLength(2));
    expect(some.queryByTestId("passkey-add")).toBeNull();
  });
});
