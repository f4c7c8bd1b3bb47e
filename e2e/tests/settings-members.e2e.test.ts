/**
 * The Members admin page and My Account against a real server (issue 17): the admin creates a
 * user through the Members page; promotes a member, whose other open page shows the admin pages
 * in its settings navigation without a reload; freezes a user (checked through the API). On My
 * Account a member changes their name, picture and password (and signs in again with the new one) and
 * signs another of their devices out. Screenshots: both pages and the create-user dialog.
 */
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminUser } from "@parley/protocol";
import { closeCleanly, screenshotBothThemes, type TestPage } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { encodePng } from "../helpers/png";
import { ADA, BOB, CAROL, useSuite, type Person } from "../helpers/suite";

const ERIN: Person = { name: "Erin Engineer", email: "erin@example.com", password: "battery staple 5" };
const suite = useSuite({ members: [BOB, CAROL, ERIN] });

/** The pages a test opened, checked for page errors and closed after it. */
let pages: TestPage[] = [];
afterEach(async () => {
  for (const tp of pages) {
    await closeCleanly(tp);
  }
  pages = [];
});

async function signedIn(who: Person, route: string): Promise<Page> {
  const tp = await suite.signedInPage(who);
  pages.push(tp);
  await openRoute(tp.page, route);
  return tp.page;
}

const row = (page: Page, name: string) => page.getByTestId("member-row").filter({ has: page.getByTestId("member-name").getByText(name, { exact: true }) });
/** Screenshots without the sign-in's toast over the page. */
const toastGone = (page: Page) => page.getByText("Login Successfully!").waitFor({ state: "detached" });
const settingsNav = (page: Page) => page.getByRole("navigation", { name: "Settings" });

async function memberAction(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

describe("Members (admin)", () => {
  it("creates a user through the Members page", async () => {
    const page = await signedIn(ADA, "/setting/members");
    await row(page, CAROL.name).waitFor();
    await toastGone(page);
    await screenshotBothThemes(page, "setting-members");

    await page.getByTestId("create-user").click();
    const dialog = page.getByRole("dialog", { name: "Create a user" });
    await dialog.getByLabel("Name").fill("Dave Diver");
    await dialog.getByLabel("E-mail").fill("dave@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("deep water 7");
    await screenshotBothThemes(page, "setting-members-create");
    await dialog.getByTestId("create-user-save").click();
    await dialog.waitFor({ state: "detached" });
    // The list is the directory the stream keeps: the new account arrives as a users_log.
    await row(page, "Dave Diver").waitFor();

    const users = await suite.admin.request<AdminUser[]>("GET", "/admin/user");
    expect(users.find((u) => u.email === "dave@example.com")).toMatchObject({ name: "Dave Diver", is_admin: false, status: "normal" });
    const dave = await suite.api({ name: "Dave Diver", email: "dave@example.com", password: "deep water 7" });
    expect(dave.token).not.toBe("");
  });

  it("promotes a member, whose open page shows the admin pages without a reload", async () => {
    const bobPage = await signedIn(BOB, "/setting/my_account");
    await settingsNav(bobPage).getByRole("link", { name: "My Account" }).waitFor();
    expect(await settingsNav(bobPage).getByRole("link", { name: "Members" }).count()).toBe(0);

    const page = await signedIn(ADA, "/setting/members");
    await memberAction(page, BOB.name, "Make admin");
    await page.getByText(`${BOB.name} is now an admin.`).waitFor();

    await settingsNav(bobPage).getByRole("link", { name: "Members" }).waitFor();
    await settingsNav(bobPage).getByRole("link", { name: "Configuration" }).waitFor();
    const bob = await suite.admin.request<AdminUser>("GET", `/admin/user/${suite.uid(BOB)}`);
    expect(bob.is_admin).toBe(true);
  });

  it("freezes a user", async () => {
    const page = await signedIn(ADA, "/setting/members");
    await memberAction(page, CAROL.name, "Freeze account");
    await page.getByText(`${CAROL.name} is frozen and was signed out everywhere.`).waitFor();
    await row(page, CAROL.name).getByText("Frozen").waitFor();
    const carol = await suite.admin.request<AdminUser>("GET", `/admin/user/${suite.uid(CAROL)}`);
    expect(carol.status).toBe("frozen");
    // The founder and oneself: no removal offered.
    await page.getByRole("button", { name: `Actions for ${ADA.name}` }).click();
    expect(await page.getByRole("menuitem", { name: "Remove user" }).count()).toBe(0);
  });
});

describe("My Account", () => {
  it("a member changes name, picture and password, signs in with the new one, and signs another device out", async () => {
    // Another device of Erin's: the API client's session (device "e2e-fixture").
    await suite.api(ERIN);
    const page = await signedIn(ERIN, "/setting/my_account");
    const devices = page.getByTestId("device-row");
    await expect.poll(() => devices.count()).toBe(2);
    await page.getByTestId("device-row").filter({ hasText: "This device" }).waitFor();
    await toastGone(page);
    await screenshotBothThemes(page, "setting-my-account");
    await page.getByTestId("preferences").scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, "setting-my-account-preferences");
    await page.getByTestId("delete-account").scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, "setting-my-account-security");

    await page.getByTestId("profile-name").fill("Erin Expert");
    await page.getByTestId("profile-save").click();
    await page.getByText("Your profile was saved.").waitFor();
    await page.getByTestId("account-name").getByText("Erin Expert").waitFor();

    // A wide picture: the page sends its centred square.
    const picture = encodePng(300, 120, (x) => (x < 90 ? [0, 160, 0] : x < 210 ? [200, 30, 30] : [20, 40, 200]));
    await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
    await page.getByText("Your picture was updated.").waitFor();
    const erin = await suite.admin.request<AdminUser>("GET", `/admin/user/${suite.uid(ERIN)}`);
    expect(erin.avatar_updated_at).toBeGreaterThan(0);

    const next = "correct horse 9";
    await page.getByLabel("Current password").fill(ERIN.password);
    await page.getByLabel("New password", { exact: true }).fill(next);
    await page.getByLabel("Confirm new password").fill(next);
    await page.getByTestId("password-save").click();
    await page.getByText("Your password was changed.").waitFor();

    const again = await suite.page();
    pages.push(again);
    await suite.signIn(again.page, { ...ERIN, password: next });
    const api = await suite.api({ ...ERIN, password: next });
    expect(api.token).not.toBe("");

    await page.reload();
    await expect.poll(() => devices.count()).toBe(3);
    await page.getByRole("button", { name: "Sign out e2e-fixture" }).click();
    await page.getByText("That device was signed out.").waitFor();
    await expect.poll(() => devices.count()).toBe(2);
    expect(await page.getByTestId("device-row").filter({ hasText: "e2e-fixture" }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => devices.count()).toBe(2);
  });
});
