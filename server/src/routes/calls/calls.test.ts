import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CallConfig, CallRoom, EventOf } from "@parley/protocol";
import { dialects } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildChatSetup } from "../../test/factories.js";
import { call, jsonOk } from "../../test/api.js";
import { expectMatrix } from "../../test/matrix.js";
import { fence, isType } from "../../test/events.js";
import { sweepCalls, STALE_PARTICIPANT_MS, RING_TIMEOUT_MS } from "../../commands/calls.js";

const SETTINGS = { stun_urls: ["stun:stun.example.com:3478"], turn_urls: ["turn:turn.example.com:3478?transport=udp"], turn_secret: "s3cret", turn_ttl_s: 3600, max_participants: 3, relay_only: false };

describe.each(dialects())("built-in calls (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildChatSetup });
  const room = (gid: number) => `group:${gid}`;
  const rows = async (table: "call_rooms" | "call_participants") => suite.s.ctx.db.selectFrom(table).selectAll().execute();
  const messages = async (gid: number) => (await suite.s.ctx.db.selectFrom("messages").selectAll().where("target_gid", "=", gid).orderBy("mid").execute()).map((m) => ({ from_uid: m.from_uid, content: m.content, properties: m.properties && JSON.parse(m.properties) }));

  it("the config: ICE servers with a TURN credential coturn's use-auth-secret accepts; the admin's settings mask the secret", async () => {
    const { s, seed: c } = suite;
    expect(jsonOk(await call(s, "GET", "/call/config", c.bob))).toEqual({ media: "builtin", ice_servers: [], ice_transport_policy: "all", max_participants: 6 });
    expect((await call(s, "POST", "/admin/call/config", c.admin, SETTINGS)).statusCode).toBe(200);
    const before = Math.floor(Date.now() / 1000);
    const config = jsonOk<CallConfig>(await call(s, "GET", "/call/config", c.bob));
    expect(config.ice_servers[0]).toEqual({ urls: SETTINGS.stun_urls });
    const turn = config.ice_servers[1];
    expect(turn.urls).toEqual(SETTINGS.turn_urls);
    const [expiry, uid] = turn.username!.split(":");
    expect(Number(uid)).toBe(c.bob.uid);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 3600);
    expect(Number(expiry)).toBeLessThanOrEqual(before + 3602);
    expect(turn.credential).toBe(createHmac("sha1", "s3cret").update(turn.username!).digest("base64"));
    const read = jsonOk<typeof SETTINGS>(await call(s, "GET", "/admin/call/config", c.admin));
    expect(read).toEqual({ ...SETTINGS, turn_secret: "********", media: "builtin" });
    // Posting back what was read keeps the secret.
    expect((await call(s, "POST", "/admin/call/config", c.admin, { ...read, relay_only: true })).statusCode).toBe(200);
    const again = jsonOk<CallConfig>(await call(s, "GET", "/call/config", c.carol));
    expect(again.ice_transport_policy).toBe("relay");
    expect(again.ice_servers[1].credential).toBe(createHmac("sha1", "s3cret").update(again.ice_servers[1].username!).digest("base64"));
  });

  it("400 for bad settings and bad bodies, nothing stored", async () => {
    const { s, seed: c } = suite;
    for (const body of [{}, { ...SETTINGS, stun_urls: ["http://x"] }, { ...SETTINGS, max_participants: 1 }, { ...SETTINGS, turn_ttl_s: 5 }, { ...SETTINGS, extra: 1 }]) {
      expect((await call(s, "POST", "/admin/call/config", c.admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await s.ctx.db.selectFrom("config").selectAll().where("key", "=", "calls").executeTakeFirst()).toBeUndefined();
    for (const body of [{}, { gid: "x" }, { gid: c.general, uid: c.carol.uid }, { gid: c.general, audio: "yes" }]) {
      expect((await call(s, "POST", "/call/join", c.bob, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ room: "lobby" }, { room: room(c.general), to_uid: c.carol.uid, kind: "bye", data: {} }]) {
      expect((await call(s, "POST", "/call/signal", c.bob, body)).statusCode).toBe(400);
    }
    expect((await call(s, "POST", "/call/signal", c.bob, { room: room(c.general), to_uid: c.carol.uid, kind: "offer", data: "x".repeat(70_000) })).statusCode).toBe(413);
    expect(await rows("call_rooms")).toEqual([]);
  });

  it("who may call: members and admins; guests, bots and anonymous refused; private channels only for their members", async () => {
    const { s, seed: c } = suite;
    await expectMatrix(c, (who) => call(s, "GET", "/call/config", who), { anonymous: 401, guest: 403, member: 200, bot: 403, admin: 200 });
    await expectMatrix(c, (who) => call(s, "GET", "/call/rooms", who), { anonymous: 401, guest: 403, member: 200, bot: 403, admin: 200 });
    await expectMatrix(c, (who) => call(s, "GET", "/admin/call/config", who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    await expectMatrix(c, (who) => call(s, "POST", "/admin/call/config", who, SETTINGS), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    await expectMatrix(c, (who) => call(s, "POST", "/call/join", who, { gid: c.general }), { anonymous: 401, guest: 403, bot: 403 });
    // Team is Bob's and Carol's: the admin and Otto do not see it.
    expect((await call(s, "POST", "/call/join", c.otto, { gid: c.team })).statusCode).toBe(404);
    expect((await call(s, "POST", "/call/join", c.bob, { uid: c.bot.uid })).statusCode).toBe(403);
    expect((await call(s, "POST", "/call/join", c.bob, { uid: c.bob.uid })).statusCode).toBe(404);
    expect((await call(s, "POST", "/call/join", c.bob, { uid: 9999 })).statusCode).toBe(404);
    expect(await rows("call_rooms")).toEqual([]);
    const joined = jsonOk<CallRoom>(await call(s, "POST", "/call/join", c.bob, { gid: c.team, video: true }));
    expect(joined).toMatchObject({ room: room(c.team), gid: c.team, dm: null, started_by: c.bob.uid, ringing: null, participants: [{ uid: c.bob.uid, audio: true, video: true, screen: false }] });
    expect(jsonOk<CallRoom[]>(await call(s, "GET", "/call/rooms", c.carol)).map((r) => r.room)).toEqual([room(c.team)]);
    expect(jsonOk<CallRoom[]>(await call(s, "GET", "/call/rooms", c.otto))).toEqual([]);
    expect((await call(s, "POST", "/call/leave", c.otto, { room: room(c.team) })).statusCode).toBe(404);
    expect((await call(s, "POST", "/call/media", c.carol, { room: room(c.team), audio: false, video: false, screen: false })).statusCode).toBe(404);
  });

  it("signals are relayed to the one participant's stream, only between participants of the same room", async () => {
    const { s, seed: c } = suite;
    const [bob, carol, otto] = await suite.connect(c.bob, c.carol, c.otto);
    await call(s, "POST", "/call/join", c.bob, { gid: c.general });
    const sdp = { type: "offer", sdp: "v=0 fake" };
    // Carol is not in the call yet: nothing to relay to her.
    expect((await call(s, "POST", "/call/signal", c.bob, { room: room(c.general), to_uid: c.carol.uid, kind: "offer", data: sdp })).statusCode).toBe(404);
    await call(s, "POST", "/call/join", c.carol, { gid: c.general });
    expect((await call(s, "POST", "/call/signal", c.carol, { room: room(c.general), to_uid: c.bob.uid, kind: "offer", data: sdp })).statusCode).toBe(200);
    // Otto, not in the room, may not signal into it, nor reach Bob through it.
    expect((await call(s, "POST", "/call/signal", c.otto, { room: room(c.general), to_uid: c.bob.uid, kind: "ice", data: {} })).statusCode).toBe(404);
    const [toBob, toCarol, toOtto] = await fence(s, [bob, carol, otto]);
    expect(toBob.filter(isType("call_signal"))).toEqual([{ type: "call_signal", room: room(c.general), from_uid: c.carol.uid, kind: "offer", data: sdp }]);
    expect(toCarol.filter(isType("call_signal"))).toEqual([]);
    expect(toOtto.filter(isType("call_signal"))).toEqual([]);
    // Everyone who can read the public channel hears its room state.
    const state = toOtto.filter(isType("call_room")).at(-1)!;
    expect(state.room.participants.map((p) => p.uid)).toEqual([c.bob.uid, c.carol.uid]);
  });

  it("leaving: the room changes, the last one out ends it; the channel reads 'call started' then 'call ended'", async () => {
    const { s, seed: c } = suite;
    const [otto] = await suite.connect(c.otto);
    await call(s, "POST", "/call/join", c.bob, { gid: c.general });
    await call(s, "POST", "/call/join", c.carol, { gid: c.general });
    const media = jsonOk<CallRoom>(await call(s, "POST", "/call/media", c.carol, { room: room(c.general), audio: false, video: true, screen: true }));
    expect(media.participants[1]).toMatchObject({ uid: c.carol.uid, audio: false, video: true, screen: true });
    // Every change bumps the room's version (clients drop states older than theirs): two joins, then this.
    expect(media.version).toBe(3);
    expect((await call(s, "POST", "/call/leave", c.bob, { room: room(c.general) })).statusCode).toBe(200);
    expect((await call(s, "POST", "/call/leave", c.bob, { room: room(c.general) })).statusCode).toBe(404);
    expect((await rows("call_participants")).map((p) => p.uid)).toEqual([c.carol.uid]);
    expect((await call(s, "POST", "/call/leave", c.carol, { room: room(c.general) })).statusCode).toBe(200);
    expect(await rows("call_rooms")).toEqual([]);
    const posted = await messages(c.general);
    expect(posted.map((m) => m.from_uid)).toEqual([c.bob.uid, c.bob.uid]);
    expect(posted[0]).toMatchObject({ content: "📞 Call started", properties: { call: { event: "started", duration_ms: 0 } } });
    expect(posted[1].content).toMatch(/^📞 Call ended · \d+ s$/);
    expect(posted[1].properties).toEqual({ call: { event: "ended", duration_ms: expect.any(Number) } });
    const [events] = await fence(s, [otto]);
    const last = events.filter(isType("call_room")).at(-1)!;
    expect(last.ended).toBe(true);
    expect(last.room.participants).toEqual([]);
  });

  it("a full room refuses the next joiner (409); joining another call leaves the first", async () => {
    const { s, seed: c } = suite;
    await call(s, "POST", "/admin/call/config", c.admin, { ...SETTINGS, max_participants: 2 });
    await call(s, "POST", "/call/join", c.bob, { gid: c.general });
    await call(s, "POST", "/call/join", c.carol, { gid: c.general });
    expect((await call(s, "POST", "/call/join", c.otto, { gid: c.general })).statusCode).toBe(409);
    await call(s, "POST", "/call/join", c.carol, { gid: c.team });
    expect((await rows("call_participants")).map((p) => [p.room, p.uid]).sort()).toEqual([[room(c.general), c.bob.uid], [room(c.team), c.carol.uid]].sort());
  });

  it("a DM call rings the peer, who accepts or declines; an unanswered ring is missed after its timeout", async () => {
    const { s, seed: c } = suite;
    const [bob, carol] = await suite.connect(c.bob, c.carol);
    const started = jsonOk<CallRoom>(await call(s, "POST", "/call/join", c.bob, { uid: c.carol.uid, video: true }));
    const dm = `dm:${Math.min(c.bob.uid, c.carol.uid)}:${Math.max(c.bob.uid, c.carol.uid)}`;
    expect(started).toMatchObject({ room: dm, gid: null, dm: [Math.min(c.bob.uid, c.carol.uid), Math.max(c.bob.uid, c.carol.uid)], ringing: c.carol.uid });
    const ring = await carol.waitFor<EventOf<"call_ring">>(isType("call_ring"));
    expect(ring).toMatchObject({ room: dm, from_uid: c.bob.uid, state: "ringing" });
    expect((await call(s, "POST", "/call/decline", c.bob, { room: dm })).statusCode).toBe(404); // only the rung one declines
    expect((await call(s, "POST", "/call/decline", c.otto, { room: dm })).statusCode).toBe(404);
    const accepted = jsonOk<CallRoom>(await call(s, "POST", "/call/join", c.carol, { uid: c.bob.uid }));
    expect(accepted.ringing).toBeNull();
    expect(accepted.participants.map((p) => p.uid)).toEqual([c.bob.uid, c.carol.uid]);
    await call(s, "POST", "/call/leave", c.carol, { room: dm });
    await call(s, "POST", "/call/leave", c.bob, { room: dm });

    // Declined: the caller hears it, the call ends, "Call declined" is posted.
    const from = bob.events.length;
    await call(s, "POST", "/call/join", c.bob, { uid: c.carol.uid });
    expect((await call(s, "POST", "/call/decline", c.carol, { room: dm })).statusCode).toBe(200);
    expect(await bob.waitFor<EventOf<"call_ring">>((e) => e.type === "call_ring" && e.state === "declined", 5_000, from)).toMatchObject({ room: dm, from_uid: c.carol.uid });
    expect(await rows("call_rooms")).toEqual([]);

    // Missed: nobody answers within the timeout; the sweep ends it.
    await call(s, "POST", "/call/join", c.bob, { uid: c.carol.uid });
    await sweepCalls(s.ctx, Date.now() + 1_000);
    expect(await rows("call_rooms")).toHaveLength(1);
    await sweepCalls(s.ctx, Date.now() + RING_TIMEOUT_MS + 1_000);
    expect(await rows("call_rooms")).toEqual([]);
    const dms = await s.ctx.db.selectFrom("messages").select("content").where("dm_low", "is not", null).orderBy("mid").execute();
    expect(dms.map((m) => m.content)).toEqual([expect.stringMatching(/^📞 Call ended/), "📞 Call declined", "📞 Missed call"]);
    await carol.waitFor((e) => e.type === "call_ring" && e.state === "missed");
  });

  it("the sweep keeps participants whose stream is open and drops those gone for 30 s", async () => {
    const { s, seed: c } = suite;
    await suite.connect(c.bob); // Bob's stream stays open; Carol has none
    await call(s, "POST", "/call/join", c.bob, { gid: c.general });
    await call(s, "POST", "/call/join", c.carol, { gid: c.general });
    expect(await sweepCalls(s.ctx, Date.now() + 5_000)).toBe(0);
    expect(await sweepCalls(s.ctx, Date.now() + STALE_PARTICIPANT_MS + 10_000)).toBe(1);
    expect((await rows("call_participants")).map((p) => p.uid)).toEqual([c.bob.uid]);
  });
});
