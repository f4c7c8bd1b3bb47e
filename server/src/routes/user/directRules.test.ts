/**
 * Who may write to whom directly: contact verification (`contact_verification_enable`) and
 * `dm_enable` from `PUT /admin/system/common`, on every direct path — `POST /user/{uid}/send`,
 * a reply in a DM (`POST /message/{mid}/reply`) and `POST /user/typing`.
 */
import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@parley/protocol";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast } from "../../test/factories.js";
import { fence, withoutNoise } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";

describe.each(dialects())("direct message rules (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });

  const settings = async (patch: Record<string, unknown>) => {
    const res = await suite.s.app.inject({ method: "PUT", url: "/api/admin/system/common", headers: suite.seed.admin.headers, payload: patch });
    expect(res.statusCode, res.body).toBe(200);
  };
  const contact = async (who: Session, target: number, action: string) => {
    const res = await suite.s.app.inject({ method: "POST", url: "/api/user/update_contact_status", headers: who.headers, payload: { target_uid: target, action } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const dm = (from: Session | null, to: number, text = "hi") =>
    suite.s.app.inject({ method: "POST", url: `/api/user/${to}/send`, headers: { ...(from?.headers ?? {}), "content-type": "text/plain" }, payload: text });
  const reply = (from: Session, mid: number, text = "re") =>
    suite.s.app.inject({ method: "POST", url: `/api/message/${mid}/reply`, headers: { ...from.headers, "content-type": "text/plain" }, payload: text });
  const typing = (from: Session, uid: number) => suite.s.app.inject({ method: "POST", url: "/api/user/typing", headers: from.headers, payload: { target: { uid } } });
  const messageCount = async () => (await suite.s.ctx.db.selectFrom("messages").select("mid").execute()).length;
  const chats = (events: ServerEvent[]) => withoutNoise(events).filter((e) => e.type === "chat" || e.type === "typing");

  describe("contact verification", () => {
    it("a member writes to another only after adding them; the 403 stores and sends nothing; the recipient's own list does not matter", async () => {
      const { s, seed: { bob, carol } } = suite;
      const [b, c] = await suite.connect(bob, carol);
      // Off (the default): anyone writes to anyone.
      const early = await dm(bob, carol.uid, "before");
      expect(early.statusCode).toBe(200);
      await settings({ contact_verification_enable: true });

      await fence(s, [b, c]); // the earlier message is delivered before counting
      const before = await messageCount();
      const from = [b.events.length, c.events.length];
      const refused = await dm(bob, carol.uid, "hello?");
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toBe("contact verification is on: add this user to your contacts first");
      expect((await reply(bob, Number(early.body))).statusCode).toBe(403);
      expect((await typing(bob, carol.uid)).statusCode).toBe(403);
      expect(await messageCount()).toBe(before);
      const [seenB, seenC] = await fence(s, [b, c], from);
      expect(chats(seenB)).toEqual([]);
      expect(chats(seenC)).toEqual([]);

      // Bob adds Carol: he may write; she has not added him, so she may not answer yet.
      await contact(bob, carol.uid, "add");
      const sent = await dm(bob, carol.uid, "hello!");
      expect(sent.statusCode).toBe(200);
      expect((await typing(bob, carol.uid)).statusCode).toBe(200);
      expect((await dm(carol, bob.uid, "who is this?")).statusCode).toBe(403);
      expect((await reply(carol, Number(sent.body))).statusCode).toBe(403);
      await contact(carol, bob.uid, "add");
      expect((await reply(carol, Number(sent.body), "hi Bob")).statusCode).toBe(200);
      expect((await dm(carol, bob.uid, "welcome")).statusCode).toBe(200);

      // Removing the contact closes the way again; turning verification off opens it.
      await contact(bob, carol.uid, "remove");
      expect((await dm(bob, carol.uid)).statusCode).toBe(403);
      await settings({ contact_verification_enable: false });
      expect((await dm(bob, carol.uid)).statusCode).toBe(200);
    });

    it("admins are everyone's contacts: they write to anyone and anyone writes to them; notes to oneself stay open", async () => {
      const { seed: { admin, bob, carol } } = suite;
      await settings({ contact_verification_enable: true });
      expect((await dm(admin, bob.uid, "from the admin")).statusCode).toBe(200);
      const toAdmin = await dm(bob, admin.uid, "to the admin");
      expect(toAdmin.statusCode).toBe(200);
      expect((await reply(admin, Number(toAdmin.body))).statusCode).toBe(200);
      expect((await typing(carol, admin.uid)).statusCode).toBe(200);
      expect((await dm(bob, bob.uid, "note to self")).statusCode).toBe(200);
    });

    it("blocks still win, and a blocker cannot write to the blocked under verification (blocked is not added)", async () => {
      const { seed: { admin, bob, carol } } = suite;
      await settings({ contact_verification_enable: true });
      await contact(carol, bob.uid, "add");
      await contact(bob, carol.uid, "block");
      const refused = await dm(carol, bob.uid);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toBe("blocked by this user");
      expect((await dm(bob, carol.uid)).statusCode).toBe(403);
      // A block binds admins too.
      await contact(bob, admin.uid, "block");
      expect((await dm(admin, bob.uid)).statusCode).toBe(403);
      await contact(bob, carol.uid, "add");
      expect((await dm(bob, carol.uid)).statusCode).toBe(200);
      expect((await dm(carol, bob.uid)).statusCode).toBe(200);
    });

    it("who may call: anonymous 401, guest 403; a member or a bot needs the contact; an admin does not", async () => {
      const { seed: cast } = suite;
      await settings({ contact_verification_enable: true });
      await expectMatrix(cast, (who) => dm(who, cast.carol.uid), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
      await contact(cast.bob, cast.carol.uid, "add");
      await contact(cast.bot, cast.carol.uid, "add");
      await expectMatrix(cast, (who) => dm(who, cast.carol.uid), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    });
  });

  describe("dm_enable", () => {
    it("off: members cannot write to each other (send, reply, typing), but admins and notes to oneself stay open", async () => {
      const { seed: { admin, bob, carol, bot } } = suite;
      const earlier = await dm(bob, carol.uid, "before");
      expect(earlier.statusCode).toBe(200);
      await settings({ dm_enable: false });
      const refused = await dm(bob, carol.uid);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toBe("direct messages are turned off on this server");
      expect((await reply(carol, Number(earlier.body))).statusCode).toBe(403);
      expect((await typing(bob, carol.uid)).statusCode).toBe(403);
      expect((await dm(bot, carol.uid)).statusCode).toBe(403);
      expect((await dm(bob, admin.uid)).statusCode).toBe(200);
      expect((await dm(admin, carol.uid)).statusCode).toBe(200);
      expect((await dm(bob, bob.uid)).statusCode).toBe(200);
      // Channels are not affected.
      await settings({ dm_enable: true });
      expect((await dm(bob, carol.uid)).statusCode).toBe(200);
    });

    it("who may call while off: anonymous 401, guest, member and bot 403, admin 200", async () => {
      const { seed: cast } = suite;
      await settings({ dm_enable: false });
      await expectMatrix(cast, (who) => dm(who, cast.carol.uid), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    });

    it("off wins over verification: an added contact still cannot be written to", async () => {
      const { seed: { bob, carol } } = suite;
      await settings({ dm_enable: false, contact_verification_enable: true });
      await contact(bob, carol.uid, "add");
      expect((await dm(bob, carol.uid)).body).toBe("direct messages are turned off on this server");
    });
  });
});
