/** API Documentation: the Swagger UI link, the document's URL to copy, and the x-api-key header for users and bots. */
import { describe, expect, it } from "vitest";
import { renderApp, session } from "../../../test/render";
import { apiDocUrls } from "./ApiDoc";

describe("API Documentation", () => {
  it("links Swagger UI in a new tab and shows the OpenAPI document's URL with a Copy button", async () => {
    const app = await renderApp({ route: "/setting/api_doc", storage: session() });
    const { swagger, spec } = apiDocUrls(window.location.origin);
    const link = (await app.findByRole("link", { name: "Open Swagger UI" })) as HTMLAnchorElement;
    expect(link.href).toBe(swagger);
    expect(swagger).toBe(`${window.location.origin}/api/swagger`);
    expect(link.target).toBe("_blank");
    expect(link.rel).toBe("noopener");
    const url = app.getByLabelText("Document URL") as HTMLInputElement;
    expect(url.readOnly).toBe(true);
    expect(url.value).toBe(`${window.location.origin}/api/spec`);
    expect(url.value).toBe(spec);
    await app.user.click(app.getByRole("button", { name: "Copy" }));
    await app.findByRole("button", { name: "Copied" });
  });

  it("says how to authenticate: the x-api-key header with an access token or a bot key", async () => {
    const app = await renderApp({ route: "/setting/api_doc", storage: session() });
    const auth = await app.findByRole("region", { name: "Authentication" });
    expect(auth.textContent).toContain("x-api-key");
    expect(auth.textContent).toContain("an access token, from signing in (POST /api/token/login)");
    expect(auth.textContent).toContain("a bot's API key");
    const examples = [...auth.querySelectorAll("pre")].map((pre) => pre.textContent);
    expect(examples).toEqual([
      `curl -H "x-api-key: <token>" ${window.location.origin}/api/user/me`,
      `curl -H "x-api-key: <bot key>" -H "content-type: text/plain" -d "Hello" ${window.location.origin}/api/bot/send_to_group/1`,
    ]);
  });

  it("is the API Documentation entry of the settings navigation", async () => {
    const app = await renderApp({ route: "/setting/api_doc", storage: session() });
    await app.findByTestId("api-doc-page");
    expect(app.getByRole("link", { name: "API Documentation" }).getAttribute("href")).toBe("#/setting/api_doc");
  });
});
