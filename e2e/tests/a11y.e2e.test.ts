/**
 * Issue 17: an axe-core scan of every screen reports no serious or critical violation, in the
 * light and the dark theme. One browser, one signed-in page per person, moved from screen to
 * screen in place; each screen is scanned once it has its content, in both schemes.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Api } from "../helpers/api";
import { expectNoSeriousA11yViolationsInBothSchemes } from "../helpers/axe";
import { closeCleanly, screenshotBothThemes, type TestPage } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { encodePng } from "../helpers/png";
import { ADA, BOB, CAROL, useSuite } from "../helpers/suite";

/** The settings navigation of web/src/routes/setting/index.tsx, admin first. */
const ADMIN_SETTINGS = ["overview", "members", "data_management", "auto_delete", "my_account", "notifications", "configuration", "bot", "firebase", "agora", "smtp", "login_methods", "third_party", "widget", "license", "about", "api_doc", "version"];
const MEMBER_SETTINGS = ["my_account", "notifications", "about", "api_doc", "version"];

/** The screen as it rests: lazy chunks and queries loaded, no toast over it. */
async function settle(page: Page) {
  await expect.poll(() => page.locator("[aria-busy=true], [data-toast]").count(), { timeout: 10_000 }).toBe(0);
}

async function scan(page: Page, label: string) {
  await settle(page);
  await expectNoSeriousA11yViolationsInBothSchemes(page, label);
}

describe("accessibility: signed-in screens", () => {
  const suite = useSuite({
    members: [BOB, CAROL],
    channels: [
      { name: "general", description: "Company-wide announcements and chatter" },
      { name: "design", description: "Private: mockups and reviews", isPublic: false, members: [BOB] },
    ],
  });
  let admin: Api;
  let gid: number;
  let privateGid: number;
  let ada: TestPage;
  let bob: TestPage;

  beforeAll(async () => {
    admin = suite.admin;
    gid = suite.gid("general");
    privateGid = suite.gid("design");
    const bobApi = await suite.api(BOB);
    await admin.send({ gid }, "Morning all, the release notes are in the wiki.");
    await bobApi.send({ gid }, "**Thanks!** I will review them before lunch.", { contentType: "text/markdown" });
    const picture = encodePng(96, 64, (x, y) => [40 + x, 90 + y, 200]);
    const up = await admin.upload("chart.png", "image/png", picture);
    const fileMid = await admin.send({ gid }, JSON.stringify({ path: up.path }), {
      contentType: "vocechat/file",
      properties: { name: "chart.png", content_type: "image/png", size: up.size, ...(up.image_properties ?? {}) },
    });
    await admin.send({ uid: suite.uid(BOB) }, "Do you have a minute for the roadmap?");
    await bobApi.request("POST", "/favorite", { mid_list: [fileMid] });
    // A muted conversation in Ada's sidebar: its row is drawn subdued.
    await admin.request("POST", "/user/mute", { add_groups: [{ gid: privateGid }] });
    ada = await suite.signedInPage(ADA);
    bob = await suite.signedInPage(BOB);
  });

  it("the home, chat, DM, users, files and saved screens", async () => {
    const { page } = ada;
    await scan(page, "home");
    await openRoute(page, `/chat/channel/${gid}`);
    await page.getByTestId("message-list").getByText("Morning all").waitFor();
    await scan(page, "channel chat");
    // The sidebar's rows as the scan left them: active, unread-free, muted (design), in both themes.
    await screenshotBothThemes(page, "a11y-channel");
    await openRoute(page, `/chat/dm/${suite.uid(BOB)}`);
    await page.getByTestId("message-list").getByText("roadmap").waitFor();
    await scan(page, "direct message");
    await openRoute(page, "/users");
    await scan(page, "users");
    await openRoute(page, `/users/${suite.uid(BOB)}`);
    await page.getByTestId("profile-name").waitFor();
    await scan(page, "user profile");
    await openRoute(page, "/files");
    await page.getByTestId("file-name").first().waitFor();
    await scan(page, "files");
    await openRoute(bob.page, "/favs");
    await bob.page.getByTestId("favorite").first().waitFor();
    await scan(bob.page, "saved items");
    expect(ada.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });

  it("every settings page, as an admin and as a member", async () => {
    for (const [tp, keys, who] of [[ada, ADMIN_SETTINGS, "admin"], [bob, MEMBER_SETTINGS, "member"]] as const) {
      for (const key of keys) {
        await openRoute(tp.page, `/setting/${key}`);
        await tp.page.getByTestId("setting-title").waitFor();
        await scan(tp.page, `setting ${key} (${who})`);
      }
    }
    expect(ada.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });

  it("the channel and DM settings pages", async () => {
    const { page } = ada;
    for (const nav of ["overview", "members"]) {
      await openRoute(page, `/setting/channel/${gid}/${nav}`);
      await scan(page, `channel settings ${nav}`);
    }
    await openRoute(page, `/setting/channel/${privateGid}/invite`);
    await scan(page, "private channel settings invite");
    await openRoute(page, `/setting/dm/${suite.uid(BOB)}/overview`);
    await scan(page, "DM settings");
    expect(ada.errors).toEqual([]);
  });

  it("the menus and dialogs of the home screen", async () => {
    const { page } = ada;
    await openRoute(page, `/chat/channel/${gid}`);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menu").waitFor();
    await scan(page, "account menu");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Options for general" }).click();
    await page.getByRole("menu").waitFor();
    await scan(page, "conversation menu");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "New channel" }).click();
    await page.getByRole("dialog").waitFor();
    await scan(page, "new channel dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(ada.errors).toEqual([]);
  });

  it("the login page", async () => {
    const tp = await suite.page();
    await tp.page.goto(`${suite.url}/#/login`);
    await tp.page.locator("input[name=email]").waitFor();
    await scan(tp.page, "login");
    await closeCleanly(tp);
  });
});

describe("accessibility: onboarding", () => {
  // No admin yet: the wizard's steps are the screens.
  const suite = useSuite({ admin: null });

  it("the onboarding steps", async () => {
    const { page, errors, context } = await suite.page();
    await page.goto(`${suite.url}/`);
    await page.getByRole("heading", { name: "Welcome to Parley" }).waitFor();
    await scan(page, "onboarding welcome");
    await page.getByRole("button", { name: "Get started" }).click();
    await page.getByLabel("Server name").fill("Acme Chat");
    await scan(page, "onboarding server name");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Olga Owner");
    await page.getByLabel("Email").fill("olga@example.com");
    await page.getByLabel("Password", { exact: true }).fill("onboard-me-1");
    await page.getByLabel("Confirm password").fill("onboard-me-1");
    await scan(page, "onboarding admin account");
    await page.getByRole("button", { name: "Create admin account" }).click();
    await page.getByRole("heading", { name: "Who can sign up?" }).waitFor();
    await scan(page, "onboarding who can sign up");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Invite your team" }).waitFor();
    await page.getByTestId("copy-value").or(page.getByText("No invitation link yet")).first().waitFor();
    await scan(page, "onboarding invites");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "You're all set" }).waitFor();
    await scan(page, "onboarding done");
    expect(errors).toEqual([]);
    await context.close();
  });
});
