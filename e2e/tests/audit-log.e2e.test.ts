/**
 * The audit log as an admin meets it: actions taken through the API (a new member, a role
 * change, a freeze, settings) appear on the Data Management page in words, newest first, with
 * the category filter. Screenshots: the page in light and dark.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB] });

beforeAll(async () => {
  const { admin } = suite;
  const bob = suite.uid(BOB);
  await admin.request("PUT", `/admin/user/${bob}`, { is_admin: true });
  await admin.request("PUT", `/admin/user/${bob}`, { status: "frozen" });
  await admin.request("PUT", "/admin/system/common", { show_user_online_status: false });
  await admin.request("PUT", "/admin/system/organization", { name: "Acme Chat", description: "Where Acme talks" });
});

describe("audit log", () => {
  it("shows what admins did, newest first, and filters by category", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/data_management");
    const rows = page.getByTestId("audit-entry");
    await expect.poll(() => rows.count()).toBe(6);
    // Names resolve once the event stream has delivered the user directory.
    await expect.poll(() => rows.nth(0).innerText()).toContain("Ada Admin changed the server name or description");
    await expect(rows.nth(2).innerText()).resolves.toMatch(/Ada Admin froze\s+Bob Builder/);
    await expect(rows.nth(3).innerText()).resolves.toMatch(/changed the role of\s+Bob Builder/);
    await screenshotBothThemes(page, "setting-audit-log");

    await page.getByTestId("audit-filter").selectOption("settings");
    await expect.poll(() => rows.count()).toBe(2);
    expect(tp.errors).toEqual([]);
  });
});
