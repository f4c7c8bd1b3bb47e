/** The Configuration page: each switch applies at once with a PUT of that field alone, and says whether it took. */
import { describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_COMMON } from "@parley/protocol";
import { renderApp, session, type RecordedCall } from "../../../test/render";

const STORED = { ...DEFAULT_SYSTEM_COMMON, ext_setting: JSON.stringify({ enable_msg_url_preview: true, future_key: 7 }) };

function commonApi(puts: RecordedCall[], refuse?: string) {
  return {
    "GET /api/admin/system/common": () => ({ body: STORED }),
    "PUT /api/admin/system/common": (req: RecordedCall) => {
      puts.push(req);
      return refuse ? { status: 403, body: refuse } : { body: { ...STORED, ...(req.body as object) } };
    },
  };
}

describe("Configuration (admin)", () => {
  it("puts only the flipped switch and confirms it", async () => {
    const puts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/configuration", storage: session(), api: commonApi(puts) });
    const dms = await app.findByRole("switch", { name: "Direct messages" });
    expect(dms.getAttribute("aria-checked")).toBe("true");
    await app.user.click(dms);
    await app.findByText("Setting saved");
    expect(puts.map((p) => p.body)).toEqual([{ dm_enable: false }]);
    expect(app.getByRole("switch", { name: "Direct messages" }).getAttribute("aria-checked")).toBe("false");
    expect(app.store.getState().server.common?.dm_enable).toBe(false);
  });

  it("keeps the other ext_setting keys when one of its switches changes", async () => {
    const puts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/configuration", storage: session(), api: commonApi(puts) });
    await app.user.click(await app.findByRole("switch", { name: "Link previews" }));
    await app.findByText("Setting saved");
    expect(puts).toHaveLength(1);
    expect(JSON.parse((puts[0].body as { ext_setting: string }).ext_setting)).toEqual({ enable_msg_url_preview: false, future_key: 7 });
  });

  it("sets the e-mail delay from its labelled select", async () => {
    const puts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/configuration", storage: session(), api: commonApi(puts) });
    const delay = (await app.findByLabelText("Send after")) as HTMLSelectElement;
    // Off while the e-mails are off.
    expect(delay.disabled).toBe(true);
    await app.user.click(app.getByRole("switch", { name: "E-mail about missed messages" }));
    await app.findByText("Setting saved");
    await app.user.selectOptions(delay, "1 hour");
    expect(puts.map((p) => p.body)).toEqual([{ msg_smtp_notify_enable: true }, { msg_smtp_notify_delay_seconds: 3600 }]);
  });

  it("shows the server's refusal and puts the stored value back", async () => {
    const puts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/configuration", storage: session(), api: commonApi(puts, "admins only, please") });
    await app.user.click(await app.findByRole("switch", { name: "User search" }));
    await app.findByText("admins only, please");
    expect(app.getByRole("switch", { name: "User search" }).getAttribute("aria-checked")).toBe("true");
  });
});
