import { describe, expect, it } from "vitest";
import { assertMatches } from "../../test/contract.js";
import { openEvents } from "../../test/sse.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildDevice } from "../../test/factories.js";
import { fence, isType, marks, withoutNoise } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";

describe.each(dialects())("device routes (%s)", (dialect) => {
  // One server; each test has a cast of its own (Bob1, Bob2…), since tests sign devices out.
  let casts = 0;
  const suite = useSuite(dialect, { per: "file", seedEach: true, seed: (s) => buildCast(s, { tag: String(++casts) }) });

  const devices = (who: Session | null) => suite.s.app.inject({ method: "GET", url: "/api/user/devices", headers: who?.headers ?? {} });
  const removeDevice = (who: Session | null, device: string) =>
    suite.s.app.inject({ method: "DELETE", url: `/api/user/devices/${encodeURIComponent(device)}`, headers: who?.headers ?? {} });
  const deviceRow = (uid: number, device: string) =>
    suite.s.ctx.db.selectFrom("devices").selectAll().where("uid", "=", uid).where("device", "=", device).executeTakeFirst();

  describe("GET /api/user/devices", () => {
    it("lists the caller's devices as strings, oldest first", async () => {
      const { s, seed: { bob } } = suite;
      await buildDevice(s, bob, "web:abc");
      const res = await devices(bob);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.json()).toEqual([bob.device, "web:abc"]);
    });

    it("authorization: anonymous 401; guests, members, bots and admins see their own", async () => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who) => devices(who), { anonymous: 401, guest: 200, member: 200, bot: 200, admin: 200 });
      expect((await devices(cast.guest)).json()).toEqual(["guest_device"]);
      expect((await devices(cast.bot)).json()).toEqual([cast.bot.device]);
    });
  });

  describe("DELETE /api/user/devices/{device}", () => {
    it("kicks that device with delete_device and ends its session; the other devices stay", async () => {
      const { s, seed: { admin, bob } } = suite;
      const phone = await buildDevice(s, bob, "phone:bob");
      const [web, mobile, other] = await suite.connect(bob, phone, admin);
      const from = marks([web, mobile, other]);

      const res = await removeDevice(bob, "phone:bob");
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      const kick = await mobile.waitFor(isType("kick"), 5_000, from[1]);
      expect(kick).toEqual({ type: "kick", reason: "delete_device" });
      assertMatches("KickMessage", kick);
      await mobile.ended;
      const [seenWeb, seenOther] = await fence(s, [web, other], [from[0], from[2]]);
      expect(withoutNoise(seenWeb)).toEqual([]);
      expect(withoutNoise(seenOther)).toEqual([]);

      expect(await deviceRow(bob.uid, "phone:bob")).toBeUndefined();
      expect((await devices(bob)).json()).toEqual([bob.device]);
      const renew = await s.app.inject({ method: "POST", url: "/api/token/renew", payload: { token: phone.token, refresh_token: phone.refresh_token } });
      expect(renew.statusCode).toBe(401);
      expect((await openEvents(s.url, { "api-key": phone.token })).status).toBe(403);
      // Deleting the calling device itself works too.
      expect((await removeDevice(bob, bob.device)).statusCode).toBe(200);
      expect(await web.waitFor(isType("kick"))).toEqual({ type: "kick", reason: "delete_device" });
    });

    it("401 for a device the caller does not have (another user's included)", async () => {
      const { seed: { bob, carol } } = suite;
      expect((await removeDevice(bob, "nope")).statusCode).toBe(401);
      expect((await removeDevice(bob, carol.device)).statusCode).toBe(401);
      expect(await deviceRow(carol.uid, carol.device)).toBeDefined();
    });

    it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
      const { seed: cast } = suite;
      // Each caller signs out its own calling device.
      await expectMatrix(cast, (who, role) => removeDevice(who, role === "anonymous" ? "x" : role === "guest" ? "guest_device" : (who?.device ?? "")), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
      expect(await deviceRow(cast.guest.uid, "guest_device")).toBeDefined();
    });
  });

  describe("PUT /api/token/device_token", () => {
    const setToken = (who: Session | null, payload: unknown) =>
      suite.s.app.inject({ method: "PUT", url: "/api/token/device_token", headers: who?.headers ?? {}, payload: payload as object });

    it("sets and clears the calling device's push token", async () => {
      const { seed: { bob } } = suite;
      const body = { device_token: "fcm-token-1" };
      assertMatches("UpdateDeviceTokenRequest", body);
      const res = await setToken(bob, body);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      expect((await deviceRow(bob.uid, bob.device))?.device_token).toBe("fcm-token-1");
      expect((await setToken(bob, { device_token: null })).statusCode).toBe(200);
      expect((await deviceRow(bob.uid, bob.device))?.device_token).toBeNull();
      expect((await setToken(bob, { device_token: "" })).statusCode).toBe(200);
      expect((await deviceRow(bob.uid, bob.device))?.device_token).toBeNull();
    });

    it("400 bad body, 404 after the device was signed out", async () => {
      const { s, seed: { bob } } = suite;
      expect((await setToken(bob, { device_token: 42 })).statusCode).toBe(400);
      expect((await setToken(bob, { device_token: "x".repeat(5000) })).statusCode).toBe(400);
      await s.app.inject({ method: "GET", url: "/api/token/logout", headers: bob.headers });
      expect((await setToken(bob, { device_token: "t" })).statusCode).toBe(404);
    });

    it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who) => setToken(who, { device_token: "t" }), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
    });
  });

  describe("PUT /api/user/update_fcm_token", () => {
    const setFcm = (who: Session | null, token: string, device?: string) =>
      suite.s.app.inject({
        method: "PUT",
        url: `/api/user/update_fcm_token${device === undefined ? "" : `?device=${encodeURIComponent(device)}`}`,
        headers: { ...(who?.headers ?? {}), "content-type": "text/plain" },
        payload: token,
      });

    it("sets the token of the named device (default: the calling one) from a text/plain body", async () => {
      const { s, seed: { bob } } = suite;
      const phone = await buildDevice(s, bob, "phone:bob");
      expect((await setFcm(bob, "tok-phone", phone.device)).statusCode).toBe(200);
      expect((await deviceRow(bob.uid, "phone:bob"))?.device_token).toBe("tok-phone");
      expect((await deviceRow(bob.uid, bob.device))?.device_token).toBeNull();
      expect((await setFcm(bob, "tok-web")).statusCode).toBe(200);
      expect((await deviceRow(bob.uid, bob.device))?.device_token).toBe("tok-web");
      expect((await setFcm(bob, "", phone.device)).statusCode).toBe(200);
      expect((await deviceRow(bob.uid, "phone:bob"))?.device_token).toBeNull();
    });

    it("404 for a device the caller does not have", async () => {
      const { seed: { bob, carol } } = suite;
      expect((await setFcm(bob, "t", "nope")).statusCode).toBe(404);
      expect((await setFcm(bob, "t", carol.device)).statusCode).toBe(404);
      expect((await deviceRow(carol.uid, carol.device))?.device_token).toBeNull();
    });

    it("authorization: anonymous 401; guests (route T) and everyone else 200", async () => {
      const { seed: cast } = suite;
      await expectMatrix(cast, (who) => setFcm(who, "t"), { anonymous: 401, guest: 200, member: 200, bot: 200, admin: 200 });
    });
  });
});
