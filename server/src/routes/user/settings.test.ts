import { describe, expect, it } from "vitest";
import type { EventOf } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import type { SseClient } from "../../test/sse.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel, buildDevice } from "../../test/factories.js";
import { isType, observeStreams, settingsChanged } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";

const changed = settingsChanged;

describe.each(dialects())("user settings routes (%s)", (dialect) => {
  const suite = useSuite(dialect, {
    seed: async (s) => {
      const cast = await buildCast(s);
      return {
        ...cast,
        pub: await buildChannel(s, cast.admin, { name: "general", is_public: true }),
        /** Private, with Bob and Carol. */
        priv: await buildChannel(s, cast.admin, { name: "staff", members: [cast.carol.uid, cast.bob.uid] }),
        /** Private, without Bob: to him it is a channel that does not exist. */
        hidden: await buildChannel(s, cast.admin, { name: "board", members: [cast.carol.uid] }),
        phone: await buildDevice(s, cast.bob),
      };
    },
  });

  const post = (url: string, who: Session | null, payload: unknown) =>
    suite.s.app.inject({ method: "POST", url, headers: who?.headers ?? {}, payload: payload as object });

  /** Bob's calling device, Bob's suite.seed.phone, and Carol: the change must reach the suite.seed.phone only. */
  async function streams() {
    const [web] = await suite.connect(suite.seed.bob);
    const [mobile] = await suite.connect(suite.seed.phone);
    const [carol] = await suite.connect(suite.seed.carol);
    return { web, mobile, carol, all: [web, mobile, carol] };
  }

  /** Each payload, posted to `url` as `who`, answers 400. */
  const expect400 = async (url: string, who: Session, payloads: unknown[]) => {
    for (const payload of payloads) expect((await post(url, who, payload)).statusCode, JSON.stringify(payload)).toBe(400);
  };
  /** Runs Bob's change: his calling device's stream and Carol's get nothing; answers what his phone got. */
  async function phoneOnly(all: SseClient[], action: () => Promise<void>) {
    const [web, mobile, other] = await observe(all, action);
    expect(web).toEqual([]);
    expect(other).toEqual([]);
    return mobile;
  }
  /** Runs `action` and returns what each of the streams saw, presence and heartbeats aside. */
  const observe = (all: SseClient[], action: () => Promise<void>) => observeStreams(suite.s, all, action);
  /** Bob posts `body` to `url` (200): answers what his phone got (`phoneOnly`). */
  const bobChanges = (all: SseClient[], url: string, body: unknown) =>
    phoneOnly(all, async () => {
      expect((await post(url, suite.seed.bob, body)).statusCode).toBe(200);
    });

  /**
   * Bob posts `body` (checked against the contract's `request` schema) to `url`: his phone alone
   * gets exactly `change` in a `user_settings_changed` (also checked against the contract).
   */
  async function expectSyncedToPhone(all: SseClient[], url: string, request: string, body: unknown, change: Parameters<typeof changed>[1]) {
    assertMatches(request, body);
    const mobile = await bobChanges(all, url, body);
    expect(mobile).toEqual([changed(suite.seed.bob.device, change)]);
    assertMatches("UserSettingsChangedMessage", mobile[0]);
  }

  describe("POST /api/user/mute", () => {
    it("mutes with an expiry in ms and tells the caller's other devices only", async () => {
      const { seed: cast } = suite;
      const { pub, priv, bob, carol } = cast;
      const { all } = await streams();
      const body = { add_users: [{ uid: carol.uid, expired_in: 60 }], add_groups: [{ gid: pub }] };
      assertMatches("MuteRequest", body);
      const before = Date.now();
      const mobile = await phoneOnly(all, async () => {
        const res = await post("/api/user/mute", bob, body);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe("");
      });
      expect(mobile).toHaveLength(1);
      const event = mobile[0] as EventOf<"user_settings_changed">;
      assertMatches("UserSettingsChangedMessage", event);
      const expiredAt = event.add_mute_users[0]?.expired_at ?? 0;
      expect(expiredAt).toBeGreaterThanOrEqual(before + 60_000);
      expect(expiredAt).toBeLessThan(Date.now() + 60_000 + 1);
      expect(event).toEqual(
        changed(bob.device, { add_mute_users: [{ uid: carol.uid, expired_at: expiredAt }], add_mute_groups: [{ gid: pub, expired_at: null }] }),
      );

      // Re-muting a group forever that already is: nothing changed, nothing sent.
      const [, again] = await observe(all, async () => {
        expect((await post("/api/user/mute", bob, { add_groups: [{ gid: pub, expired_in: null }] })).statusCode).toBe(200);
      });
      expect(again).toEqual([]);

      const [, removed] = await observe(all, async () => {
        const res = await post("/api/user/mute", bob, { remove_users: [carol.uid], remove_groups: [pub, priv] });
        expect(res.statusCode).toBe(200);
      });
      // Only the mutes that existed are reported as removed.
      expect(removed).toEqual([changed(bob.device, { remove_mute_users: [carol.uid], remove_mute_groups: [pub] })]);
    });

    it("connect reports unexpired mutes only", async () => {
      const { seed: cast } = suite;
      const { priv, bob, carol, admin } = cast;
      await post("/api/user/mute", bob, { add_users: [{ uid: carol.uid }, { uid: admin.uid, expired_in: 0 }], add_groups: [{ gid: priv, expired_in: 3600 }] });
      const [c] = await suite.connect(bob);
      const settings = c.events.find(isType("user_settings"));
      assertMatches("UserSettingsMessage", settings);
      expect(settings?.mute_users).toEqual([{ uid: carol.uid, expired_at: null }]);
      expect(settings?.mute_groups).toEqual([{ gid: priv, expired_at: expect.any(Number) }]);
    });

    it("400 for self, unknown or guest uids, unknown gids, a target both added and removed, bad values", async () => {
      const { s, seed: { bob, carol, guest } } = suite;
      await expect400("/api/user/mute", bob, [
        { add_users: [{ uid: bob.uid }] },
        { remove_users: [bob.uid] },
        { add_users: [{ uid: 999 }] },
        { add_users: [{ uid: guest.uid }] },
        { add_groups: [{ gid: 999 }] },
        { remove_groups: [999] },
        { add_users: [{ uid: carol.uid }], remove_users: [carol.uid] },
        { add_users: [{ uid: carol.uid, expired_in: -1 }] },
        { add_users: [{ uid: "x" }] },
        { add_users: "all" },
        [],
      ]);
      expect(await s.ctx.db.selectFrom("user_mutes").selectAll().execute()).toEqual([]);
    });
  });

  describe("POST /api/user/burn-after-reading", () => {
    it("sets, changes and removes (0) settings; changed entries go to the other devices", async () => {
      const { s, seed: cast } = suite;
      const { pub, priv, bob, carol } = cast;
      const { all } = await streams();
      const body = { users: [{ uid: carol.uid, expires_in: 300 }], groups: [{ gid: pub, expires_in: 86_400 }] };
      await expectSyncedToPhone(all, "/api/user/burn-after-reading", "UpdateBurnAfterReadingRequest", body, { burn_after_reading_users: body.users, burn_after_reading_groups: body.groups });
      expect(await s.ctx.repos.userSettings.burnAfterReading(bob.uid, { uid: carol.uid })).toBe(300);

      const [, second] = await observe(all, async () => {
        const res = await post("/api/user/burn-after-reading", bob, {
          users: [{ uid: carol.uid, expires_in: 300 }],
          groups: [{ gid: pub, expires_in: 0 }, { gid: priv, expires_in: 0 }],
        });
        expect(res.statusCode).toBe(200);
      });
      expect(second).toEqual([changed(bob.device, { burn_after_reading_groups: [{ gid: pub, expires_in: 0 }] })]);
      expect(await s.ctx.repos.userSettings.burnAfterReading(bob.uid, { gid: pub })).toBeNull();

      const [c] = await suite.connect(bob);
      const settings = c.events.find(isType("user_settings"));
      expect(settings?.burn_after_reading_users).toEqual([{ uid: carol.uid, expires_in: 300 }]);
      expect(settings?.burn_after_reading_groups).toEqual([]);
    });

    it("400 for self, unknown targets and negative values", async () => {
      const { seed: { bob, carol } } = suite;
      await expect400("/api/user/burn-after-reading", bob, [
        { users: [{ uid: bob.uid, expires_in: 60 }] },
        { users: [{ uid: 999, expires_in: 60 }] },
        { groups: [{ gid: 999, expires_in: 60 }] },
        { users: [{ uid: carol.uid, expires_in: -5 }] },
        { users: [{ uid: carol.uid }] },
        { users: [{ uid: carol.uid, expires_in: 1.5 }] },
      ]);
    });
  });

  describe("POST /api/user/read-index", () => {
    it("only moves forward; the advanced entries go to the other devices", async () => {
      const { seed: cast } = suite;
      const { pub, priv, bob, carol } = cast;
      const { all } = await streams();
      const body = { users: [{ uid: carol.uid, mid: 10 }], groups: [{ gid: pub, mid: 20 }] };
      await expectSyncedToPhone(all, "/api/user/read-index", "UpdateReadIndexRequest", body, { read_index_users: body.users, read_index_groups: body.groups });

      // Lower or equal mids are ignored; only the group that advanced is reported.
      const [, second] = await observe(all, async () => {
        const res = await post("/api/user/read-index", bob, { users: [{ uid: carol.uid, mid: 5 }], groups: [{ gid: pub, mid: 20 }, { gid: priv, mid: 7 }] });
        expect(res.statusCode).toBe(200);
      });
      expect(second).toEqual([changed(bob.device, { read_index_groups: [{ gid: priv, mid: 7 }] })]);
      const [, none] = await observe(all, async () => {
        expect((await post("/api/user/read-index", bob, { users: [{ uid: carol.uid, mid: 10 }] })).statusCode).toBe(200);
      });
      expect(none).toEqual([]);

      const [c] = await suite.connect(bob);
      const settings = c.events.find(isType("user_settings"));
      expect(settings?.read_index_users).toEqual([{ uid: carol.uid, mid: 10 }]);
      expect(settings?.read_index_groups).toEqual([
        { gid: pub, mid: 20 },
        { gid: priv, mid: 7 },
      ]);
    });

    it("400 for self and unknown targets or bad mids", async () => {
      const { seed: cast } = suite;
      const { pub, bob, carol } = cast;
      await expect400("/api/user/read-index", bob, [
        { users: [{ uid: bob.uid, mid: 1 }] },
        { users: [{ uid: 999, mid: 1 }] },
        { groups: [{ gid: 999, mid: 1 }] },
        { users: [{ uid: carol.uid, mid: 0 }] },
        { users: [{ uid: carol.uid, mid: -1 }] },
        { groups: [{ gid: pub }] },
      ]);
    });
  });

  describe("authorization of the settings posts", () => {
    it.each([
      ["/api/user/mute", (pub: number) => ({ add_groups: [{ gid: pub }] })],
      ["/api/user/burn-after-reading", (pub: number) => ({ groups: [{ gid: pub, expires_in: 60 }] })],
      ["/api/user/read-index", (pub: number) => ({ groups: [{ gid: pub, mid: 3 }] })],
    ])("%s: anonymous 401; guests (route T), members, bots and admins 200", async (url, body) => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who) => post(url, who, body(cast.pub)), { anonymous: 401, guest: 200, member: 200, bot: 200, admin: 200 });
    });
  });

  describe("POST /api/user/pin_chat and /unpin_chat", () => {
    it("pins and unpins conversations; the other devices get add_pin_chats / remove_pin_chats", async () => {
      const { s, seed: cast } = suite;
      const { pub, priv, bob, carol } = cast;
      const { all } = await streams();
      let pinnedAt = 0;
      const mobile = await phoneOnly(all, async () => {
        const before = Date.now();
        expect((await post("/api/user/pin_chat", bob, { target: { uid: carol.uid } })).statusCode).toBe(200);
        expect((await post("/api/user/pin_chat", bob, { target: { gid: pub } })).statusCode).toBe(200);
        pinnedAt = before;
      });
      expect(mobile).toEqual([
        changed(bob.device, { add_pin_chats: [{ target: { uid: carol.uid }, updated_at: expect.any(Number) }] }),
        changed(bob.device, { add_pin_chats: [{ target: { gid: pub }, updated_at: expect.any(Number) }] }),
      ]);
      const first = mobile[0] as EventOf<"user_settings_changed">;
      expect(first.add_pin_chats[0].updated_at).toBeGreaterThanOrEqual(pinnedAt);

      // A third device learns the pins on connect (reconnecting Bob's own device would kick it).
      const [c] = await suite.connect(await buildDevice(s, bob, "tablet"));
      const pins = c.events.find(isType("user_settings"))?.pinned_chats ?? [];
      // Ordered by updated_at; both pins may share a millisecond.
      expect(pins).toHaveLength(2);
      expect(pins).toEqual(
        expect.arrayContaining([
          { target: { uid: carol.uid }, updated_at: expect.any(Number) },
          { target: { gid: pub }, updated_at: expect.any(Number) },
        ]),
      );
      c.close();

      const [, unpinned] = await observe(all, async () => {
        expect((await post("/api/user/unpin_chat", bob, { target: { uid: carol.uid } })).statusCode).toBe(200);
        // Not pinned: 200, nothing to announce.
        expect((await post("/api/user/unpin_chat", bob, { target: { gid: priv } })).statusCode).toBe(200);
      });
      expect(unpinned).toEqual([changed(bob.device, { remove_pin_chats: [{ uid: carol.uid }] })]);
    });

    it("404 unknown targets or private channels of others, 400 malformed targets", async () => {
      const { seed: cast } = suite;
      const { hidden, bob } = cast;
      expect((await post("/api/user/pin_chat", bob, { target: { uid: 999 } })).statusCode).toBe(404);
      expect((await post("/api/user/pin_chat", bob, { target: { gid: 999 } })).statusCode).toBe(404);
      expect((await post("/api/user/pin_chat", bob, { target: { gid: hidden } })).statusCode).toBe(404);
      for (const payload of [{}, { target: {} }, { target: { uid: 1, gid: 1 } }, { target: { uid: "1" } }, { target: 5 }]) {
        expect((await post("/api/user/pin_chat", bob, payload)).statusCode, JSON.stringify(payload)).toBe(400);
        expect((await post("/api/user/unpin_chat", bob, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it("a private channel the caller is not in is an unknown gid to mute, burn-after-reading and read-index, and nothing is stored", async () => {
      const { s, seed: cast } = suite;
      const { hidden, bob, guest } = cast;
      const bodies: [string, (gid: number) => object][] = [
        ["/api/user/mute", (gid) => ({ add_groups: [{ gid, expired_in: null }] })],
        ["/api/user/burn-after-reading", (gid) => ({ groups: [{ gid, expires_in: 60 }] })],
        ["/api/user/read-index", (gid) => ({ groups: [{ gid, mid: 1 }] })],
      ];
      const stored = async () =>
        Promise.all(
          (["user_mutes", "user_burn_after_reading", "user_read_indexes"] as const).map((t) =>
            s.ctx.db.selectFrom(t).selectAll().where("kind", "=", "group").where("target_id", "=", hidden).execute(),
          ),
        );
      for (const who of [bob, guest]) {
        for (const [url, body] of bodies) {
          const secret = await post(url, who, body(hidden));
          const unknown = await post(url, who, body(987_654));
          expect([secret.statusCode, secret.body], url).toEqual([unknown.statusCode, unknown.body.replace("987654", String(hidden))]);
          expect(secret.statusCode, url).toBeGreaterThanOrEqual(400);
        }
      }
      expect(await stored()).toEqual([[], [], []]);
    });

    it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
      const { seed: cast } = suite;
      const { pub } = cast;
      for (const url of ["/api/user/pin_chat", "/api/user/unpin_chat"]) {
        await expectMatrix(cast, (who) => post(url, who, { target: { gid: pub } }), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
      }
    });
  });
});
