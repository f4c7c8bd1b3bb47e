/** The Bot & Webhook page: creating a bot (and its refusal), a key shown once, revoking, rotating the secret, retrying a delivery. */
import { describe, expect, it } from "vitest";
import { within } from "@testing-library/react";
import type { AdminUser } from "@parley/protocol";
import { renderApp, session, type RecordedCall } from "../../../test/render";

const BOT: AdminUser = {
  uid: 7,
  email: "bot-1@bot.parley.invalid",
  password: "",
  name: "Deploy Bot",
  gender: 0,
  is_admin: false,
  language: "en-US",
  create_by: "password",
  in_online: false,
  online_devices: [],
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
  avatar_updated_at: 0,
  status: "normal",
  webhook_url: "https://hooks.example.com/deploy",
  is_bot: true,
  is_public: false,
};

const KEY = { id: 3, name: "ci", key: "parley_bot_…abcd", created_at: 1_700_000_000_000, last_used: null };
const FAILED = { id: 11, mid: 42, status: "failed", attempts: 9, next_attempt_at: null, last_status: 500, last_error: "HTTP 500", created_at: 1_700_000_000_000, delivered_at: null };

function botsApi(calls: RecordedCall[], over: Record<string, (req: RecordedCall) => { status?: number; body: unknown }> = {}) {
  const log = (fn: (req: RecordedCall) => { status?: number; body: unknown }) => (req: RecordedCall) => (calls.push(req), fn(req));
  return {
    "GET /api/admin/user": () => ({ body: [BOT] }),
    "GET /api/admin/user/bot-api-key/7": () => ({ body: [KEY] }),
    "GET /api/admin/user/bot-webhook-deliveries/7": () => ({ body: [FAILED] }),
    "GET /api/admin/user/bot-webhook-secret/7": log(() => ({ body: { secret: "old-secret" } })),
    "POST /api/admin/user": log((req) => ({ body: { ...BOT, uid: 8, name: (req.body as { name: string }).name, webhook_url: null } })),
    "POST /api/admin/user/bot-api-key/7": log(() => ({ body: JSON.stringify("parley_bot_THE-NEW-KEY") })),
    "DELETE /api/admin/user/bot-api-key/7/3": log(() => ({ body: null })),
    "POST /api/admin/user/bot-webhook-secret/7": log(() => ({ body: { secret: "new-secret" } })),
    "POST /api/admin/user/bot-webhook-deliveries/7/11/retry": log(() => ({ body: { ...FAILED, status: "pending", next_attempt_at: 1_700_000_100_000 } })),
    ...Object.fromEntries(Object.entries(over).map(([k, fn]) => [k, log(fn)])),
  };
}

const open = (calls: RecordedCall[], over?: Parameters<typeof botsApi>[1]) => renderApp({ route: "/setting/bot", storage: session(), api: botsApi(calls, over) });

describe("Bot & Webhook (admin)", () => {
  it("lists the bots and creates one with a webhook URL and the public switch", async () => {
    const calls: RecordedCall[] = [];
    const app = await open(calls);
    const list = await app.findByRole("list", { name: "Bots" });
    within(list).getByText("Deploy Bot");
    within(list).getByText("https://hooks.example.com/deploy");
    within(list).getByText("Private");
    await app.user.click(app.getByRole("button", { name: "Create a bot" }));
    const dialog = app.getByRole("dialog", { name: "Create a bot" });
    await app.user.type(within(dialog).getByLabelText("Name"), "Echo");
    await app.user.type(within(dialog).getByLabelText(/^Webhook URL/), "https://echo.example.com/in");
    await app.user.click(within(dialog).getByRole("switch", { name: "Public bot" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Create bot" }));
    await within(list).findByText("Echo");
    expect(app.queryByRole("dialog")).toBeNull();
    expect(calls[0].body).toMatchObject({ name: "Echo", webhook_url: "https://echo.example.com/in", is_public: true, is_bot: true, password: "" });
  });

  it("shows the server's refusal of a webhook URL and keeps what was typed", async () => {
    const calls: RecordedCall[] = [];
    const app = await open(calls, { "POST /api/admin/user": () => ({ status: 406, body: "webhook url check failed: GET answered 404" }) });
    await app.user.click(await app.findByRole("button", { name: "Create a bot" }));
    const dialog = app.getByRole("dialog", { name: "Create a bot" });
    await app.user.type(within(dialog).getByLabelText("Name"), "Echo");
    await app.user.type(within(dialog).getByLabelText(/^Webhook URL/), "https://echo.example.com/in");
    await app.user.click(within(dialog).getByRole("button", { name: "Create bot" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("webhook url check failed: GET answered 404");
    expect((within(dialog).getByLabelText("Name") as HTMLInputElement).value).toBe("Echo");
    expect((within(dialog).getByLabelText(/^Webhook URL/) as HTMLInputElement).value).toBe("https://echo.example.com/in");
  });

  it("shows a new key once, with a warning, and not after the dialog is closed", async () => {
    const calls: RecordedCall[] = [];
    const app = await open(calls);
    await app.user.type(await app.findByLabelText("Key name"), "deploy");
    await app.user.click(app.getByRole("button", { name: "Create key" }));
    const dialog = await app.findByRole("dialog", { name: "API key “deploy”" });
    expect((within(dialog).getByLabelText("API key") as HTMLInputElement).value).toBe("parley_bot_THE-NEW-KEY");
    within(dialog).getByText(/it will not be shown again/);
    within(dialog).getByRole("button", { name: "Copy" });
    await app.user.click(within(dialog).getByRole("button", { name: "I have copied it" }));
    expect(app.queryByRole("dialog")).toBeNull();
    expect(app.queryByDisplayValue("parley_bot_THE-NEW-KEY")).toBeNull();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "deploy" });
  });

  it("revokes a key after a confirmation", async () => {
    const calls: RecordedCall[] = [];
    const app = await open(calls);
    await app.user.click(await app.findByRole("button", { name: "Revoke ci" }));
    const dialog = app.getByRole("dialog", { name: "Revoke the key “ci”?" });
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
    await app.user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await app.findByText("The key “ci” was revoked.");
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/admin/user/bot-api-key/7/3"]);
  });

  it("keeps the secret hidden until shown, and rotates it after a confirmation", async () => {
    const calls: RecordedCall[] = [];
    const app = await open(calls);
    await app.findByRole("button", { name: "Show" });
    expect(app.queryByDisplayValue("old-secret")).toBeNull();
    expect(calls.some((c) => c.path.endsWith("bot-webhook-secret/7"))).toBe(false);
    await app.user.click(app.getByRole("button", { name: "Show" }));
    expect((await app.findByLabelText("Secret")).getAttribute("value")).toBe("old-secret");
    await app.user.click(app.getByRole("button", { name: "Rotate" }));
    const dialog = app.getByRole("dialog", { name: "Rotate the signing secret?" });
    await app.user.click(within(dialog).getByRole("button", { name: "Rotate" }));
    await app.findByDisplayValue("new-secret");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/api/admin/user/bot-webhook-secret/7"]);
  });

  it("retries a failed delivery", async () => {
    const calls: RecordedCall[] = [];
    const app = await open(calls);
    const row = (await app.findAllByTestId("bot-delivery"))[0];
    within(row).getByText("Failed");
    within(row).getByText("HTTP 500", { selector: "p" });
    await app.user.click(within(row).getByRole("button", { name: "Retry the delivery of message #42" }));
    await app.findByText("The delivery will be tried again now.");
    await within(app.getAllByTestId("bot-delivery")[0]).findByText("Pending");
    expect(calls.map((c) => c.path)).toContain("/api/admin/user/bot-webhook-deliveries/7/11/retry");
  });
});
