import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { EventOf, Group, UserInfo } from "@parley/protocol";
import type { SseClient } from "../../test/sse.js";
import { image, pseudoRandom } from "../../test/uploads.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildCast, buildChannel } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { expectMatrix, expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";
import { userLogEntry } from "../../test/events.js";

describe.each(dialects())("avatars and the logo (%s)", (dialect) => {
  const suite = useSuite(dialect, { listen: true, seed: buildCast });

  const post = (url: string, who: Session | null, body: Buffer | string, type = "image/png") => call(suite.s, "POST", url, who, body, { "content-type": type });
  const get = (url: string, headers: Record<string, string> = {}) => call(suite.s, "GET", url, null, null, headers);

  describe("POST /api/user/avatar", () => {
    it("stores a 256×256 PNG of any decodable image and tells everyone through users_log", async () => {
      const { admin, bob, carol } = suite.seed;
      const [a, c] = await suite.connect(admin, carol);
      expect((await get(`/resource/avatar?uid=${bob.uid}`)).statusCode).toBe(404);
      const res = await post("/user/avatar", bob, await image(640, 480, { format: "jpeg" }));
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");

      const me = (await get("/user/me", bob.headers)).json() as UserInfo;
      expect(me.avatar_updated_at).toBeGreaterThan(0);
      for (const stream of [a, c]) {
        const log = await stream.waitFor<EventOf<"users_log">>((e) => e.type === "users_log" && e.logs.some((l) => l.uid === bob.uid));
        expect(log.logs).toEqual([userLogEntry(expect.any(Number), "update", bob.uid, { avatar_updated_at: me.avatar_updated_at })]);
      }
      // Anyone may load it by URL; `t` makes it cacheable for good.
      const pic = await get(`/resource/avatar?uid=${bob.uid}&t=${me.avatar_updated_at}`);
      expect(pic.statusCode).toBe(200);
      expect(pic.headers["content-type"]).toBe("image/png");
      expect(pic.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(pic.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);
      expect((await get(`/resource/avatar?uid=${bob.uid}`, { "if-none-match": pic.headers.etag as string })).statusCode).toBe(304);

      // A later connect with an older users_version replays the log entry.
      const replay = await suite.connectWith(carol, { users_version: 0 });
      const logs = await replay.waitFor<EventOf<"users_log">>((e) => e.type === "users_log");
      expect(logs.logs.some((l) => l.uid === bob.uid && l.avatar_updated_at === me.avatar_updated_at)).toBe(true);

      // A second change moves the timestamp forward.
      expect((await post("/user/avatar", bob, await image(64, 64))).statusCode).toBe(200);
      expect(((await get("/user/me", bob.headers)).json() as UserInfo).avatar_updated_at).toBeGreaterThan(me.avatar_updated_at);
    });

    it("401 anonymous, 403 guest, 415 other content types, 413 above 512 KiB, 400 undecodable", async () => {
      const { s, seed: { bob, guest } } = suite;
      const png = await image(32, 32);
      await expectStatuses({
        anonymous: [() => post("/user/avatar", null, png), 401],
        guest: [() => post("/user/avatar", guest, png), 403],
        "a PNG sent as image/jpeg": [() => post("/user/avatar", bob, png, "image/jpeg"), 415],
        "text/plain": [() => post("/user/avatar", bob, "hello", "text/plain"), 415],
        JSON: [() => call(s, "POST", "/user/avatar", bob, { a: 1 }), 415],
        "above 512 KiB": [() => post("/user/avatar", bob, Buffer.alloc(524_289, 1)), 413],
        "not an image": [() => post("/user/avatar", bob, Buffer.from("not an image")), 400],
        empty: [() => post("/user/avatar", bob, Buffer.alloc(0)), 400],
      });
      expect(((await get("/user/me", bob.headers)).json() as UserInfo).avatar_updated_at).toBe(0);
      expect((await get(`/resource/avatar?uid=${bob.uid}`)).statusCode).toBe(404);
    });
  });

  describe("POST /api/admin/user/{uid}/avatar", () => {
    it("lets admins set anyone's avatar; others get 403; unknown uid 404", async () => {
      const { admin, bob, carol } = suite.seed;
      const [c] = await suite.connect(carol);
      const png = await image(300, 300);
      await expectStatuses({
        anonymous: [() => post(`/admin/user/${bob.uid}/avatar`, null, png), 401],
        "another member": [() => post(`/admin/user/${bob.uid}/avatar`, carol, png), 403],
        "the user": [() => post(`/admin/user/${bob.uid}/avatar`, bob, png), 403],
        "an unknown uid": [() => post("/admin/user/9999/avatar", admin, png), 404],
        "a uid that is no number": [() => post("/admin/user/abc/avatar", admin, png), 400],
      });
      expect((await post(`/admin/user/${bob.uid}/avatar`, admin, png)).statusCode).toBe(200);
      await c.waitFor<EventOf<"users_log">>((e) => e.type === "users_log" && e.logs.some((l) => l.uid === bob.uid && l.avatar_updated_at !== null));
      expect((await get(`/resource/avatar?uid=${bob.uid}`)).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/avatar", () => {
    it("owner or admin of a private channel; members hear group_changed with only avatar_updated_at", async () => {
      const { s, seed: { admin, bob, carol, otto, guest } } = suite;
      const gid = await buildChannel(s, bob, { name: "team", members: [carol.uid] });
      const [b, c, a] = await suite.connect(bob, carol, admin);
      const heard = (stream: SseClient) => stream.events.filter((e) => e.type === "group_changed").length;
      const png = await image(100, 50);
      await expectStatuses({
        anonymous: [() => post(`/group/${gid}/avatar`, null, png), 401],
        "a member who cannot see it": [() => post(`/group/${gid}/avatar`, otto, png), 404],
        guest: [() => post(`/group/${gid}/avatar`, guest, png), 404],
        "a channel member, not the owner": [() => post(`/group/${gid}/avatar`, carol, png), 403],
        "an unknown channel": [() => post("/group/9999/avatar", bob, png), 404],
        "image/gif": [() => post(`/group/${gid}/avatar`, bob, png, "image/gif"), 415],
      });

      expect((await post(`/group/${gid}/avatar`, bob, png)).statusCode).toBe(200);
      const group = (await get(`/group/${gid}`, bob.headers)).json() as Group;
      expect(group.avatar_updated_at).toBeGreaterThan(0);
      for (const stream of [b, c]) {
        const changed = await stream.waitFor<EventOf<"group_changed">>((e) => e.type === "group_changed" && e.gid === gid);
        expect(changed).toEqual({
          type: "group_changed",
          gid,
          name: null,
          description: null,
          owner: null,
          avatar_updated_at: group.avatar_updated_at,
          is_public: null,
        });
      }
      // Admins may change it too; only the members hear about a private channel.
      const seen = b.events.length;
      expect((await post(`/group/${gid}/avatar`, admin, png)).statusCode).toBe(200);
      await b.waitFor((e) => e.type === "group_changed" && e.gid === gid, 5_000, seen);
      expect(heard(a)).toBe(0);
      expect(heard(b)).toBe(2);
      const pic = await get(`/resource/group_avatar?gid=${gid}`);
      expect(pic.statusCode).toBe(200);
      const meta = await sharp(pic.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    });

    it("admins only for a public channel; everyone hears about it", async () => {
      const { s, seed: { admin, bob, carol } } = suite;
      const gid = await buildChannel(s, admin, { name: "general", is_public: true });
      const [c] = await suite.connect(carol);
      const png = await image(64, 64);
      expect((await post(`/group/${gid}/avatar`, bob, png)).statusCode).toBe(403);
      expect((await post(`/group/${gid}/avatar`, admin, png)).statusCode).toBe(200);
      await c.waitFor((e) => e.type === "group_changed" && e.gid === gid && e.avatar_updated_at !== null);
      expect((await get(`/resource/group_avatar?gid=${gid}`)).statusCode).toBe(200);
      expect((await get("/resource/group_avatar?gid=9999")).statusCode).toBe(404);
      expect((await get("/resource/group_avatar?gid=x")).statusCode).toBe(400);
    });
  });

  describe("the organization logo", () => {
    it("serves a built-in default PNG until an admin uploads one (≥128×128, stored 240×240)", async () => {
      const { admin, bob } = suite.seed;
      const dflt = await get("/resource/organization/logo");
      expect(dflt.statusCode).toBe(200);
      expect(dflt.headers["content-type"]).toBe("image/png");
      expect((await sharp(dflt.rawPayload).metadata()).format).toBe("png");

      const [b] = await suite.connect(bob);
      const logo = await image(512, 300);
      await expectMatrix(suite.seed, (who) => post("/admin/system/organization/logo", who, logo), { anonymous: 401, guest: 403, member: 403 });
      const narrow = await image(127, 400);
      await expectStatuses({
        "narrower than 128": [() => post("/admin/system/organization/logo", admin, narrow), 400],
        "above 5 MB": [() => post("/admin/system/organization/logo", admin, Buffer.alloc(5_000_001, 1)), 413],
        "a PNG sent as image/jpeg": [() => post("/admin/system/organization/logo", admin, logo, "image/jpeg"), 415],
      });

      const res = await post("/admin/system/organization/logo", admin, logo);
      expect(res.statusCode).toBe(200);
      const changed = await b.waitFor<EventOf<"server_config_changed">>((e) => e.type === "server_config_changed");
      expect(changed.organization_logo).toMatch(/^\/api\/resource\/organization\/logo\?t=\d+$/);
      expect(changed.organization_name).toEqual(expect.any(String));
      const pic = await get("/resource/organization/logo");
      const meta = await sharp(pic.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 240, 240]);
      expect(pic.rawPayload.equals(dflt.rawPayload)).toBe(false);
    });

    it("accepts a large logo up to 5 MB (more than the avatar limit)", async () => {
      const { admin, bob } = suite.seed;
      // A noisy 1000×1000 PNG is well over 512 KiB.
      const noise = pseudoRandom(1000 * 1000 * 3, 5);
      const big = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } }).png().toBuffer();
      expect(big.length).toBeGreaterThan(524_288);
      expect(big.length).toBeLessThan(5_000_000);
      expect((await post("/admin/system/organization/logo", admin, big)).statusCode).toBe(200);
      expect((await post("/user/avatar", bob, big)).statusCode).toBe(413);
    });
  });
});
