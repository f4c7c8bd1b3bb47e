/** The Calls page's media choice: Agora offered only once it is configured, the choice saved with the rest. */
import { describe, expect, it } from "vitest";
import { DEFAULT_CALL_ADMIN_CONFIG } from "@parley/protocol";
import { adminConfigApi, renderApp, session, type RecordedCall } from "../../../test/render";

function callsApi(posts: RecordedCall[], agoraEnabled: boolean, stored: object = DEFAULT_CALL_ADMIN_CONFIG) {
  return { ...adminConfigApi("call", stored, posts), "GET /api/admin/agora/enabled": () => ({ body: agoraEnabled }), "GET /api/call/rooms": () => ({ body: [] }) };
}

describe("Calls (admin): the calls' media", () => {
  it("offers Agora only once it is on, pointing to its settings; the built-in media stays chosen", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/calls", storage: session(), api: callsApi(posts, false) });
    const agora = await app.findByRole("radio", { name: /^Agora/ });
    expect(agora.hasAttribute("disabled")).toBe(true);
    expect(agora.getAttribute("aria-checked")).toBe("false");
    expect(app.getByRole("radio", { name: /^Built-in/ }).getAttribute("aria-checked")).toBe("true");
    expect(app.getByText("Turn Agora on with an app ID and certificate first.")).toBeTruthy();
    expect(app.getByTestId("calls-agora-link").getAttribute("href")).toBe("#/setting/agora");
    await app.user.click(agora);
    expect(agora.getAttribute("aria-checked")).toBe("false");
    expect((app.getByTestId("calls-save") as HTMLButtonElement).disabled).toBe(true);
  });

  it("with Agora on, choosing it saves media: agora with the other settings", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/calls", storage: session(), api: callsApi(posts, true) });
    const agora = await app.findByRole("radio", { name: /^Agora/ });
    expect(app.queryByTestId("calls-agora-link")).toBeNull();
    await app.user.click(agora);
    expect(agora.getAttribute("aria-checked")).toBe("true");
    await app.user.click(app.getByTestId("calls-save"));
    await app.findByText("Saved.");
    expect(posts.map((p) => p.body)).toEqual([{ ...DEFAULT_CALL_ADMIN_CONFIG, media: "agora" }]);
  });

  it("a stored Agora choice with Agora since turned off says calls use the built-in media, and can be switched back", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/calls", storage: session(), api: callsApi(posts, false, { ...DEFAULT_CALL_ADMIN_CONFIG, media: "agora" }) });
    const agora = await app.findByRole("radio", { name: /^Agora/ });
    expect(agora.getAttribute("aria-checked")).toBe("true");
    expect(agora.hasAttribute("disabled")).toBe(false);
    expect(app.getByText("Agora is off: calls use the built-in media until it is turned on again.")).toBeTruthy();
    await app.user.click(app.getByRole("radio", { name: /^Built-in/ }));
    await app.user.click(app.getByTestId("calls-save"));
    await app.findByText("Saved.");
    expect(posts.map((p) => (p.body as { media: string }).media)).toEqual(["builtin"]);
  });
});
