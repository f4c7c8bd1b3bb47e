import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf, Group, ServerEvent, UserInfo } from "@parley/protocol";
import { openEvents, type SseClient } from "../../test/sse.js";
import { pseudoRandom } from "../../test/uploads.js";
import { dialects, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { buildAdmin, buildChannel, buildGuest, buildMember } from "../../test/factories.js";

const ready = (e: ServerEvent) => e.type === "ready";
const image = (width: number, height: number, format: "png" | "jpeg" = "png") =>
  sharp({ create: { width, height, channels: 3, background: "#2255aa" } })[format]().toBuffer();

describe.each(dialects())("avatars and the logo (%s)", (dialect) => {
  let s: TestServer;
  let admin: Session;
  let bob: Session;
  let carol: Session;
  const streams: SseClient[] = [];
  const listen = async (who: Session) => {
    const c = await openEvents(s.url, { "api-key": who.token });
    streams.push(c);
    await c.waitFor(ready);
    return c;
  };

  beforeEach(async () => {
    s = await startTestServer(dialect);
    await s.listen();
    admin = await buildAdmin(s);
    bob = await buildMember(s, admin, "Bob");
    carol = await buildMember(s, admin, "Carol");
  });
  afterEach(async () => {
    for (const c of streams.splice(0)) c.close();
    await s.close();
  });

  const post = (url: string, who: Session | undefined, body: Buffer | string, type = "image/png") =>
    s.app.inject({ method: "POST", url, headers: { ...(who?.headers ?? {}), "content-type": type }, payload: body });
  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: "GET", url, headers });

  describe("POST /api/user/avatar", () => {
    it("stores a 256×256 PNG of any decodable image and tells everyone through users_log", async () => {
      const [a, c] = [await listen(admin), await listen(carol)];
      expect((await get(`/api/resource/avatar?uid=${bob.uid}`)).statusCode).toBe(404);
      const res = await post("/api/user/avatar", bob, await image(640, 480, "jpeg"));
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");

      const me = (await get("/api/user/me", bob.headers)).json() as UserInfo;
      expect(me.avatar_updated_at).toBeGreaterThan(0);
      for (const stream of [a, c]) {
        const log = await stream.waitFor<EventOf<"users_log">>((e) => e.type === "users_log" && e.logs.some((l) => l.uid === bob.uid));
        expect(log.logs).toEqual([
          {
            log_id: expect.any(Number),
            action: "update",
            uid: bob.uid,
            email: null,
            name: null,
            gender: null,
            language: null,
            is_admin: null,
            is_bot: null,
            avatar_updated_at: me.avatar_updated_at,
          },
        ]);
      }
      // Anyone may load it by URL; `t` makes it cacheable for good.
      const pic = await get(`/api/resource/avatar?uid=${bob.uid}&t=${me.avatar_updated_at}`);
      expect(pic.statusCode).toBe(200);
      expect(pic.headers["content-type"]).toBe("image/png");
      expect(pic.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(pic.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);
      expect((await get(`/api/resource/avatar?uid=${bob.uid}`, { "if-none-match": pic.headers.etag as string })).statusCode).toBe(304);

      // A later connect with an older users_version replays the log entry.
      const replay = await openEvents(s.url, { "api-key": carol.token, users_version: 0 });
      streams.push(replay);
      const logs = await replay.waitFor<EventOf<"users_log">>((e) => e.type === "users_log");
      expect(logs.logs.some((l) => l.uid === bob.uid && l.avatar_updated_at === me.avatar_updated_at)).toBe(true);

      // A second change moves the timestamp forward.
      expect((await post("/api/user/avatar", bob, await image(64, 64))).statusCode).toBe(200);
      expect(((await get("/api/user/me", bob.headers)).json() as UserInfo).avatar_updated_at).toBeGreaterThan(me.avatar_updated_at);
    });

    it("401 anonymous, 403 guest, 415 other content types, 413 above 512 KiB, 400 undecodable", async () => {
      const guest = await buildGuest(s);
      const png = await image(32, 32);
      expect((await post("/api/user/avatar", undefined, png)).statusCode).toBe(401);
      expect((await post("/api/user/avatar", guest, png)).statusCode).toBe(403);
      expect((await post("/api/user/avatar", bob, png, "image/jpeg")).statusCode).toBe(415);
      expect((await post("/api/user/avatar", bob, "hello", "text/plain")).statusCode).toBe(415);
      expect((await s.app.inject({ method: "POST", url: "/api/user/avatar", headers: bob.headers, payload: { a: 1 } })).statusCode).toBe(415);
      expect((await post("/api/user/avatar", bob, Buffer.alloc(524_289, 1))).statusCode).toBe(413);
      expect((await post("/api/user/avatar", bob, Buffer.from("not an image"))).statusCode).toBe(400);
      expect((await post("/api/user/avatar", bob, Buffer.alloc(0))).statusCode).toBe(400);
      expect(((await get("/api/user/me", bob.headers)).json() as UserInfo).avatar_updated_at).toBe(0);
      expect((await get(`/api/resource/avatar?uid=${bob.uid}`)).statusCode).toBe(404);
    });
  });

  describe("POST /api/admin/user/{uid}/avatar", () => {
    it("lets admins set anyone's avatar; others get 403; unknown uid 404", async () => {
      const c = await listen(carol);
      const png = await image(300, 300);
      expect((await post(`/api/admin/user/${bob.uid}/avatar`, undefined, png)).statusCode).toBe(401);
      expect((await post(`/api/admin/user/${bob.uid}/avatar`, carol, png)).statusCode).toBe(403);
      expect((await post(`/api/admin/user/${bob.uid}/avatar`, bob, png)).statusCode).toBe(403);
      expect((await post("/api/admin/user/9999/avatar", admin, png)).statusCode).toBe(404);
      expect((await post("/api/admin/user/abc/avatar", admin, png)).statusCode).toBe(400);
      expect((await post(`/api/admin/user/${bob.uid}/avatar`, admin, png)).statusCode).toBe(200);
      await c.waitFor<EventOf<"users_log">>((e) => e.type === "users_log" && e.logs.some((l) => l.uid === bob.uid && l.avatar_updated_at !== null));
      expect((await get(`/api/resource/avatar?uid=${bob.uid}`)).statusCode).toBe(200);
    });
  });

  describe("POST /api/group/{gid}/avatar", () => {
    it("owner or admin of a private channel; members hear group_changed with only avatar_updated_at", async () => {
      const gid = await buildChannel(s, bob, { name: "team", members: [carol.uid] });
      const [b, c, a] = [await listen(bob), await listen(carol), await listen(admin)];
      const heard = (stream: SseClient) => stream.events.filter((e) => e.type === "group_changed").length;
      const dave = await buildMember(s, admin, "Dave");
      const guest = await buildGuest(s);
      const png = await image(100, 50);
      expect((await post(`/api/group/${gid}/avatar`, undefined, png)).statusCode).toBe(401);
      expect((await post(`/api/group/${gid}/avatar`, dave, png)).statusCode).toBe(404); // cannot see it
      expect((await post(`/api/group/${gid}/avatar`, guest, png)).statusCode).toBe(404);
      expect((await post(`/api/group/${gid}/avatar`, carol, png)).statusCode).toBe(403); // member, not owner
      expect((await post("/api/group/9999/avatar", bob, png)).statusCode).toBe(404);
      expect((await post(`/api/group/${gid}/avatar`, bob, png, "image/gif")).statusCode).toBe(415);

      expect((await post(`/api/group/${gid}/avatar`, bob, png)).statusCode).toBe(200);
      const group = (await get(`/api/group/${gid}`, bob.headers)).json() as Group;
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
      expect((await post(`/api/group/${gid}/avatar`, admin, png)).statusCode).toBe(200);
      await b.waitFor((e) => e.type === "group_changed" && e.gid === gid, 5_000, seen);
      expect(heard(a)).toBe(0);
      expect(heard(b)).toBe(2);
      const pic = await get(`/api/resource/group_avatar?gid=${gid}`);
      expect(pic.statusCode).toBe(200);
      const meta = await sharp(pic.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    });

    it("admins only for a public channel; everyone hears about it", async () => {
      const gid = await buildChannel(s, admin, { name: "general", is_public: true });
      const c = await listen(carol);
      const png = await image(64, 64);
      expect((await post(`/api/group/${gid}/avatar`, bob, png)).statusCode).toBe(403);
      expect((await post(`/api/group/${gid}/avatar`, admin, png)).statusCode).toBe(200);
      await c.waitFor((e) => e.type === "group_changed" && e.gid === gid && e.avatar_updated_at !== null);
      expect((await get(`/api/resource/group_avatar?gid=${gid}`)).statusCode).toBe(200);
      expect((await get("/api/resource/group_avatar?gid=9999")).statusCode).toBe(404);
      expect((await get("/api/resource/group_avatar?gid=x")).statusCode).toBe(400);
    });
  });

  describe("the organization logo", () => {
    it("serves a built-in default PNG until an admin uploads one (≥128×128, stored 240×240)", async () => {
      const dflt = await get("/api/resource/organization/logo");
      expect(dflt.statusCode).toBe(200);
      expect(dflt.headers["content-type"]).toBe("image/png");
      expect((await sharp(dflt.rawPayload).metadata()).format).toBe("png");

      const [b] = [await listen(bob)];
      const guest = await buildGuest(s);
      const logo = await image(512, 300);
      expect((await post("/api/admin/system/organization/logo", undefined, logo)).statusCode).toBe(401);
      expect((await post("/api/admin/system/organization/logo", guest, logo)).statusCode).toBe(403);
      expect((await post("/api/admin/system/organization/logo", bob, logo)).statusCode).toBe(403);
      expect((await post("/api/admin/system/organization/logo", admin, await image(127, 400))).statusCode).toBe(400);
      expect((await post("/api/admin/system/organization/logo", admin, Buffer.alloc(5_000_001, 1))).statusCode).toBe(413);
      expect((await post("/api/admin/system/organization/logo", admin, logo, "image/jpeg")).statusCode).toBe(415);

      const res = await post("/api/admin/system/organization/logo", admin, logo);
      expect(res.statusCode).toBe(200);
      const changed = await b.waitFor<EventOf<"server_config_changed">>((e) => e.type === "server_config_changed");
      expect(changed.organization_logo).toMatch(/^\/api\/resource\/organization\/logo\?t=\d+$/);
      expect(changed.organization_name).toEqual(expect.any(String));
      const pic = await get("/api/resource/organization/logo");
      const meta = await sharp(pic.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 240, 240]);
      expect(pic.rawPayload.equals(dflt.rawPayload)).toBe(false);
    });

    it("accepts a large logo up to 5 MB (more than the avatar limit)", async () => {
      // A noisy 1000×1000 PNG is well over 512 KiB.
      const noise = pseudoRandom(1000 * 1000 * 3, 5);
      const big = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } }).png().toBuffer();
      expect(big.length).toBeGreaterThan(524_288);
      expect(big.length).toBeLessThan(5_000_000);
      expect((await post("/api/admin/system/organization/logo", admin, big)).statusCode).toBe(200);
      expect((await post("/api/user/avatar", bob, big)).statusCode).toBe(413);
    });
  });
});
