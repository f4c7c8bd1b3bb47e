/**
 * The admin bot viewer against a real server (issue 18): a bot made through the admin API gets a
 * key and, with it (`x-api-key`), writes to a public channel and to Bob, who answers. The admin
 * opens Settings → Bot & Webhook and finds both conversations, reads each one's messages
 * (read-only: no composer, no toolbar), and sees the bot's message in the channel marked with the
 * BOT badge, as is the bot among the channel's members. Screenshots: the viewer, and the bot's
 * message in the chat with the members panel open.
 */
import { expect, it } from "vitest";
import type { AdminUser } from "@parley/protocol";
import { closeCleanly, screenshotBothThemes } from "../helpers/browser";
import { message, openRoute } from "../helpers/chat";
import { ADA, BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB], channels: [{ name: "ops", description: "Deploys" }] });

/** A bot route with the bot's key; answers the new mid. */
async function botSend(key: string, path: string, text: string): Promise<number> {
  const res = await fetch(`${suite.url}/api/bot/${path}`, { method: "POST", headers: { "x-api-key": key, "Content-Type": "text/plain" }, body: text });
  expect(res.status, await res.clone().text()).toBe(200);
  return Number(await res.text());
}

it("lists the bot's channel and DM, reads them read-only, and marks the bot's message in the chat", async () => {
  const bot = await suite.admin.request<AdminUser>("POST", "/admin/user", {
    name: "Relay",
    email: "relay@bot.parley.invalid",
    password: "",
    gender: 0,
    is_bot: true,
    is_public: false,
    webhook_url: null,
  });
  const key = await suite.admin.request<string>("POST", `/admin/user/bot-api-key/${bot.uid}`, { name: "e2e" });
  const gid = suite.gid("ops");
  const bobUid = suite.uid(BOB);
  await botSend(key, `send_to_group/${gid}`, "Deploy 42 finished: all green");
  await botSend(key, `send_to_user/${bobUid}`, "Hi Bob, your build 42 is green");
  const bob = await suite.api(BOB);
  await bob.send({ uid: bot.uid }, "Thanks, Relay!");

  const tp = await suite.signedInPage(ADA);
  const { page } = tp;
  await openRoute(page, "/setting/bot");
  await page.getByTestId("bot-row").filter({ hasText: "Relay" }).waitFor();
  const viewer = page.getByTestId("bot-conversations");
  // The most recently active first: the DM (Bob's answer), then the channel.
  const names = viewer.getByTestId("bot-conversation-name");
  await expect.poll(() => names.allTextContents(), { timeout: 10_000 }).toEqual(["@Bob Builder", "#ops"]);

  await viewer.getByTestId("bot-conversation").filter({ hasText: "@Bob Builder" }).click();
  const history = page.getByTestId("bot-history");
  await history.getByText("Hi Bob, your build 42 is green").waitFor();
  await history.getByText("Thanks, Relay!").waitFor();
  // The bot's message carries the badge, Bob's does not; nothing here can act.
  const fromBot = history.getByTestId("message").filter({ hasText: "your build 42" });
  await expect.poll(() => fromBot.getByTestId("bot-badge").count()).toBe(1);
  expect(await history.getByTestId("message").filter({ hasText: "Thanks, Relay!" }).getByTestId("bot-badge").count()).toBe(0);
  await fromBot.hover();
  expect(await history.getByRole("toolbar").count()).toBe(0);
  expect(await page.getByTestId("composer").count()).toBe(0);

  await page.getByTestId("bot-conversations-section").scrollIntoViewIfNeeded();
  await screenshotBothThemes(page, "setting-bot-viewer");

  await viewer.getByTestId("bot-conversation").filter({ hasText: "#ops" }).click();
  await history.getByText("Deploy 42 finished: all green").waitFor();

  // In the chat, the bot's message in the channel carries the BOT badge beside its name.
  await openRoute(page, `/chat/channel/${gid}`);
  const inChat = message(page, "Deploy 42 finished: all green");
  await inChat.getByTestId("bot-badge").waitFor();
  expect(await inChat.getByTestId("message-sender").textContent()).toBe("Relay");
  // And among the channel's members, in the Bots group.
  await page.getByTestId("members-button").click();
  const bots = page.getByTestId("members-panel").locator('[data-role="bot"]');
  await bots.getByTestId("member").filter({ hasText: "Relay" }).getByTestId("bot-badge").waitFor();
  await screenshotBothThemes(page, "chat-bot-message");

  await closeCleanly(tp);
});
