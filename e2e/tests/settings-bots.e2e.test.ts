/**
 * The Bot & Webhook page against a real server (issue 18): the admin creates a bot through the
 * page with the webhook of a `node:http` receiver started here (loopback, so the server runs with
 * PREVIEW_ALLOW_PRIVATE=1), creates an API key on the page and uses it from the test on
 * `GET /api/bot`; a message in a channel the bot is in reaches the receiver once, signed with the
 * secret the page shows, and the page lists that delivery as delivered. Screenshots: the page
 * and the key dialog.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminUser } from "@parley/protocol";
import { closeCleanly, screenshotBothThemes } from "../helpers/browser";
import { openRoute } from "../helpers/chat";
import { ADA, useSuite } from "../helpers/suite";

const suite = useSuite({ channels: [{ name: "ops", description: "Deploys", isPublic: false }], env: { PREVIEW_ALLOW_PRIVATE: "1" } });

/** What the receiver got: every POST, with its headers and raw body. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let hookUrl = "";

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (req.method === "POST") received.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

it("creates a bot with a webhook, gives it a key, and lists a signed delivery as delivered", async () => {
  const tp = await suite.signedInPage(ADA);
  const { page } = tp;
  await openRoute(page, "/setting/bot");
  await page.getByText("No bots yet").waitFor();

  await page.getByTestId("create-bot").click();
  const create = page.getByRole("dialog", { name: "Create a bot" });
  await create.getByLabel("Name").fill("Relay");
  await create.getByLabel("Webhook URL").fill(hookUrl);
  await create.getByTestId("create-bot-save").click();
  await create.waitFor({ state: "detached" });
  await page.getByTestId("bot-row").filter({ hasText: "Relay" }).waitFor();
  const bot = (await suite.admin.request<AdminUser[]>("GET", "/admin/user")).find((u) => u.name === "Relay");
  expect(bot).toMatchObject({ is_bot: true, webhook_url: hookUrl, is_public: false });

  await page.getByLabel("Key name").fill("relay-main");
  await page.getByTestId("bot-key-create").click();
  const keyDialog = page.getByRole("dialog", { name: "API key “relay-main”" });
  const key = await keyDialog.getByLabel("API key").inputValue();
  expect(key).toMatch(/^parley_bot_/);
  await page.getByText("Login Successfully!").waitFor({ state: "detached" });
  await screenshotBothThemes(page, "setting-bot-key");
  await keyDialog.getByTestId("bot-key-done").click();
  await page.getByTestId("bot-key-row").filter({ hasText: "relay-main" }).waitFor();

  const groups = await fetch(`${suite.url}/api/bot`, { headers: { "x-api-key": key } });
  expect(groups.status).toBe(200);

  // The bot joins the private channel; a message there is delivered to its webhook.
  const gid = suite.gid("ops");
  await suite.admin.request("POST", `/group/${gid}/members/add`, [bot!.uid]);
  const mid = await suite.admin.send({ gid }, "ship it");
  await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
  const [hit] = received;
  expect(JSON.parse(hit.body)).toMatchObject({ mid, target: { gid }, detail: { content: "ship it" } });

  await page.getByTestId("bot-secret-toggle").click();
  // The shown secret is the copy field (the masked stand-in before it is a placeholder).
  const secret = await page.getByTestId("bot-secret").getByTestId("copy-value").inputValue();
  const expected = createHmac("sha256", secret).update(`${String(hit.headers["x-parley-timestamp"])}.${hit.body}`).digest("hex");
  expect(hit.headers["x-parley-signature"]).toBe(`sha256=${expected}`);
  await page.getByTestId("bot-secret-toggle").click();

  const delivery = page.getByTestId("bot-delivery").filter({ hasText: `#${mid}` });
  await expect
    .poll(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      return delivery.getAttribute("data-status", { timeout: 1_000 }).catch(() => null);
    }, { timeout: 10_000 })
    .toBe("delivered");
  await screenshotBothThemes(page, "setting-bot");
  expect(received).toHaveLength(1);
  await closeCleanly(tp);
});
