/** Widget: the embed snippet with its Copy button, and the extra stylesheet saved, refused with the server's words, kept. */
import { describe, expect, it } from "vitest";
import { renderApp, session, type RecordedCall } from "../../../test/render";
import { widgetSnippet } from "./Widget";

const NEW_SERVER = { "GET /api/admin/system/version": () => ({ body: "0.4.0" }) };

function cssApi(puts: RecordedCall[], stored: string | null, refuse?: { status: number; body: string }) {
  return {
    ...NEW_SERVER,
    "GET /api/resource/widget-extra.css": () => (stored === null ? { status: 404, body: "no widget stylesheet" } : { body: stored, headers: { "content-type": "text/css" } }),
    "PUT /api/resource/widget-extra.css": (req: RecordedCall) => (puts.push(req), refuse ?? { body: "" }),
  };
}

describe("Widget (admin)", () => {
  it("shows this server's embed snippet, answered by the admin, with a Copy button", async () => {
    const app = await renderApp({ route: "/setting/widget", storage: session(), api: cssApi([], null) });
    const snippet = (await app.findByLabelText("Widget snippet")) as HTMLTextAreaElement;
    expect(snippet.readOnly).toBe(true);
    expect(snippet.value).toBe(widgetSnippet(window.location.origin, 1));
    expect(snippet.value).toContain(`src="${window.location.origin}/widget.js"`);
    expect(snippet.value).toContain('data-host-id="1"');
    await app.user.click(app.getByRole("button", { name: "Copy" }));
    await app.findByRole("button", { name: "Copied" });
  });

  it("saves the typed stylesheet (none stored yet) and confirms it", async () => {
    const puts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/widget", storage: session(), api: cssApi(puts, null) });
    const css = (await app.findByLabelText("Stylesheet")) as HTMLTextAreaElement;
    expect(css.value).toBe("");
    expect((app.getByRole("button", { name: "Save changes" }) as HTMLButtonElement).disabled).toBe(true);
    await app.user.type(css, ".header {{ color: red }");
    await app.user.click(app.getByRole("button", { name: "Save changes" }));
    await app.findByText("The stylesheet was saved.");
    expect(puts.map((p) => p.body)).toEqual([{ data: ".header { color: red }" }]);
    expect((app.getByLabelText("Stylesheet") as HTMLTextAreaElement).value).toBe(".header { color: red }");
    expect((app.getByRole("button", { name: "Save changes" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the stored stylesheet, and the server's refusal with what was typed kept", async () => {
    const puts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/widget", storage: session(), api: cssApi(puts, "body { margin: 0 }", { status: 413, body: "the stylesheet is too large" }) });
    const css = (await app.findByDisplayValue("body { margin: 0 }")) as HTMLTextAreaElement;
    await app.user.type(css, " .x {{}");
    await app.user.click(app.getByRole("button", { name: "Save changes" }));
    expect((await app.findByRole("alert")).textContent).toContain("the stylesheet is too large");
    expect((app.getByLabelText("Stylesheet") as HTMLTextAreaElement).value).toBe("body { margin: 0 } .x {}");
  });
});
