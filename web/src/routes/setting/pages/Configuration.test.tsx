/** The Configuration page: each switch applies at once with a PUT of that field alone, and says whether it took. */
import { describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_COMMON } from "@parley/protocol";
import { renderApp, session, systemCommonApi } from "../../../test/render";

const STORED = { ...DEFAULT_SYSTEM_COMMON, ext_setting: JSON.stringify({ enable_msg_url_preview: true, future_key: 7 }) };

const open = (refuse?: string) => renderApp({ route: "/setting/configuration", storage: session(), api: systemCommonApi(STORED, refuse) });
const putBodies = (app: Awaited<ReturnType<typeof open>>) => app.callsTo("PUT", "/api/admin/system/common").map((p) => p.body);

describe("Configuration (admin)", () => {
  it("puts only the flipped switch and confirms it", async () => {
    const app = await open();
    const dms = await app.findByRole("switch", { name: "Direct messages" });
    expect(dms.getAttribute("aria-checked")).toBe("true");
    await app.user.click(dms);
    await app.findByText("Setting saved");
    expect(putBodies(app)).toEqual([{ dm_enable: false }]);
    expect(app.getByRole("switch", { name: "Direct messages" }).getAttribute("aria-checked")).toBe("false");
    expect(app.store.getState().server.common?.dm_enable).toBe(false);
  });

  it("keeps the other ext_setting keys when one of its switches changes", async () => {
    const app = await open();
    await app.user.click(await app.findByRole("switch", { name: "Link previews" }));
    await app.findByText("Setting saved");
    const puts = putBodies(app);
    expect(puts).toHaveLength(1);
    expect(JSON.parse((puts[0] as { ext_setting: string }).ext_setting)).toEqual({ enable_msg_url_preview: false, future_key: 7 });
  });

  it("turns the message text in notifications off inside ext_setting (on while absent)", async () => {
    const app = await open();
    const preview = await app.findByRole("switch", { name: "Message text in notifications" });
    expect(preview.getAttribute("aria-checked")).toBe("true");
    await app.user.click(preview);
    await app.findByText("Setting saved");
    expect(JSON.parse((putBodies(app)[0] as { ext_setting: string }).ext_setting)).toEqual({ enable_msg_url_preview: true, future_key: 7, notify_preview: false });
  });

  it("sets the e-mail delay from its labelled select", async () => {
    const app = await open();
    const delay = (await app.findByLabelText("Send after")) as HTMLSelectElement;
    // Off while the e-mails are off.
    expect(delay.disabled).toBe(true);
    await app.user.click(app.getByRole("switch", { name: "E-mail about missed messages" }));
    await app.findByText("Setting saved");
    await app.user.selectOptions(delay, "1 hour");
    expect(putBodies(app)).toEqual([{ msg_smtp_notify_enable: true }, { msg_smtp_notify_delay_seconds: 3600 }]);
  });

  it("shows the server's refusal and puts the stored value back", async () => {
    const app = await open("admins only, please");
    await app.user.click(await app.findByRole("switch", { name: "User search" }));
    await app.findByText("admins only, please");
    expect(app.getByRole("switch", { name: "User search" }).getAttribute("aria-checked")).toBe("true");
  });
});
