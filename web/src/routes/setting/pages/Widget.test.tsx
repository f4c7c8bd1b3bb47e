/**
 * Widget: the embed snippet with its Copy button; the allowed sites and look saved (origins one
 * per line, the server's refusal shown with what was typed kept); the extra stylesheet; the two
 * pages and the pages' API key.
 */
import { describe, expect, it } from "vitest";
import type { WidgetSettings } from "@parley/protocol";
import { renderApp, session, type RecordedCall } from "../../../test/render";
import { widgetSnippet } from "./Widget";

const NEW_SERVER = { "GET /api/admin/system/version": () => ({ body: "0.4.0" }) };
const SETTINGS: WidgetSettings = { allowed_origins: ["https://shop.example"], color: "#4f46e5", position: "right", title: "", welcome: "", logo_url: "" };

function widgetApi(calls: RecordedCall[], opts: { css?: string | null; refuseCss?: { status: number; body: string }; refuseSettings?: { status: number; body: string } } = {}) {
  const { css = null } = opts;
  const record = (req: RecordedCall) => (calls.push(req), undefined);
  return {
    ...NEW_SERVER,
    "GET /api/resource/widget-extra.css": () => (css === null ? { status: 404, body: "no widget stylesheet" } : { body: css }),
    "PUT /api/resource/widget-extra.css": (req: RecordedCall) => (record(req), opts.refuseCss ?? { body: "" }),
    "GET /api/admin/widget/config": () => ({ body: SETTINGS as unknown as Record<string, string> }),
    "PUT /api/admin/widget/config": (req: RecordedCall) => (record(req), opts.refuseSettings ?? { body: req.body as Record<string, string> }),
    "GET /api/page/landing": () => ({ body: "Welcome!" }),
    "GET /api/page/after_signin": () => ({ body: "" }),
    "PUT /api/page/landing": (req: RecordedCall) => (record(req), { body: "" }),
    "DELETE /api/page/landing": (req: RecordedCall) => (record(req), { body: "" }),
    "GET /api/page/apikey": () => ({ body: { key: "key-one" } }),
    "POST /api/page/apikey": (req: RecordedCall) => (record(req), { body: { key: "key-two" } }),
  };
}

/** The Widget page with its calls recorded, and one of its forms (by name). */
async function openForm(name: string, opts: Parameters<typeof widgetApi>[1] = {}) {
  const calls: RecordedCall[] = [];
  const app = await renderApp({ route: "/setting/widget", storage: session(), api: widgetApi(calls, opts) });
  const form = app.rtl.within(await app.findByRole("form", { name }));
  return { app, calls, form };
}

describe("Widget (admin)", () => {
  it("shows this server's embed snippet, answered by the admin, with a Copy button", async () => {
    const app = await renderApp({ route: "/setting/widget", storage: session(), api: widgetApi([]) });
    const snippet = (await app.findByLabelText("Widget snippet")) as HTMLTextAreaElement;
    expect(snippet.readOnly).toBe(true);
    expect(snippet.value).toBe(widgetSnippet(window.location.origin, 1));
    expect(snippet.value).toContain(`src="${window.location.origin}/widget.js"`);
    expect(snippet.value).toContain('data-host-id="1"');
    const { within } = app.rtl;
    const embed = within(snippet.closest("section") as HTMLElement);
    await app.user.click(embed.getByRole("button", { name: "Copy" }));
    await embed.findByRole("button", { name: "Copied" });
  });

  it("saves the allowed sites (one per line) and the look", async () => {
    const { app, calls, form } = await openForm("Sites and appearance");
    const origins = form.getByLabelText("Allowed sites") as HTMLTextAreaElement;
    expect(origins.value).toBe("https://shop.example");
    await app.user.type(origins, "{Enter}https://blog.example");
    await app.user.type(form.getByLabelText("Title"), "Support");
    await app.user.type(form.getByLabelText("Welcome message"), "Ask us anything");
    await app.user.selectOptions(form.getByLabelText("Position"), "left");
    await app.user.click(form.getByRole("button", { name: "Save changes" }));
    await form.findByText("The widget settings were saved.");
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["PUT", "/api/admin/widget/config", { ...SETTINGS, allowed_origins: ["https://shop.example", "https://blog.example"], title: "Support", welcome: "Ask us anything", position: "left" }],
    ]);
  });

  it("shows the server's refusal of a site, with what was typed kept", async () => {
    const { app, form } = await openForm("Sites and appearance", { refuseSettings: { status: 400, body: "not an origin: \"https://a.example/x\"" } });
    await app.user.type(form.getByLabelText("Allowed sites"), "{Enter}https://a.example/x");
    await app.user.click(form.getByRole("button", { name: "Save changes" }));
    expect((await form.findByRole("alert")).textContent).toContain("not an origin");
    expect((form.getByLabelText("Allowed sites") as HTMLTextAreaElement).value).toBe("https://shop.example\nhttps://a.example/x");
  });

  it("saves the typed stylesheet (none stored yet) and confirms it", async () => {
    const { app, calls, form } = await openForm("Custom CSS");
    const css = form.getByLabelText("Stylesheet") as HTMLTextAreaElement;
    expect(css.value).toBe("");
    expect((form.getByRole("button", { name: "Save changes" }) as HTMLButtonElement).disabled).toBe(true);
    await app.user.type(css, ".header {{ color: red }");
    await app.user.click(form.getByRole("button", { name: "Save changes" }));
    await form.findByText("The stylesheet was saved.");
    expect(calls.map((p) => p.body)).toEqual([{ data: ".header { color: red }" }]);
    expect((form.getByRole("button", { name: "Save changes" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the stored stylesheet, and the server's refusal with what was typed kept", async () => {
    const app = await renderApp({ route: "/setting/widget", storage: session(), api: widgetApi([], { css: "body { margin: 0 }", refuseCss: { status: 413, body: "the stylesheet is too large" } }) });
    const css = (await app.findByDisplayValue("body { margin: 0 }")) as HTMLTextAreaElement;
    const form = app.rtl.within(css.closest("form") as HTMLElement);
    await app.user.type(css, " .x {{}");
    await app.user.click(form.getByRole("button", { name: "Save changes" }));
    expect((await form.findByRole("alert")).textContent).toContain("the stylesheet is too large");
    expect(css.value).toBe("body { margin: 0 } .x {}");
  });

  it("saves a page as text and replaces the pages' API key", async () => {
    const { app, calls, form: landing } = await openForm("Landing page");
    const text = (await landing.findByDisplayValue("Welcome!")) as HTMLTextAreaElement;
    await app.user.type(text, " Hello.");
    await app.user.click(landing.getByRole("button", { name: "Save changes" }));
    await landing.findByText("The page was saved.");
    const put = calls.find((c) => c.path === "/api/page/landing");
    expect([put?.method, put?.body, put?.headers["content-type"]]).toEqual(["PUT", "Welcome! Hello.", "text/plain"]);
    // Emptied, the page is deleted.
    await app.user.clear(text);
    await app.user.click(landing.getByRole("button", { name: "Save changes" }));
    await app.rtl.waitFor(() => expect(calls.filter((c) => c.path === "/api/page/landing").map((c) => c.method)).toEqual(["PUT", "DELETE"]));
    expect(await app.findByDisplayValue("key-one")).toBeTruthy();
    await app.user.click(app.getByRole("button", { name: "Generate a new key" }));
    expect(await app.findByDisplayValue("key-two")).toBeTruthy();
    await app.findByText("A new key was generated.");
  });
});
