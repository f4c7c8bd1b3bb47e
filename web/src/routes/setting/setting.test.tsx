/** Version gates of the main layout (docs/ARCHITECTURE.md "Client rules", docs/API.md "Version"), through the real app. */
import { describe, expect, it } from "vitest";
import { renderApp, session } from "../../test/render";

const version = (v: string) => ({ "GET /api/admin/system/version": () => ({ body: v }) });

describe("server version gates", () => {
  it("shows the server-version-too-old notice on a page the server is too old for", async () => {
    const app = await renderApp({ route: "/setting/widget", storage: session(), api: version("0.3.20") });
    await app.findByText("This function needs server version 0.4.0 at least");
    app.getByText("Please upgrade the Server!");
  });

  it("opens the page on a new enough server (a suffix after a dash is ignored)", async () => {
    const app = await renderApp({ route: "/setting/widget", storage: session(), api: version("0.4.0-beta.1") });
    await app.findByText("Embed a chat window on your website.");
    expect(app.queryByText("Please upgrade the Server!")).toBeNull();
  });

  it("picks the newer files screen from 0.3.11, the older one before", async () => {
    const a = await renderApp({ route: "/files", storage: session(), api: version("0.3.11") });
    await a.findByRole("toolbar", { name: "Filter by type" });
    const b = await renderApp({ route: "/files", storage: session(), api: version("0.3.10") });
    await b.findByRole("heading", { name: "Resources" });
  });
});
