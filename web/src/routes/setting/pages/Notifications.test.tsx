/**
 * Settings → Notifications: each switch calls its endpoint (or keeps its choice on this browser),
 * the e-mail digest says why it is off, and a notification channel is added from its type's
 * schema (validated before anything is sent), edited, tested and deleted; admins switch types.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChannelSchema, NotificationChannel } from "@parley/protocol";
import { GROUP, renderApp, session, type Handler, type RecordedCall } from "../../../test/render";

const SCHEMAS: ChannelSchema[] = [
  {
    type: "gotify",
    name: "Gotify",
    description: "A self-hosted Gotify server",
    fields: [
      { name: "server_url", type: "url", label: "Server URL", required: true, placeholder: "https://gotify.example.com" },
      { name: "app_token", type: "text", label: "App Token", required: true },
      { name: "priority", type: "number", label: "Priority", required: false },
    ],
  },
  { type: "bark", name: "Bark", description: "Bark notifications on iOS", fields: [{ name: "device_key", type: "text", label: "Device Key", required: true }] },
];

const STORED: NotificationChannel = {
  id: 7,
  user_id: 1,
  channel_type: "bark",
  name: "My iPhone",
  enabled: true,
  config: { device_key: "********" },
  trigger_on_all_messages: false,
  trigger_on_mentions: true,
  trigger_on_groups: [],
  skip_when_online: true,
  created_at: 1,
  updated_at: 1,
};

function notifyApi(calls: RecordedCall[], { channels = [STORED], common = { msg_smtp_notify_enable: true }, testAnswer }: { channels?: NotificationChannel[]; common?: object; testAnswer?: { status?: number; body: unknown } } = {}) {
  let list = [...channels];
  const record = (answer: (req: RecordedCall) => { status?: number; body?: unknown }): Handler => (req) => (calls.push(req), answer(req));
  return {
    "GET /api/admin/system/common": () => ({ body: common }),
    "GET /api/admin/smtp/enabled": () => ({ body: true }),
    "GET /api/user/notification/available-types": () => ({ body: SCHEMAS.map((s) => ({ id: s.type, name: s.name, description: s.description })) }),
    "GET /api/user/notification/schemas": () => ({ body: SCHEMAS }),
    "GET /api/user/notification/channels": () => ({ body: list }),
    "GET /api/admin/notification/channel-types": () => ({ body: [{ channel_type: "gotify", enabled: true }, { channel_type: "bark", enabled: true }] }),
    "POST /api/admin/notification/channel-types": record(() => ({ body: "" })),
    "PUT /api/user": record((req) => ({ body: { uid: 1, name: "Ada Admin", email: "ada@example.com", ...(req.body as object) } })),
    "POST /api/user/notification/channels": record((req) => {
      const created = { ...STORED, ...(req.body as object), id: 8 } as NotificationChannel;
      list = [...list, created];
      return { body: created };
    }),
    "PUT /api/user/notification/channels/7": record((req) => {
      list = list.map((c) => (c.id === 7 ? { ...c, ...(req.body as object) } : c));
      return { body: list.find((c) => c.id === 7) };
    }),
    "DELETE /api/user/notification/channels/7": record(() => {
      list = list.filter((c) => c.id !== 7);
      return { body: "" };
    }),
    "POST /api/user/notification/channels/7/test": record(() => testAnswer ?? { body: { success: true } }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("Settings → Notifications", () => {
  it("keeps the sound switch on this browser and turns the e-mail digest on with PUT /user", async () => {
    const calls: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi(calls) });
    const sound = await app.findByRole("switch", { name: "Message sound" });
    expect(sound.getAttribute("aria-checked")).toBe("true");
    await app.user.click(sound);
    expect(sound.getAttribute("aria-checked")).toBe("false");
    expect(localStorage.getItem("parley:msg_sound")).toBe("0");
    expect(app.store.getState().ui.msgSound).toBe(false);

    const email = app.getByRole("switch", { name: "E-mail for unread messages" });
    await vi.waitFor(() => expect((email as HTMLButtonElement).disabled).toBe(false));
    await app.user.click(email);
    await vi.waitFor(() => expect(calls.filter((c) => c.path === "/api/user")).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PUT", body: { msg_smtp_notify_enable: true } });
    await vi.waitFor(() => expect(email.getAttribute("aria-checked")).toBe("true"));
  });

  it("says the e-mail digest is off on the server, and the switch does nothing", async () => {
    const calls: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi(calls, { common: { msg_smtp_notify_enable: false } }) });
    await app.findByText("Your administrator has not turned on e-mail notifications.");
    expect((app.getByRole("switch", { name: "E-mail for unread messages" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks the browser's permission for desktop notifications only on the click, and shows a refusal as blocked", async () => {
    const requestPermission = vi.fn(async () => "denied" as NotificationPermission);
    vi.stubGlobal("Notification", Object.assign(function Notification() {}, { permission: "default", requestPermission }));
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi([]) });
    const desktop = await app.findByRole("switch", { name: "Desktop notifications" });
    expect(requestPermission).not.toHaveBeenCalled();
    await app.user.click(desktop);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await app.findByText(/Blocked by the browser/);
    expect(desktop.getAttribute("aria-checked")).toBe("false");
    expect((desktop as HTMLButtonElement).disabled).toBe(true);
  });

  it("adds a channel from its type's schema: a bad URL is refused before anything is sent", async () => {
    const calls: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi(calls) });
    await app.user.click(await app.findByTestId("channel-add"));
    await app.user.selectOptions(app.getByTestId("channel-type"), "gotify");
    await app.user.type(app.getByTestId("channel-name"), "Home server");
    await app.user.type(app.getByLabelText(/Server URL/), "gotify.example.com");
    await app.user.type(app.getByLabelText(/App Token/), "tok");
    await app.user.click(app.getByTestId("channel-save"));
    await app.findByText("Server URL must be a web address starting with http:// or https://.");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await app.user.clear(app.getByLabelText(/Server URL/));
    await app.user.type(app.getByLabelText(/Server URL/), "https://gotify.example.com");
    await app.user.type(app.getByLabelText(/Priority/), "5");
    await app.user.click(app.getByTestId("channel-save"));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls[0].body).toEqual({
      channel_type: "gotify",
      name: "Home server",
      enabled: true,
      config: { server_url: "https://gotify.example.com", app_token: "tok", priority: 5 },
      trigger_on_all_messages: false,
      trigger_on_mentions: true,
      trigger_on_groups: [],
      skip_when_online: true,
    });
    await app.findByTestId("channel-8");
  });

  it("fires a channel for every message of the channels ticked, and says so in its row", async () => {
    const calls: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi(calls, { channels: [] }) });
    await app.openStream({ type: "related_groups", groups: [GROUP, { ...GROUP, gid: 2, name: "random" }] });
    await app.user.click(await app.findByTestId("channel-add"));
    await app.user.selectOptions(app.getByTestId("channel-type"), "bark");
    await app.user.type(app.getByTestId("channel-name"), "Watch");
    await app.user.type(app.getByLabelText(/Device Key/), "dk");
    await app.user.click(app.getByRole("switch", { name: "Mentions and direct messages" }));
    await app.user.click(app.getByRole("checkbox", { name: "#random" }));
    await app.user.click(app.getByTestId("channel-save"));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ channel_type: "bark", trigger_on_mentions: false, trigger_on_groups: [2], config: { device_key: "dk" } });
    await app.findByText("#random · Skip while online");
  });

  it("edits, switches off, tests and deletes a channel", async () => {
    const calls: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi(calls, { testAnswer: { status: 502, body: "Bark answered 400: invalid device key" } }) });
    await app.user.click(await app.findByRole("button", { name: "Edit My iPhone" }));
    const name = app.getByTestId("channel-name");
    await app.user.clear(name);
    await app.user.type(name, "Phone");
    await app.user.click(app.getByTestId("channel-save"));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // The masked secret goes back as it came: the server keeps the stored one.
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/api/user/notification/channels/7", body: { name: "Phone", config: { device_key: "********" } } });

    await app.user.click(await app.findByRole("button", { name: "Send test to Phone" }));
    expect((await app.findByText("Bark answered 400: invalid device key")).closest("[role=alert]")).not.toBeNull();

    await app.user.click(app.getByRole("switch", { name: /Phone/ }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.at(-1)?.body).toMatchObject({ enabled: false });

    await app.user.click(app.getByRole("button", { name: "Delete Phone" }));
    await app.findByText("Phone will no longer receive notifications.");
    await app.user.click(app.getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1));
    await app.findByText("No channels yet.");
  });

  it("shows a passing test in words", async () => {
    const calls: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi(calls) });
    await app.user.click(await app.findByRole("button", { name: "Send test to My iPhone" }));
    await app.findByText("Test notification sent.");
    expect(calls).toMatchObject([{ method: "POST", path: "/api/user/notification/channels/7/test" }]);
  });

  it("lets an admin switch a channel type off", async () => {
    const calls: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/notifications", storage: session(), api: notifyApi(calls) });
    const gotify = await app.findByRole("switch", { name: "Gotify" });
    await vi.waitFor(() => expect(gotify.getAttribute("aria-checked")).toBe("true"));
    expect(app.getByRole("switch", { name: "Telegram" }).getAttribute("aria-checked")).toBe("false");
    await app.user.click(gotify);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/admin/notification/channel-types", body: { channel_type: "gotify", enabled: false } });
  });

  it("is in the settings navigation of a member, who sees no channel types", async () => {
    const member = { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify({ uid: 1, email: "ada@example.com", name: "Ada", gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password" }) };
    const app = await renderApp({ route: "/setting/notifications", storage: member, api: { ...notifyApi([]), "GET /api/user/me": () => ({ body: { uid: 1, name: "Ada", is_admin: false } }) } });
    await app.findByRole("link", { name: "Notifications" });
    await app.findByText("My iPhone");
    expect(app.queryByText("Channel types")).toBeNull();
  });
});
