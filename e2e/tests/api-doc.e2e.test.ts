/**
 * Settings → API Documentation against a real server: the page gives the document's URL and the
 * header to authenticate with, and its link opens Swagger UI (served by the server itself, under
 * its own CSP) in a new tab, which loads /api/spec and renders the document's title and
 * operations with no CSP violation or page error. Screenshots: the page, light and dark; Swagger
 * UI (which has one theme).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENSHOTS, screenshotBothThemes } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { ADA, useSuite } from "../helpers/suite";

const suite = useSuite();

describe("API Documentation", () => {
  it("shows the spec URL and the x-api-key header, and its link opens Swagger UI rendering the document", async () => {
    const { page, context, errors } = await suite.signedInPage(ADA);
    await openRoute(page, "/setting/api_doc");
    const specField = page.getByLabel("Document URL");
    await expect.poll(() => specField.inputValue()).toBe(`${suite.url}/api/spec`);
    await page.getByRole("region", { name: "Authentication" }).getByText("x-api-key", { exact: true }).waitFor();
    // No toast over the page (the sign-in's).
    await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 10_000 }).toBe(0);
    await screenshotBothThemes(page, "setting-api-doc");

    const [swagger] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Open Swagger UI" }).click()]);
    const violations: string[] = [];
    swagger.on("console", (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    swagger.on("pageerror", (e) => violations.push(e.message));
    await swagger.waitForURL(`${suite.url}/api/swagger`);
    await swagger.getByRole("heading", { name: /Parley API/ }).waitFor({ timeout: 20_000 });
    // Every tag listed, collapsed; opening one renders its operations.
    const tags = swagger.locator(".opblock-tag");
    await expect.poll(() => tags.count()).toBeGreaterThanOrEqual(10);
    await swagger.screenshot({ path: path.join(SCREENSHOTS, "setting-api-doc-swagger-top-light.png") });
    for (const [tag, operation] of [["token", "/api/token/login"], ["user", "/api/user/me"], ["bot", "/api/bot/send_to_group/{gid}"]]) {
      await swagger.locator(`.opblock-tag[data-tag="${tag}"]`).click();
      await swagger.locator(".opblock-summary-path", { hasText: operation }).first().waitFor();
    }
    // An operation opens with its auth and parameters.
    await swagger.locator(".opblock-summary-path", { hasText: "/api/bot/send_to_group/{gid}" }).first().click();
    await swagger.getByText("Auth: BK", { exact: false }).first().waitFor();
    await swagger.mouse.move(1, 1);
    await swagger.screenshot({ path: path.join(SCREENSHOTS, "setting-api-doc-swagger-light.png") });
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
