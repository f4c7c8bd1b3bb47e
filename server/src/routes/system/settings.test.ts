import { describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_COMMON, type EventOf } from "@parley/protocol";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildAdmin, buildChannel, buildGuest, buildMember, buildMessage } from "../../test/factories.js";

describe.each(dialects())("server settings (%s)", (dialect) => {
  const suite = useSuite(dialect, {
    seed: async (s) => {
      const admin = await buildAdmin(s);
      return { admin, bob: await buildMember(s, admin, "Bob") };
    },
  });

  const inject = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, who?: Session, payload?: unknown) =>
    suite.s.app.inject({ method, url, headers: who?.headers, payload: payload as never });

  describe("/api/suite.seed.admin/system/common", () => {
    it("is readable by any session, with the defaults; anonymous gets 401", async () => {
      const { s, seed: { admin, bob } } = suite;
      expect((await inject("GET", "/api/admin/system/common")).statusCode).toBe(401);
      const guest = await buildGuest(s);
      for (const who of [admin, bob, guest]) {
        const res = await inject("GET", "/api/admin/system/common", who);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(DEFAULT_SYSTEM_COMMON);
      }
    });

    it("admins update any subset; everyone hears server_config_changed with the whole settings", async () => {
      const { seed: { admin, bob } } = suite;
      const [a, b] = await suite.connect(admin, bob);
      const ext = JSON.stringify({ only_admin_can_see_channel_members: true, enable_msg_url_preview: false });
      const res = await inject("PUT", "/api/admin/system/common", admin, {
        only_admin_can_create_group: true,
        chat_layout_mode: "SelfRight",
        ext_setting: ext,
        unknown_field: 1,
      });
      expect(res.statusCode).toBe(200);
      const expected = { ...DEFAULT_SYSTEM_COMMON, only_admin_can_create_group: true, chat_layout_mode: "SelfRight", ext_setting: ext };
      expect(res.json()).toEqual(expected);
      expect((await inject("GET", "/api/admin/system/common", bob)).json()).toEqual(expected);
      for (const c of [a, b]) {
        const event = await c.waitFor<EventOf<"server_config_changed">>((e) => e.type === "server_config_changed");
        expect(event).toEqual({
          type: "server_config_changed",
          organization_name: "Parley",
          organization_description: null,
          organization_logo: null,
          ...expected,
        });
      }
      // The switch takes effect: members may no longer create public channels.
      const denied = await inject("POST", "/api/group", bob, { name: "public", is_public: true });
      expect(denied.statusCode).toBe(403);
    });

    it("refuses non-admins and bad values, changing nothing", async () => {
      const { s, seed: { admin, bob } } = suite;
      const guest = await buildGuest(s);
      expect((await inject("PUT", "/api/admin/system/common", undefined, { dm_enable: false })).statusCode).toBe(401);
      expect((await inject("PUT", "/api/admin/system/common", bob, { dm_enable: false })).statusCode).toBe(403);
      expect((await inject("PUT", "/api/admin/system/common", guest, { dm_enable: false })).statusCode).toBe(403);
      for (const bad of [
        { chat_layout_mode: "Right" },
        { max_file_expiry_mode: "Day2" },
        { show_user_online_status: "yes" },
        { msg_smtp_notify_delay_seconds: 5 },
        { ext_setting: "not json" },
        { ext_setting: "[1]" },
        [],
      ]) {
        const res = await inject("PUT", "/api/admin/system/common", admin, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect((await inject("GET", "/api/admin/system/common", admin)).json()).toEqual(DEFAULT_SYSTEM_COMMON);
    });
  });

  describe("/api/suite.seed.admin/system/organization", () => {
    it("PUT and POST both update it for admins and announce it", async () => {
      const { s, seed: { admin, bob } } = suite;
      const [b] = await suite.connect(bob);
      for (const [method, name] of [["PUT", "Acme"], ["POST", "Acme Two"]] as const) {
        const from = b.events.length;
        const res = await inject(method, "/api/admin/system/organization", admin, { name, description: " Rockets " });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe("");
        const org = await inject("GET", "/api/admin/system/organization");
        expect(org.json()).toEqual({ name, description: "Rockets", server_id: s.ctx.keys.server_id });
        const event = await b.waitFor<EventOf<"server_config_changed">>((e) => e.type === "server_config_changed", 5_000, from);
        expect(event).toMatchObject({ organization_name: name, organization_description: "Rockets" });
      }
    });

    it("refuses non-admins and bad bodies", async () => {
      const { seed: { admin, bob } } = suite;
      expect((await inject("PUT", "/api/admin/system/organization", undefined, { name: "X" })).statusCode).toBe(401);
      expect((await inject("PUT", "/api/admin/system/organization", bob, { name: "X" })).statusCode).toBe(403);
      expect((await inject("POST", "/api/admin/system/organization", admin, { name: "" })).statusCode).toBe(400);
      expect((await inject("POST", "/api/admin/system/organization", admin, { description: "no name" })).statusCode).toBe(400);
      expect((await inject("GET", "/api/admin/system/organization")).json()).toMatchObject({ name: "Parley" });
    });
  });

  describe("DELETE /api/suite.seed.admin/system/message/clear", () => {
    it("deletes every message and tells every stream the latest deleted mid", async () => {
      const { s, seed: { admin, bob } } = suite;
      const gid = await buildChannel(s, admin, { name: "general", is_public: true });
      await buildMessage(s, bob, { gid: gid }, "one");
      const last = await buildMessage(s, admin, { uid: bob.uid }, "two");
      const [a, b] = await suite.connect(admin, bob);
      expect((await inject("DELETE", "/api/admin/system/message/clear", bob)).statusCode).toBe(403);
      expect((await inject("DELETE", "/api/admin/system/message/clear")).statusCode).toBe(401);
      expect((await inject("GET", `/api/group/${gid}/history`, bob)).json()).toHaveLength(1);

      const res = await inject("DELETE", "/api/admin/system/message/clear", admin);
      expect(res.statusCode).toBe(200);
      for (const c of [a, b]) {
        const event = await c.waitFor((e) => e.type === "message_cleared");
        expect(event).toEqual({ type: "message_cleared", latest_deleted_mid: last });
      }
      expect((await inject("GET", `/api/group/${gid}/history`, bob)).json()).toEqual([]);
      expect((await inject("GET", `/api/user/${admin.uid}/history`, bob)).json()).toEqual([]);
      // The sequence goes on: new messages get higher mids than the cleared ones.
      expect(await buildMessage(s, bob, { gid: gid }, "after")).toBeGreaterThan(last);
    });
  });
});
