/** My Account through the real app: profile, password, devices, deleting the account, preferences. */
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "../../../i18n";
import { ME, renderApp, session, type Handler } from "../../../test/render";

const DEVICES = ["web:test-device", "web:other-browser", "ios-phone"];

/** My Account of Ada (an admin) signed in on `web:test-device`, with these server routes besides. */
const open = (api: Record<string, Handler> = {}) => renderApp({ route: "/setting/my_account", storage: session(), api: { "GET /api/user/devices": () => ({ body: DEVICES }), ...api } });

describe("My Account", () => {
  it("saves only the changed profile fields; a refusal is shown and what was typed stays", async () => {
    let refuse = true;
    const app = await open({
      "PUT /api/user": (req) => (refuse ? { status: 409, body: { reason: "name_conflict" } } : { body: { ...ME, ...(req.body as object) } }),
    });
    const name = (await app.findByTestId("profile-name")) as HTMLInputElement;
    expect(app.getByTestId("profile-save")).toHaveProperty("disabled", true);
    await app.user.clear(name);
    await app.user.type(name, "Ada Lovelace");
    await app.user.selectOptions(app.getByLabelText("Gender"), "1");
    await app.user.click(app.getByTestId("profile-save"));
    await app.findByText("That name is already taken.");
    expect(app.callsTo("PUT", "/api/user")[0].body).toEqual({ name: "Ada Lovelace", gender: 1 });
    expect(name.value).toBe("Ada Lovelace");

    refuse = false;
    await app.user.click(app.getByTestId("profile-save"));
    await app.findByText("Your profile was saved.");
    await app.rtl.waitFor(() => expect(app.getByTestId("account-name").textContent).toBe("Ada Lovelace"));
    expect(app.store.getState().authData.user?.gender).toBe(1);
  });

  it("changes the password with the registration form's rules and the server's verdict", async () => {
    const app = await open({
      "POST /api/user/change_password": (req) => ((req.body as { old_password: string }).old_password === "right one" ? { body: "" } : { status: 403, body: "wrong password" }),
    });
    const posts = () => app.callsTo("POST", "/api/user/change_password");
    await app.user.type(await app.findByLabelText("Current password"), "wrong one");
    await app.user.type(app.getByLabelText("New password"), "new secret");
    await app.user.type(app.getByLabelText("Confirm new password"), "new secreT");
    await app.user.click(app.getByTestId("password-save"));
    await app.findByText("The passwords do not match.");
    expect(posts()).toHaveLength(0);

    await app.user.clear(app.getByLabelText("Confirm new password"));
    await app.user.type(app.getByLabelText("Confirm new password"), "new secret");
    await app.user.click(app.getByTestId("password-save"));
    await app.findByText("The current password is wrong.");
    expect((app.getByLabelText("New password") as HTMLInputElement).value).toBe("new secret");

    await app.user.clear(app.getByLabelText("Current password"));
    await app.user.type(app.getByLabelText("Current password"), "right one");
    await app.user.click(app.getByTestId("password-save"));
    await app.findByText("Your password was changed.");
    expect(posts()[1].body).toEqual({ old_password: "right one", new_password: "new secret" });
    expect((app.getByLabelText("New password") as HTMLInputElement).value).toBe("");
  });

  it("lists the signed-in devices with this one marked, and signs another out", async () => {
    let devices = DEVICES;
    const app = await open({
      "GET /api/user/devices": () => ({ body: devices }),
      "DELETE /api/user/devices/ios-phone": () => {
        devices = devices.filter((d) => d !== "ios-phone");
        return { body: "" };
      },
    });
    await app.rtl.waitFor(() => expect(app.getAllByTestId("device-row")).toHaveLength(3));
    const rows = app.getAllByTestId("device-row");
    expect(rows[0].textContent).toContain("This device");
    expect(rows[0].querySelector("button")).toBeNull();
    await app.user.click(app.getByRole("button", { name: "Sign out ios-phone" }));
    await app.findByText("That device was signed out.");
    expect(app.callsTo("DELETE", "/api/user/devices/ios-phone")).toHaveLength(1);
    expect(app.getAllByTestId("device-row")).toHaveLength(2);
  });

  it("deletes the account only once its name is typed, and the session ends", async () => {
    const app = await open({ "DELETE /api/user/delete": () => ({ body: "" }) });
    await app.user.click(await app.findByTestId("delete-account-open"));
    await app.findByRole("dialog", { name: "Delete your account?" });
    const confirm = app.getByTestId("delete-account-dialog-save");
    expect(confirm).toHaveProperty("disabled", true);
    await app.user.type(app.getByLabelText("Type your name, Ada Admin, to confirm"), "Ada Admin");
    await app.user.click(confirm);
    await app.rtl.waitFor(() => expect(app.path()).toBe("/login"));
    expect(app.callsTo("DELETE", "/api/user/delete")).toHaveLength(1);
    expect(app.store.getState().authData.token).toBe("");
  });

  it("offers every supported language and the three themes, and keeps the sign-out button", async () => {
    const app = await open({ "PUT /api/user": (req) => ({ body: { ...ME, ...(req.body as object) } }) });
    const language = (await app.findByLabelText("Language")) as HTMLSelectElement;
    expect([...language.options].map((o) => o.value)).toEqual([...SUPPORTED_LANGUAGES]);
    const theme = app.getByLabelText("Theme") as HTMLSelectElement;
    await app.user.selectOptions(theme, "dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    await app.user.selectOptions(theme, "light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    app.getByTestId("chat-layout-setting");
    app.getByTestId("account-sign-out");
  });
});
