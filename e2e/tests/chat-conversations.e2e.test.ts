/**
 * Conversations between users in separate browser contexts: unread counts that rise in other
 * conversations, clear when opened and stay cleared after a reload (the read index is stored on
 * the server); the "New messages" line and the @ badge; mute (dimmed, quiet count, no sound) and
 * pin chat (moves to the top, kept after a reload); the members panel by role with counts, and
 * members added and removed live; search that finds an old message and shows it in context; the
 * channel settings (a renamed channel seen live by the other user) and the auto-delete setting.
 * Screenshots: the chat screen with badges and the members panel, the search panel, the channel
 * settings page.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshotBothThemes, type TestPage } from "../helpers/browser";
import { message, openRoute, sendFromComposer } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const CARA = { name: "Cara Coder", email: "cara@example.com", password: "battery staple 3" };

const suite = useSuite({
  members: [BOB, CARA],
  channels: [
    { name: "general", description: "Company-wide announcements and chatter" },
    { name: "random", description: "Water-cooler talk" },
    { name: "design", description: "Product design reviews", isPublic: false, members: [BOB] },
  ],
});
let adaPage: TestPage;
let bobPage: TestPage;
let uid: Record<"ada" | "bob" | "cara", number>;
let gid: Record<"general" | "random" | "design", number>;

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Conversations" });
const conv = (page: Page, key: string) => sidebar(page).locator(`[data-conv="${key}"]`);
const badge = (page: Page, key: string) => conv(page, key).getByTestId("unread-badge");
const badgeText = async (page: Page, key: string) => ((await badge(page, key).count()) ? await badge(page, key).innerText() : null);
/** The chimes played so far (each creates two oscillators; see `addInitScript` below). */
const chimes = (page: Page) => page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators);
const inViewport = (loc: Locator) =>
  loc.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

/** Ada's and Bob's pages, both showing the channel `channel`. */
async function bothOn(channel: number) {
  await openRoute(adaPage.page, `/chat/channel/${channel}`);
  await openRoute(bobPage.page, `/chat/channel/${channel}`);
  return { pa: adaPage.page, pb: bobPage.page };
}

beforeAll(async () => {
  uid = { ada: suite.uid(ADA), bob: suite.uid(BOB), cara: suite.uid(CARA) };
  gid = { general: suite.gid("general"), random: suite.gid("random"), design: suite.gid("design") };
  await suite.admin.send({ gid: gid.general }, "Welcome to Parley, everyone!");
  await suite.admin.send({ gid: gid.design }, "Design review on Thursday");

  adaPage = await suite.signedInPage(ADA);
  bobPage = await suite.page();
  // Count the new-message chimes (Web Audio oscillators) on Bob's side.
  await bobPage.context.addInitScript(() => {
    const w = window as unknown as { __oscillators: number };
    w.__oscillators = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__oscillators++;
      return original.call(this);
    };
  });
  await suite.signIn(bobPage.page, BOB);
});

describe("conversations", () => {
  it("counts unread messages, marks them read when opened, and keeps that across a reload", async () => {
    const { page: pb } = bobPage;
    await openRoute(pb, `/chat/channel/${gid.general}`);
    await message(pb, "Welcome to Parley, everyone!").waitFor();
    await expect.poll(() => pb.evaluate(() => document.hasFocus())).toBe(true);

    // Messages in #random while Bob reads #general: the count rises, the preview follows.
    await suite.admin.send({ gid: gid.random }, "Anyone up for lunch?");
    await suite.admin.send({ gid: gid.random }, "Tacos at the corner place");
    await expect.poll(() => badgeText(pb, `channel:${gid.random}`)).toBe("2");
    await suite.admin.send({ gid: gid.random }, ` @${uid.bob}  are you in?`, { properties: { mentions: [uid.bob] } });
    await expect.poll(() => badgeText(pb, `channel:${gid.random}`)).toBe("3");
    await conv(pb, `channel:${gid.random}`).getByTestId("mention-badge").waitFor();
    await expect(conv(pb, `channel:${gid.random}`).getByTestId("conversation-preview").innerText()).resolves.toBe(`${ADA.name}: @${BOB.name} are you in?`);
    // The newest activity comes first.
    await expect.poll(() => sidebar(pb).locator('[data-section="channels"] [data-conv]').first().getAttribute("data-conv")).toBe(`channel:${gid.random}`);
    // The open conversation does not count up.
    await suite.admin.send({ gid: gid.general }, "Standup in five minutes");
    await message(pb, "Standup in five minutes").waitFor();
    await expect(badge(pb, `channel:${gid.general}`).count()).resolves.toBe(0);

    // A reload does not lose them (the history of each conversation is looked at again).
    await pb.reload();
    await expect.poll(() => badgeText(pb, `channel:${gid.random}`), { timeout: 15_000 }).toBe("3");
    await expect(badge(pb, `channel:${gid.general}`).count()).resolves.toBe(0);

    // Opening #random shows the line above the first unread message and clears the count.
    const saved = pb.waitForResponse(
      (r) => r.url().endsWith("/api/user/read-index") && !!(r.request().postDataJSON() as { groups?: { gid: number }[] }).groups?.some((g) => g.gid === gid.random),
    );
    await conv(pb, `channel:${gid.random}`).getByRole("link").click();
    await message(pb, "Anyone up for lunch?").waitFor();
    await pb.getByTestId("new-messages-divider").waitFor();
    await expect.poll(() => badge(pb, `channel:${gid.random}`).count()).toBe(0);
    expect((await saved).status()).toBe(200);

    // Read on the server: still read after a reload.
    await pb.reload();
    await message(pb, "are you in?").waitFor();
    await pb.waitForTimeout(1_000);
    await expect(badge(pb, `channel:${gid.random}`).count()).resolves.toBe(0);
    await expect(pb.getByTestId("new-messages-divider").count()).resolves.toBe(0);
    expect(bobPage.errors).toEqual([]);
  });

  it("mutes a conversation (dimmed, quiet count, no sound) and pins a chat to the top", async () => {
    const { page: pb } = bobPage;
    await openRoute(pb, `/chat/channel/${gid.general}`);
    await message(pb, "Standup in five minutes").waitFor();
    // A click first: browsers keep audio suspended until the page had a user gesture.
    await pb.getByTestId("composer").click();

    // A DM from Ada chimes and shows up in the direct messages.
    const before = await chimes(pb);
    await suite.admin.send({ uid: uid.bob }, "Got a minute for a quick question?");
    await expect.poll(() => badgeText(pb, `dm:${uid.ada}`)).toBe("1");
    await expect.poll(() => chimes(pb)).toBeGreaterThan(before);

    // Mute #random for an hour from its menu (right-click).
    await conv(pb, `channel:${gid.random}`).click({ button: "right" });
    await pb.getByRole("menuitem", { name: "Mute…" }).click();
    await pb.getByRole("menuitem", { name: "For 1 hour" }).click();
    await expect.poll(() => conv(pb, `channel:${gid.random}`).getAttribute("data-muted")).toBe("true");
    await pb.waitForTimeout(1_200);
    const quiet = await chimes(pb);
    await suite.admin.send({ gid: gid.random }, "Nobody? More tacos for me.");
    await expect.poll(() => badgeText(pb, `channel:${gid.random}`)).toBe("1");
    await expect(badge(pb, `channel:${gid.random}`).getAttribute("data-subdued")).resolves.toBe("true");
    await pb.waitForTimeout(800);
    expect(await chimes(pb)).toBe(quiet);
    // Stored on the server: still muted after a reload.
    await pb.reload();
    await expect.poll(() => conv(pb, `channel:${gid.random}`).getAttribute("data-muted"), { timeout: 15_000 }).toBe("true");

    // Pin the design channel: it moves to the pinned section at the top, and stays there.
    await conv(pb, `channel:${gid.design}`).hover();
    await conv(pb, `channel:${gid.design}`).getByRole("button", { name: "Options for design" }).click();
    await pb.getByRole("menuitem", { name: "Pin chat" }).click();
    const pinned = sidebar(pb).locator('[data-section="pinned"] [data-conv]');
    await expect.poll(() => pinned.first().getAttribute("data-conv")).toBe(`channel:${gid.design}`);
    await expect(sidebar(pb).locator("section").first().getAttribute("data-section")).resolves.toBe("pinned");
    await pb.reload();
    await expect.poll(() => pinned.first().getAttribute("data-conv"), { timeout: 15_000 }).toBe(`channel:${gid.design}`);

    // Mark as read from the menu.
    await conv(pb, `channel:${gid.random}`).click({ button: "right" });
    await pb.getByRole("menuitem", { name: "Mark as read" }).click();
    await expect.poll(() => badge(pb, `channel:${gid.random}`).count()).toBe(0);
    expect(bobPage.errors).toEqual([]);
  });

  it("lists the members by role with counts and adds and removes members live", async () => {
    const { pa, pb } = await bothOn(gid.design);
    await pa.getByTestId("members-button").click();
    await pb.getByTestId("members-button").click();
    const panel = (page: Page) => page.getByTestId("members-panel");
    const section = (page: Page, role: string) => panel(page).locator(`[data-role="${role}"]`);
    await expect.poll(() => section(pa, "admin").getByTestId("member-count").innerText()).toBe("1");
    await expect.poll(() => section(pa, "member").getByTestId("member-count").innerText()).toBe("1");
    await expect(section(pa, "admin").getByTestId("member").getAttribute("data-uid")).resolves.toBe(String(uid.ada));

    // Ada adds Cara; both panels update from the stream.
    await panel(pa).getByRole("button", { name: "Add members" }).click();
    await pa.getByRole("dialog").getByRole("checkbox", { name: new RegExp(CARA.name) }).click();
    await pa.getByTestId("add-members-submit").click();
    await expect.poll(() => section(pa, "member").getByTestId("member-count").innerText()).toBe("2");
    await expect.poll(() => section(pb, "member").getByTestId("member-count").innerText()).toBe("2");
    await expect.poll(() => pb.getByTestId("members-button").innerText()).toContain("3");

    // The panel is remembered for the conversation.
    await openRoute(pb, `/chat/channel/${gid.general}`);
    await expect.poll(() => panel(pb).count()).toBe(0);
    await openRoute(pb, `/chat/channel/${gid.design}`);
    await panel(pb).waitFor();

    // Screenshot: Bob's chat screen with sidebar badges and the members panel.
    await suite.admin.send({ gid: gid.general }, "Release notes are up on the wiki");
    await suite.admin.send({ gid: gid.general }, `Thanks @${uid.bob} for the review!`, { properties: { mentions: [uid.bob] } });
    await suite.admin.send({ uid: uid.bob }, "Also: can you check the new icons?");
    await suite.admin.send({ gid: gid.design }, "Cara joins us from today 🎉");
    await message(pb, "Cara joins us from today").waitFor();
    await expect.poll(() => badgeText(pb, `channel:${gid.general}`)).toBe("2");
    await screenshotBothThemes(pb, "chat-sidebar-members");

    // Ada removes Cara.
    const cara = panel(pa).locator(`[data-uid="${uid.cara}"]`);
    await cara.hover();
    await cara.getByRole("button", { name: `Remove ${CARA.name}` }).click();
    await pa.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => section(pa, "member").getByTestId("member-count").innerText()).toBe("1");
    await expect.poll(() => section(pb, "member").getByTestId("member-count").innerText()).toBe("1");
    expect(adaPage.errors).toEqual([]);
    expect(bobPage.errors).toEqual([]);
  });

  it("finds a message far back in the history and shows it highlighted in context", async () => {
    const { page: pb } = bobPage;
    await suite.admin.send({ gid: gid.random }, "The quarterly roadmap draft is in the shared folder");
    for (let i = 1; i <= 160; i++) await suite.admin.send({ gid: gid.random }, `Catching up, message ${i}`);
    // After a reload only the newest page of the conversation is loaded.
    await openRoute(pb, `/chat/channel/${gid.random}`);
    await pb.reload();
    await message(pb, "Catching up, message 160").waitFor();
    // Not loaded: the list starts with the newest page.
    await expect(message(pb, "quarterly roadmap").count()).resolves.toBe(0);

    await pb.getByTestId("header-search").fill("ROADMAP");
    const result = pb.getByTestId("search-panel").getByTestId("search-result");
    await expect.poll(() => result.count()).toBe(1);
    await expect(result.locator("mark").innerText()).resolves.toBe("roadmap");
    await screenshotBothThemes(pb, "chat-search");

    // Every row that gets highlighted is recorded as it happens: the flash lasts 1.6 s from when
    // the row is on screen, which a loaded machine may take longer than that to poll.
    await pb.evaluate(() => {
      const seen: string[] = ((window as unknown as { __highlighted: string[] }).__highlighted = []);
      new MutationObserver(() => {
        document.querySelectorAll<HTMLElement>('[data-highlighted="true"]').forEach((el) => el.dataset.mid && seen.push(el.dataset.mid));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-highlighted"] });
    });
    await result.click();
    const found = message(pb, "quarterly roadmap");
    await found.waitFor();
    const foundMid = await found.getAttribute("data-mid");
    const highlighted = () => pb.evaluate(() => (window as unknown as { __highlighted: string[] }).__highlighted);
    await expect.poll(async () => (await highlighted()).includes(foundMid!)).toBe(true);
    await expect.poll(() => inViewport(found)).toBe(true);

    await pb.getByTestId("header-search").fill("no such words anywhere");
    await pb.getByTestId("search-panel").getByText("No results").waitFor();
    expect(bobPage.errors).toEqual([]);
  });

  it("edits the channel in its settings (seen live by the other user) and applies auto-delete", async () => {
    const { pa, pb } = await bothOn(gid.design);
    await pa.getByTestId("channel-settings-link").click();
    await pa.waitForURL(new RegExp(`#/setting/channel/${gid.design}/overview$`));

    await pa.getByTestId("channel-name-input").fill("design-team");
    await pa.getByTestId("channel-description-input").fill("Reviews, critiques and the design system");
    await pa.getByTestId("channel-save").click();
    await pa.getByText("Update Successfully!").first().waitFor();
    await expect.poll(() => pb.getByTestId("channel-title").innerText()).toBe("design-team");
    await expect.poll(() => pb.getByTestId("channel-description").innerText()).toBe("Reviews, critiques and the design system");
    await expect.poll(() => conv(pb, `channel:${gid.design}`).getByTestId("sidebar-channel-name").innerText()).toBe("design-team");

    // A new picture, drawn by the browser: uploaded as a square PNG, shown to Bob.
    const png = await pa.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 300;
      canvas.height = 200;
      const ctx = canvas.getContext("2d")!;
      const g = ctx.createLinearGradient(0, 0, 300, 200);
      g.addColorStop(0, "#f97316");
      g.addColorStop(1, "#7c3aed");
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 300, 200);
      return canvas.toDataURL("image/png").split(",")[1];
    });
    await pa.getByTestId("channel-avatar-input").setInputFiles({ name: "design.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
    await expect.poll(() => conv(pb, `channel:${gid.design}`).locator('img[src*="group_avatar"]').count()).toBe(1);

    // Auto-delete after 5 minutes: kept by the server, stamped on Ada's next message.
    await pa.getByTestId("auto-delete-select").selectOption("300");
    await expect.poll(() => pa.getByText("Update Successfully!").count()).toBeGreaterThan(0);
    await pa.reload();
    await expect.poll(() => pa.getByTestId("auto-delete-select").inputValue(), { timeout: 15_000 }).toBe("300");
    await screenshotBothThemes(pa, "channel-settings");

    await openRoute(pa, `/chat/channel/${gid.design}`);
    await sendFromComposer(pa, "This one disappears in five minutes");
    await message(pb, "This one disappears in five minutes").waitFor();
    const history = await suite.admin.request<{ detail: { content: string; expires_in?: number | null } }[]>("GET", `/group/${gid.design}/history?limit=5`);
    const last = history.find((m) => m.detail.content === "This one disappears in five minutes");
    expect(last?.detail.expires_in).toBe(300);
    expect(adaPage.errors).toEqual([]);
    expect(bobPage.errors).toEqual([]);
  });
});
