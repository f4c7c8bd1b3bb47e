/**
 * The admin console's data pages against a real server: clearing every message on Data
 * Management (behind the server's name typed out) empties the channel's history, as the API
 * answers, and the conversation open in a second page through the event stream; deleting every
 * file leaves no kept file and the file unreachable; the file expiry set on Auto-delete Messages
 * is what `/admin/system/common` answers; the widget's CSS saved on its page is what
 * `GET /resource/widget-extra.css` serves. Screenshots: the three pages, light and dark.
 */
import type { ChatMessage, DataSummary, SystemCommon } from "@parley/protocol";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { closeCleanly, screenshotBothThemes } from "../helpers/browser";
import { message, messageList, openRoute } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB], channels: [{ name: "general", description: "Everyone" }] });

/** The page as it rests: no toasts over it, scrolled to its top. */
async function settle(page: Page) {
  await expect.poll(() => page.locator("[data-toast]").count(), { timeout: 10_000 }).toBe(0);
  await page.evaluate(() => document.querySelectorAll(".scroll-thin").forEach((el) => el.scrollTo(0, 0)));
}

describe("admin console: data", () => {
  it("clears every message behind the typed server name; the history is empty and an open conversation empties", async () => {
    const gid = suite.gid("general");
    const bob = await suite.api(BOB);
    await bob.sendToChannel(gid, "first words");
    await bob.sendToChannel(gid, "second thoughts");
    await suite.admin.send({ uid: suite.uid(BOB) }, "a private word");
    const file = await bob.upload("notes.txt", "text/plain", Buffer.from("meeting notes\n"));
    await bob.send({ gid }, JSON.stringify({ path: file.path }), { contentType: "vocechat/file" });

    // Bob reads the channel in his own page.
    const watcher = await suite.signedInPage(BOB, { channel: gid });
    await message(watcher.page, "second thoughts").waitFor();

    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/data_management");
    const before = await suite.admin.request<DataSummary>("GET", "/admin/system/data_summary");
    expect(before).toMatchObject({ files: 1, file_bytes: 14 });
    expect(before.messages).toBeGreaterThanOrEqual(4);
    await expect.poll(() => page.getByTestId("clear-messages-count").innerText()).toBe(`${before.messages} messages in channels and direct messages`);
    await expect.poll(() => page.getByTestId("clear-files-count").innerText()).toMatch(/^1 uploaded file · 14 B$/);
    await settle(page);
    await screenshotBothThemes(page, "setting-data-management");

    await page.getByRole("button", { name: "Clear all messages" }).click();
    const dialog = page.getByRole("dialog", { name: "Clear all messages?" });
    await dialog.getByText(`${before.messages} messages will be deleted.`).waitFor();
    const confirm = dialog.getByRole("button", { name: "Clear all messages" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type the server name “Parley” to confirm").fill("Parley");
    await screenshotBothThemes(page, "setting-data-management-confirm");
    await confirm.click();
    await page.getByText("All messages were cleared.").waitFor();
    await expect.poll(() => page.getByTestId("clear-messages-count").innerText()).toBe("0 messages in channels and direct messages");

    expect(await suite.admin.request<ChatMessage[]>("GET", `/group/${gid}/history`)).toEqual([]);
    expect(await suite.admin.request<ChatMessage[]>("GET", `/user/${suite.uid(BOB)}/history`)).toEqual([]);
    expect(await suite.admin.request<DataSummary>("GET", "/admin/system/data_summary")).toMatchObject({ messages: 0 });
    // Bob's open conversation empties through the stream's message_cleared, without a reload.
    await expect.poll(() => messageList(watcher.page).getByTestId("message").count(), { timeout: 10_000 }).toBe(0);

    // Then every file: the kept count falls to none, and the file is gone.
    await page.getByRole("button", { name: "Delete all files" }).click();
    const files = page.getByRole("dialog", { name: "Delete all files?" });
    await files.getByText("1 file (14 B) will be deleted.").waitFor();
    await files.getByLabel(/Type the server name/).fill("Parley");
    await files.getByRole("button", { name: "Delete all files" }).click();
    await page.getByText("All files were deleted.").waitFor();
    await expect.poll(() => page.getByTestId("clear-files-count").innerText()).toBe("0 uploaded files · 0 B");
    expect(await suite.admin.request<DataSummary>("GET", "/admin/system/data_summary")).toEqual({ messages: 0, files: 0, file_bytes: 0 });
    expect((await fetch(`${suite.url}/api/resource/file?file_path=${encodeURIComponent(file.path)}`)).status).toBe(404);

    await closeCleanly(tp, watcher);
  });

  it("sets the file expiry on Auto-delete Messages, as the API then answers", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/auto_delete");
    const expiry = page.getByLabel("Delete uploaded files after");
    await expiry.selectOption({ label: "30 days" });
    await page.getByText("Setting saved").waitFor();
    await expect.poll(async () => (await suite.admin.request<SystemCommon>("GET", "/admin/system/common")).max_file_expiry_mode).toBe("Day30");
    await settle(page);
    await screenshotBothThemes(page, "setting-auto-delete");
    await closeCleanly(tp);
  });

  it("saves the widget's CSS, which the server then serves; the snippet names this server", async () => {
    const tp = await suite.signedInPage(ADA);
    const { page } = tp;
    await openRoute(page, "/setting/widget");
    expect(await page.getByLabel("Widget snippet").inputValue()).toContain(`src="${suite.url}/widget.js"`);
    const css = ".widget-header { background: #4f46e5; }";
    await page.getByLabel("Stylesheet").fill(css);
    await page.getByTestId("widget-css-save").click();
    await page.getByText("The stylesheet was saved.").waitFor();
    const served = await fetch(`${suite.url}/api/resource/widget-extra.css`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^text\/css/);
    expect(await served.text()).toBe(css);

    // Read back when the page opens again.
    await openRoute(page, "/setting/overview");
    await openRoute(page, "/setting/widget");
    await expect.poll(() => page.getByLabel("Stylesheet").inputValue()).toBe(css);
    await settle(page);
    await screenshotBothThemes(page, "setting-widget");
    await closeCleanly(tp);
  });
});
