/** The Overview page of the admin console: editing the server's name and description, the logo's checks, inviting people. */
import { describe, expect, it } from "vitest";
import { renderApp, session, type RecordedCall } from "../../../test/render";

describe("Overview (admin)", () => {
  it("saves the name and description with PUT and says so; the new name shows at once", async () => {
    const puts: RecordedCall[] = [];
    const app = await renderApp({
      route: "/setting/overview",
      storage: session(),
      api: { "PUT /api/admin/system/organization": (req) => (puts.push(req), { body: "" }) },
    });
    const name = await app.findByLabelText("Server name");
    await app.findByDisplayValue("Testbed");
    expect(app.getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", true);
    await app.user.clear(name);
    await app.user.type(name, "Acme Chat");
    await app.user.type(app.getByLabelText("Description"), "Where Acme talks");
    await app.user.click(app.getByRole("button", { name: "Save changes" }));
    await app.findByText("Saved.");
    expect(puts.map((p) => p.body)).toEqual([{ name: "Acme Chat", description: "Where Acme talks" }]);
    expect(app.getByTestId("overview-name").textContent).toBe("Acme Chat");
    expect(app.store.getState().server.name).toBe("Acme Chat");
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const app = await renderApp({
      route: "/setting/overview",
      storage: session(),
      api: { "PUT /api/admin/system/organization": () => ({ status: 400, body: "failed to parse body.name: Too big" }) },
    });
    const name = await app.findByLabelText("Server name");
    await app.findByDisplayValue("Testbed");
    await app.user.clear(name);
    await app.user.type(name, "A name the server refuses");
    await app.user.click(app.getByRole("button", { name: "Save changes" }));
    const alert = await app.findByRole("alert");
    expect(alert.textContent).toContain("failed to parse body.name: Too big");
    expect((app.getByLabelText("Server name") as HTMLInputElement).value).toBe("A name the server refuses");
    // The optimistic name went back to the stored one.
    expect(app.store.getState().server.name).toBe("Testbed");
  });

  it("refuses a logo over 5 MB before uploading it, and keeps the member and channel counts", async () => {
    const app = await renderApp({ route: "/setting/overview", storage: session() });
    await app.findByText("At a glance");
    app.getByText("Members", { selector: "dt" });
    app.getByText("Channels", { selector: "dt" });
    const big = new File([new Uint8Array(5_000_001)], "huge.png", { type: "image/png" });
    await app.user.upload(app.getByTestId("logo-input") as HTMLInputElement, big);
    expect((await app.findByRole("alert")).textContent).toContain("The image is larger than 5 MB.");
    expect(app.callsTo("POST", "/api/admin/system/organization/logo")).toHaveLength(0);
  });

  it("opens the invite link dialog", async () => {
    const app = await renderApp({
      route: "/setting/overview",
      storage: session(),
      api: { "GET /api/group/create_reg_magic_link": () => ({ body: "http://localhost/#/register?magic_token=abc" }) },
    });
    await app.user.click(await app.findByTestId("overview-invite"));
    await app.findByDisplayValue("http://localhost/#/register?magic_token=abc");
  });

  it("follows a new name and logo from the event stream", async () => {
    const app = await renderApp({ route: "/setting/overview", storage: session() });
    await app.findByDisplayValue("Testbed");
    const es = await app.openStream();
    app.rtl.act(() => es.send({ type: "server_config_changed", organization_name: "Renamed", organization_description: null, organization_logo: "/api/resource/organization/logo?t=42" }));
    await app.findByDisplayValue("Renamed");
    const logos = app.view.container.querySelectorAll('img[src^="/api/resource/organization/logo"]');
    expect(logos.length).toBeGreaterThan(0);
    for (const img of logos) expect(img.getAttribute("src")).toBe("/api/resource/organization/logo?t=42");
  });
});
