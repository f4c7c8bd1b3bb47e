import { describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import type { SseClient } from "../../test/sse.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildDevice } from "../../test/factories.js";
import { observeStreams, settingsChanged } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";

describe.each(dialects())("contacts (%s)", (dialect) => {
  const suite = useSuite(dialect, {
    /** The cast, and Bob's phone beside his browser. */
    seed: async (s) => {
      const cast = await buildCast(s);
      return { ...cast, phone: await buildDevice(s, cast.bob) };
    },
  });

  const status = (who: Session | null, target_uid: number, action: string) =>
    suite.s.app.inject({ method: "POST", url: "/api/user/update_contact_status", headers: who?.headers ?? {}, payload: { target_uid, action } });
  const remark = (who: Session | null, payload: unknown) =>
    suite.s.app.inject({ method: "PUT", url: "/api/user/contact_remark", headers: who?.headers ?? {}, payload: payload as object });
  const contacts = (who: Session | null) => suite.s.app.inject({ method: "GET", url: "/api/user/contacts", headers: who?.headers ?? {} });
  const dm = (from: Session, to: number, text = "hi") =>
    suite.s.app.inject({ method: "POST", url: `/api/user/${to}/send`, headers: { ...from.headers, "content-type": "text/plain" }, payload: text });

  const observe = (all: SseClient[], action: () => Promise<void>) => observeStreams(suite.s, all, action);

  describe("POST /api/user/update_contact_status and GET /api/user/contacts", () => {
    it("add, block, remove, unblock: statuses, the list, and events to the caller's other devices", async () => {
      const { seed: cast } = suite;
      const { phone } = cast;
      const { bob, carol } = cast;
      const [web, mobile, other] = await suite.connect(bob, phone, carol);
      const all = [web, mobile, other];

      expect((await contacts(bob)).json()).toEqual([]);
      const before = Date.now();
      const [seenWeb, seenMobile, seenCarol] = await observe(all, async () => {
        const res = await status(bob, carol.uid, "add");
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe("");
      });
      expect(seenWeb).toEqual([]);
      expect(seenCarol).toEqual([]);
      const added = seenMobile[0] as EventOf<"user_settings_changed">;
      expect(seenMobile).toEqual([
        settingsChanged(bob.device, { add_contacts: [{ target_uid: carol.uid, info: { status: "added", created_at: expect.any(Number), updated_at: expect.any(Number) } }] }),
      ]);
      const createdAt = added.add_contacts[0].info.created_at;
      expect(createdAt).toBeGreaterThanOrEqual(before);

      const list = await contacts(bob);
      expect(list.statusCode).toBe(200);
      expect(list.headers["content-type"]).toBe("application/json; charset=utf-8");
      const entries = list.json() as { target_info: unknown }[];
      for (const e of entries) assertMatches("UserInfo", e.target_info);
      expect(entries).toEqual([
        {
          target_uid: carol.uid,
          target_info: expect.objectContaining({ uid: carol.uid, name: "Carol", email: "carol@example.com", is_bot: false }),
          contact_info: { status: "added", created_at: createdAt, updated_at: createdAt },
        },
      ]);
      // Contacts are one-sided.
      expect((await contacts(carol)).json()).toEqual([]);

      const [, blocked] = await observe(all, async () => {
        expect((await status(bob, carol.uid, "block")).statusCode).toBe(200);
        // The same status again changes nothing and announces nothing.
        expect((await status(bob, carol.uid, "block")).statusCode).toBe(200);
      });
      expect(blocked).toEqual([
        settingsChanged(bob.device, { add_contacts: [{ target_uid: carol.uid, info: { status: "blocked", created_at: createdAt, updated_at: expect.any(Number) } }] }),
      ]);
      expect((await contacts(bob)).json()).toEqual([expect.objectContaining({ target_uid: carol.uid, contact_info: expect.objectContaining({ status: "blocked" }) })]);

      const [, unblocked] = await observe(all, async () => {
        expect((await status(bob, carol.uid, "unblock")).statusCode).toBe(200);
        expect((await status(bob, carol.uid, "remove")).statusCode).toBe(200);
      });
      expect(unblocked).toEqual([settingsChanged(bob.device, { remove_contacts: [carol.uid] })]);
      expect((await contacts(bob)).json()).toEqual([]);
    });

    it("a block makes the blocked user's direct messages and typing to the blocker fail with 403", async () => {
      const { s, seed: { bob, carol, admin } } = suite;
      expect((await dm(carol, bob.uid)).statusCode).toBe(200);
      expect((await status(bob, carol.uid, "block")).statusCode).toBe(200);
      const refused = await dm(carol, bob.uid, "let me in");
      expect(refused.statusCode).toBe(403);
      const typing = await s.app.inject({ method: "POST", url: "/api/user/typing", headers: carol.headers, payload: { target: { uid: bob.uid } } });
      expect(typing.statusCode).toBe(403);
      // Only that direction, and only that pair.
      expect((await dm(bob, carol.uid)).statusCode).toBe(200);
      expect((await dm(carol, admin.uid)).statusCode).toBe(200);
      expect((await status(bob, carol.uid, "unblock")).statusCode).toBe(200);
      expect((await dm(carol, bob.uid, "thanks")).statusCode).toBe(200);
    });

    it("400 for oneself or a bad action, 404 unknown or guest targets, 403 add when add_friend_enable is off", async () => {
      const { s, seed: { admin, bob, guest } } = suite;
      expect((await status(bob, bob.uid, "add")).statusCode).toBe(400);
      expect((await status(bob, admin.uid, "befriend")).statusCode).toBe(400);
      expect((await status(bob, 0, "add")).statusCode).toBe(400);
      expect((await status(bob, 999, "add")).statusCode).toBe(404);
      expect((await status(bob, guest.uid, "block")).statusCode).toBe(404);
      const off = await s.app.inject({ method: "PUT", url: "/api/admin/system/common", headers: admin.headers, payload: { add_friend_enable: false } });
      expect(off.statusCode).toBe(200);
      expect((await status(bob, admin.uid, "add")).statusCode).toBe(403);
      expect((await status(bob, admin.uid, "block")).statusCode).toBe(200);
    });

    it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who, role) => status(who, role === "admin" ? cast.bob.uid : cast.carol.uid, "add"), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
      await expectMatrix(cast, (who) => contacts(who), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
      expect((await contacts(cast.bot)).json()).toEqual([expect.objectContaining({ target_uid: cast.carol.uid })]);
    });
  });

  describe("PUT /api/user/contact_remark", () => {
    it("stores the remark and sends user_remark to the caller's other devices only", async () => {
      const { s, seed: cast } = suite;
      const { phone } = cast;
      const { bob, carol } = cast;
      const [web, mobile, other] = await suite.connect(bob, phone, carol);
      const [seenWeb, seenMobile, seenCarol] = await observe([web, mobile, other], async () => {
        const res = await remark(bob, { contact_uid: carol.uid, remark: "Carol from accounting" });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe("");
        // Unchanged: no second event.
        expect((await remark(bob, { contact_uid: carol.uid, remark: "Carol from accounting" })).statusCode).toBe(200);
      });
      expect(seenWeb).toEqual([]);
      expect(seenCarol).toEqual([]);
      expect(seenMobile).toEqual([{ type: "user_remark", contact_uid: carol.uid, remark: "Carol from accounting" }]);
      expect((await s.ctx.repos.userSettings.contact(bob.uid, carol.uid))?.remark).toBe("Carol from accounting");
      // A remark alone does not make someone a contact.
      expect((await contacts(bob)).json()).toEqual([]);

      const [, cleared] = await observe([web, mobile], async () => {
        expect((await remark(bob, { contact_uid: carol.uid, remark: "" })).statusCode).toBe(200);
      });
      expect(cleared).toEqual([{ type: "user_remark", contact_uid: carol.uid, remark: "" }]);
    });

    it("GET /api/user/contact_remarks (Parley addition) lists the caller's own non-empty remarks", async () => {
      const { s, seed: cast } = suite;
      const { bob, carol, admin } = cast;
      const list = (who: Session | null) => s.app.inject({ method: "GET", url: "/api/user/contact_remarks", headers: who?.headers ?? {} });
      expect((await list(bob)).json()).toEqual([]);
      expect((await remark(bob, { contact_uid: carol.uid, remark: "Carol from accounting" })).statusCode).toBe(200);
      expect((await remark(bob, { contact_uid: admin.uid, remark: "The boss" })).statusCode).toBe(200);
      expect((await status(bob, carol.uid, "block")).statusCode).toBe(200);
      expect((await remark(carol, { contact_uid: bob.uid, remark: "Bob" })).statusCode).toBe(200);
      const res = await list(bob);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        [
          { contact_uid: admin.uid, remark: "The boss" },
          { contact_uid: carol.uid, remark: "Carol from accounting" },
        ].sort((a, b) => a.contact_uid - b.contact_uid),
      );
      // Cleared remarks are left out; other users' remarks are never listed.
      expect((await remark(bob, { contact_uid: carol.uid, remark: "" })).statusCode).toBe(200);
      expect((await list(bob)).json()).toEqual([{ contact_uid: admin.uid, remark: "The boss" }]);
      expect((await list(carol)).json()).toEqual([{ contact_uid: bob.uid, remark: "Bob" }]);
      await expectMatrix(cast, (who) => list(who), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    });

    it("400 for oneself or a bad body, 404 unknown users", async () => {
      const { seed: cast } = suite;
      const { bob } = cast;
      expect((await remark(bob, { contact_uid: bob.uid, remark: "me" })).statusCode).toBe(400);
      expect((await remark(bob, { contact_uid: cast.carol.uid, remark: "x".repeat(65) })).statusCode).toBe(400);
      expect((await remark(bob, { contact_uid: cast.carol.uid })).statusCode).toBe(400);
      expect((await remark(bob, { contact_uid: 999, remark: "ghost" })).statusCode).toBe(404);
    });

    it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who, role) => remark(who, { contact_uid: role === "admin" ? cast.bob.uid : cast.carol.uid, remark: `by ${role}` }), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    });
  });
});
