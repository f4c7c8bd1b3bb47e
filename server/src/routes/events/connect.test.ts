import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EventOf, Group } from "@parley/protocol";
import { call } from "../../test/api.js";
import { clusterAvailable, cutSubscriptions, useCluster } from "../../test/cluster.js";
import { isType } from "../../test/events.js";
import { buildAdmin, buildChannel, buildDevice, buildMember, buildMessage, buildUser } from "../../test/factories.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { openEvents, type SseClient } from "../../test/sse.js";
import { useSuite } from "../../test/suite.js";
import { deviceKey, devicesAmong, paddedInList } from "../../repos/devices.js";
import { CachedPerKey, CachedRead } from "./cachedRead.js";
import { connectCache } from "./connectCache.js";
import { settingsOfMany } from "./connectSettings.js";
import { frameOf } from "../../events/bus.js";
import { usersStateFrame } from "./connect.js";
import { backlogFromTail, chatEventOf, MessageTail, replayedRun } from "./messageTail.js";

const chatMids = (c: SseClient): number[] => c.events.filter(isType("chat")).map((e) => e.mid);
const relatedGroups = (c: SseClient): Group[] => (c.events.find(isType("related_groups")) as EventOf<"related_groups">).groups;

describe("usersStateFrame", () => {
  it("writes the frame of the users_state event byte for byte, without the viewer", () => {
    const online = (id: number) => id % 2 === 0;
    for (const [ids, viewer] of [[[1, 2, 3, 40], 3], [[5], 5], [[], 1], [[7, 8], 9]] as const) {
      const users = ids.filter((id) => id !== viewer).map((id) => ({ uid: id, online: online(id) }));
      expect(usersStateFrame(ids, viewer, online)).toBe(frameOf({ type: "users_state", users }));
    }
  });
});

describe("CachedPerKey", () => {
  it("keeps a value per key until invalidated, and does not keep a read overtaken by an invalidation", async () => {
    const reads: number[] = [];
    let gate = Promise.resolve();
    const cached = new CachedPerKey(async (key: number) => {
      reads.push(key);
      const n = reads.length;
      await gate;
      return `${key}:${n}`;
    }, 60_000);
    expect(await cached.get(1)).toBe("1:1");
    expect(await cached.get(2)).toBe("2:2");
    expect(await cached.get(1)).toBe("1:1");
    cached.invalidate();
    expect(await cached.get(1)).toBe("1:3");
    let release: () => void = () => {};
    gate = new Promise<void>((r) => (release = r));
    const during = cached.get(2);
    cached.invalidate();
    release();
    expect(await during).toBe("2:4");
    gate = Promise.resolve();
    expect(await cached.get(2)).toBe("2:5");
    expect(reads).toEqual([1, 2, 1, 2, 2]);
  });
});

describe("CachedRead", () => {
  it("shares one read, keeps it until invalidated, and does not keep a read overtaken by an invalidation", async () => {
    let reads = 0;
    let release: () => void = () => {};
    let gate = Promise.resolve();
    const cached = new CachedRead(async () => {
      reads++;
      const n = reads;
      await gate;
      return n;
    }, 60_000);
    expect(await Promise.all([cached.get(), cached.get()])).toEqual([1, 1]);
    expect(await cached.get()).toBe(1);
    cached.invalidate();
    expect(await cached.get()).toBe(2);
    // A read under way when the data changes answers its waiters but is not kept.
    cached.invalidate();
    gate = new Promise<void>((r) => (release = r));
    const during = cached.get();
    cached.invalidate();
    release();
    expect(await during).toBe(3);
    expect(await cached.get()).toBe(4);
  });

  it("reads again after its lifetime, without any event", async () => {
    let reads = 0;
    const cached = new CachedRead(async () => ++reads, 30);
    expect(await cached.get()).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cached.get()).toBe(2);
  });
});

describe("paddedInList", () => {
  it("repeats the last value up to a power of two", () => {
    expect(paddedInList([])).toEqual([]);
    expect(paddedInList([7])).toEqual([7]);
    expect(paddedInList([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(paddedInList(new Set([1, 2, 3, 4, 5]))).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
  });
});

describe.each(dialects())("connect reads against the repositories (%s)", (dialect) => {
  const suite = useSuite(dialect, { per: "file" });

  it("settingsOfMany answers what settingsOf answers, for one user (a compiled statement) and for several", async () => {
    const { s } = suite;
    const users = [await buildUser(s, "Set1"), await buildUser(s, "Set2"), await buildUser(s, "Set3"), await buildUser(s, "Set4")];
    const now = Date.now();
    const [a, b, c] = users.map((u) => u.uid);
    await s.ctx.db
      .insertInto("user_mutes")
      .values([
        { uid: a, kind: "user", target_id: b, expired_at: null },
        { uid: a, kind: "group", target_id: 9, expired_at: now + 60_000 },
        { uid: a, kind: "group", target_id: 3, expired_at: now - 1 }, // expired: left out
        { uid: a, kind: "user", target_id: c, expired_at: now + 5_000 },
        { uid: b, kind: "group", target_id: 4, expired_at: null },
      ])
      .execute();
    await s.ctx.db
      .insertInto("user_read_indexes")
      .values([
        { uid: a, kind: "group", target_id: 5, mid: 40 },
        { uid: a, kind: "user", target_id: b, mid: 12 },
        { uid: a, kind: "group", target_id: 2, mid: 7 },
        { uid: c, kind: "user", target_id: a, mid: 99 },
      ])
      .execute();
    await s.ctx.db
      .insertInto("user_burn_after_reading")
      .values([
        { uid: a, kind: "user", target_id: c, expires_in: 30 },
        { uid: a, kind: "group", target_id: 8, expires_in: 60 },
        { uid: b, kind: "group", target_id: 1, expires_in: 5 },
      ])
      .execute();
    await s.ctx.db
      .insertInto("user_pinned_chats")
      .values([
        { uid: a, kind: "group", target_id: 6, updated_at: 300 },
        { uid: a, kind: "user", target_id: b, updated_at: 100 },
        { uid: a, kind: "group", target_id: 2, updated_at: 300 },
        { uid: c, kind: "group", target_id: 1, updated_at: 5 },
      ])
      .execute();
    const uids = users.map((u) => u.uid);
    const many = await settingsOfMany(s.ctx.db, [...uids, a], now);
    for (const uid of uids) {
      const expected = await s.ctx.repos.userSettings.settingsOf(uid, now);
      expect((await settingsOfMany(s.ctx.db, [uid], now)).get(uid)).toEqual(expected);
      expect(many.get(uid)).toEqual(expected);
    }
    expect((await settingsOfMany(s.ctx.db, [a], now)).get(a)?.mute_groups).toEqual([{ gid: 9, expired_at: now + 60_000 }]);
  });

  it("devicesAmong finds exactly the pairs that have a session", async () => {
    const { s } = suite;
    const ann = await buildUser(s, "Ann");
    const ben = await buildUser(s, "Ben");
    const annPhone = await buildDevice(s, ann, "phone");
    const found = await devicesAmong(s.ctx.db, [
      { uid: ann.uid, device: ann.device },
      { uid: ann.uid, device: annPhone.device },
      { uid: ben.uid, device: ben.device },
      // Ben has no "phone", Ann has no device named like Ben's.
      { uid: ben.uid, device: "phone" },
      { uid: ann.uid, device: ben.device },
    ]);
    expect(found).toEqual(new Set([deviceKey(ann.uid, ann.device), deviceKey(ann.uid, "phone"), deviceKey(ben.uid, ben.device)]));
    expect(await devicesAmong(s.ctx.db, [{ uid: ben.uid, device: "phone" }])).toEqual(new Set());
    expect(await devicesAmong(s.ctx.db, [{ uid: ben.uid, device: ben.device }])).toEqual(new Set([deviceKey(ben.uid, ben.device)]));
    // A storm's batch: hundreds of pairs in one statement (padded to 512).
    const batch = Array.from({ length: 300 }, (_, i) => ({ uid: i % 2 ? ben.uid : ann.uid, device: `none-${i}` }));
    batch.push({ uid: ann.uid, device: annPhone.device });
    expect(await devicesAmong(s.ctx.db, batch)).toEqual(new Set([deviceKey(ann.uid, "phone")]));
  });

  it("the message tail answers the backlog query, follows chats and deletes, and declines ranges it does not hold", async () => {
    const { s } = suite;
    const admin = await buildUser(s, "TailAdmin", "admin");
    const bob = await buildUser(s, "TailBob");
    const carol = await buildUser(s, "TailCarol");
    const general = await buildChannel(s, admin, { name: "tail-general", is_public: true });
    const secret = await buildChannel(s, admin, { name: "tail-secret", members: [carol.uid] });
    const start = (await s.ctx.db.selectFrom("messages").select((eb) => eb.fn.max("mid").as("m")).executeTakeFirst())?.m ?? 0;
    const mids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const to = i % 3 === 0 ? { gid: general } : i % 3 === 1 ? { gid: secret } : { uid: i % 2 ? bob.uid : carol.uid };
      mids.push(await buildMessage(s, admin, to, `m${i}`));
    }
    // A tail of 8 holds the newest 8 of the server's messages.
    const tail = new MessageTail(s.ctx.db, 8);
    const check = async (uid: number, afterMid: number, limit: number) => {
      const groups = await s.ctx.repos.groups.visibleTo(uid);
      const gids = groups.map((g) => g.row.gid);
      const view = await tail.view();
      const fromTail = backlogFromTail(view, uid, new Set(gids), afterMid, limit);
      const fromDb = await s.ctx.repos.messages.backlogNewestFirst(uid, gids, afterMid, limit);
      if (fromTail === null) {
        expect(afterMid).toBeLessThan(view.floor);
        return null;
      }
      expect(fromTail.map((r) => r.mid)).toEqual(fromDb.map((r) => r.mid));
      if (fromTail.length > 0) {
        // The run's bytes are the chats' frames, ascending; the same rows share one run.
        const run = replayedRun(view, fromTail);
        const ascending = fromTail.slice().reverse();
        expect(run.frames.toString()).toBe(ascending.map((r) => frameOf(chatEventOf(r))).join(""));
        expect(run.mids).toEqual(ascending.map((r) => r.mid).slice(-64));
        expect(replayedRun(view, fromTail.slice())).toBe(run);
        if (fromTail.length > 1) expect(replayedRun(view, fromTail.slice(1))).not.toBe(run);
      }
      return fromTail;
    };
    for (const who of [admin, bob, carol]) {
      for (const after of [Number(start), mids[3], mids[4], mids[9], mids[11]]) {
        for (const limit of [1, 3, 100]) await check(who.uid, after, limit);
      }
    }
    expect(await check(bob.uid, Number(start), 100)).toBeNull();
    expect((await check(carol.uid, mids[4], 100))?.length).toBeGreaterThan(0);

    // New messages reach the tail through their chat events (here told directly).
    const newer = await buildMessage(s, admin, { uid: bob.uid }, "newer");
    const row = await s.ctx.repos.messages.byId(newer);
    if (!row) throw new Error("no row");
    tail.onChat({ type: "chat", mid: newer, from_uid: admin.uid, created_at: row.created_at, target: { uid: bob.uid }, detail: { type: "normal", properties: null, content_type: "text/plain", content: "newer", expires_in: null } });
    expect((await check(bob.uid, mids[9], 100))?.map((r) => r.mid)).toContain(newer);
    // A delete drops the tail; the next view is read again without the message.
    const del = await call(s, "DELETE", `/message/${newer}`, admin);
    expect(del.statusCode).toBe(200);
    tail.onChat({ type: "chat", mid: newer + 1, from_uid: admin.uid, created_at: Date.now(), target: { uid: bob.uid }, detail: { type: "reaction", mid: newer, detail: { type: "delete" } } });
    const after = await check(bob.uid, mids[9], 100);
    expect(after?.map((r) => r.mid)).not.toContain(newer);
  });
});

/**
 * What the connect sequence keeps between connects (routes/events/connect.ts) must follow every
 * change: each case warms the reading node's caches with a connect, changes the data through
 * the API on the writing node, and connects again on the reading node. On one node both are
 * the same server; in a cluster the change is made on another node than the one read.
 */
function cacheCases(nodes: () => { writer: TestServer; reader: TestServer }) {
  let admin: Session;
  let bob: Session;
  const open: SseClient[] = [];
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  /**
   * On another node, the writer's events reach the reader a moment after the writer answered.
   * A stream opened before they arrive reads what the reader keeps, and hears the change live
   * after `ready` (connectCache.ts "WHY IT IS NEVER STALE"); these cases read only up to
   * `ready`, so they wait for the reader to hear an event published after the writes (one
   * Redis channel: in order).
   */
  let marks = 0;
  const readerCaughtUp = async (): Promise<void> => {
    const { writer, reader } = nodes();
    if (writer === reader) return;
    const time = -++marks;
    let heard = false;
    const stop = reader.ctx.bus.subscribe(({ event }) => {
      if (event.type === "heartbeat" && event.time === time) heard = true;
    });
    writer.ctx.bus.publish({ type: "heartbeat", time }, { kind: "users", uids: [] });
    await expect.poll(() => heard, { timeout: 10_000, interval: 5 }).toBe(true);
    stop();
  };
  const stream = async (who: Session, query: Record<string, string | number> = {}): Promise<SseClient> => {
    await readerCaughtUp();
    const c = await openEvents(nodes().reader.url, { "api-key": who.token, ...query });
    open.push(c);
    expect(c.status).toBe(200);
    await c.waitFor(isType("ready"), 20_000);
    c.close();
    return c;
  };
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r;
  };

  beforeAll(async () => {
    const { writer } = nodes();
    admin = await buildAdmin(writer);
    bob = await buildMember(writer, admin, "Bob");
  });

  it("channels: a new private channel, a removed member, a new name, a pin, a deleted channel", async () => {
    const { writer } = nodes();
    await stream(bob);
    const team = await buildChannel(writer, admin, { name: "team", members: [bob.uid] });
    expect(relatedGroups(await stream(bob)).map((g) => g.gid)).toContain(team);

    await ok(call(writer, "PUT", `/group/${team}`, admin, { name: "team two" }));
    expect(relatedGroups(await stream(bob)).find((g) => g.gid === team)?.name).toBe("team two");

    const mid = await buildMessage(writer, admin, { gid: team }, "pin me");
    await ok(call(writer, "POST", `/group/${team}/pin`, admin, { mid }));
    expect(relatedGroups(await stream(bob)).find((g) => g.gid === team)?.pinned_messages.map((p) => p.mid)).toEqual([mid]);

    await ok(call(writer, "POST", `/group/${team}/members/remove`, admin, [bob.uid]));
    expect(relatedGroups(await stream(bob)).map((g) => g.gid)).not.toContain(team);

    const open2 = await buildChannel(writer, admin, { name: "open", is_public: true });
    const said = await buildMessage(writer, admin, { gid: open2 }, "in a channel about to go");
    const before = said - 1;
    expect(chatMids(await stream(bob, { after_mid: before }))).toContain(said);
    await ok(call(writer, "DELETE", `/group/${open2}`, admin));
    const gone = await stream(bob, { after_mid: before });
    expect(relatedGroups(gone).map((g) => g.gid)).not.toContain(open2);
    expect(chatMids(gone)).not.toContain(said);
  }, 60_000);

  it("the channel-member switch: with only_admin_can_see_channel_members on, a member sees only themself", async () => {
    const { writer } = nodes();
    const carol = await buildMember(writer, admin, "Carol");
    const crew = await buildChannel(writer, admin, { name: "crew", members: [bob.uid, carol.uid] });
    expect(relatedGroups(await stream(bob)).find((g) => g.gid === crew)?.members).toEqual(expect.arrayContaining([bob.uid, carol.uid]));
    await ok(call(writer, "PUT", "/admin/system/common", admin, { ext_setting: JSON.stringify({ only_admin_can_see_channel_members: true }) }));
    expect(relatedGroups(await stream(bob)).find((g) => g.gid === crew)?.members).toEqual([bob.uid]);
    await ok(call(writer, "PUT", "/admin/system/common", admin, { ext_setting: JSON.stringify({}) }));
    expect(relatedGroups(await stream(bob)).find((g) => g.gid === crew)?.members).toEqual(expect.arrayContaining([bob.uid, carol.uid]));
  }, 60_000);

  it("messages: a resume gets what was sent meanwhile, and not what was deleted meanwhile", async () => {
    const { writer } = nodes();
    const lounge = await buildChannel(writer, admin, { name: "lounge", is_public: true });
    const first = await buildMessage(writer, admin, { gid: lounge }, "first");
    // Warms the tail of the reading node.
    expect(chatMids(await stream(bob, { after_mid: first - 1 }))).toContain(first);
    const dm = await buildMessage(writer, admin, { uid: bob.uid }, "for bob");
    const second = await buildMessage(writer, admin, { gid: lounge }, "second");
    const resumed = chatMids(await stream(bob, { after_mid: first }));
    expect(resumed).toEqual(expect.arrayContaining([dm, second]));
    expect(resumed).not.toContain(first);
    await ok(call(writer, "DELETE", `/message/${second}`, admin));
    const afterDelete = await stream(bob, { after_mid: first });
    expect(chatMids(afterDelete)).not.toContain(second);
    expect(afterDelete.raw).not.toContain('"second"');
    // The delete itself is replayed (a reaction naming the message).
    expect(afterDelete.events.filter(isType("chat")).some((e) => e.detail.type === "reaction" && e.detail.mid === second)).toBe(true);
  }, 60_000);

  it("users and settings: a new member reaches a resume's users_log, a new mute its user_settings", async () => {
    const { writer } = nodes();
    const version = (await stream(bob)).events.find(isType("users_snapshot"))?.version;
    expect(version).toBeGreaterThan(0);
    expect((await stream(bob, { users_version: Number(version) })).events.some((e) => e.type === "users_log")).toBe(false);
    const dora = await buildMember(writer, admin, "Dora");
    const log = (await stream(bob, { users_version: Number(version) })).events.find(isType("users_log"));
    expect(log?.logs.map((l) => l.uid)).toContain(dora.uid);

    await ok(call(writer, "POST", "/user/mute", bob, { add_users: [{ uid: dora.uid }], add_groups: [], remove_users: [], remove_groups: [] }));
    const settings = (await stream(bob)).events.find(isType("user_settings"));
    expect(settings?.mute_users.map((m) => m.uid)).toEqual([dora.uid]);
  }, 60_000);

  it("devices: a device logged out elsewhere cannot stream here", async () => {
    const { writer, reader } = nodes();
    const phone = await buildDevice(writer, bob, "phone-to-go");
    await stream(phone);
    await ok(call(writer, "GET", "/token/logout", phone));
    const refused = await openEvents(reader.url, { "api-key": phone.token });
    open.push(refused);
    expect(refused.status).toBe(403);
  }, 60_000);
}

describe.each(dialects())("connect caches follow every change on one node (%s)", (dialect) => {
  const suite = useSuite(dialect, { per: "file", listen: true });
  cacheCases(() => ({ writer: suite.s, reader: suite.s }));
});

describe.skipIf(!clusterAvailable())("connect caches follow changes made on another node", () => {
  const { nodes } = useCluster(2);
  cacheCases(() => ({ writer: nodes[0], reader: nodes[1] }));

  it("drops everything it keeps when its Redis subscription breaks", async () => {
    const reader = nodes[1];
    const cache = connectCache(reader.ctx);
    const version = await cache.usersVersion.get();
    // A user_log row written without an event (as the command-line tools on a node without Redis).
    await reader.ctx.db.insertInto("user_log").values({ uid: 1, action: "update", email: null, name: null, gender: null, language: null, is_admin: null, is_bot: null, avatar_updated_at: null, created_at: Date.now() }).execute();
    expect(await cache.usersVersion.get()).toBe(version);
    await cutSubscriptions(reader);
    await expect.poll(() => cache.usersVersion.get(), { timeout: 10_000 }).toBeGreaterThan(version);
  }, 30_000);
});
