import { afterEach, describe, expect, it, vi } from "vitest";
import { TYPING_INTERVAL_MS } from "../../commands/typing.js";
import type { SseClient } from "../../test/sse.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast, buildChannel, buildDevice } from "../../test/factories.js";
import { fence, marks, withoutNoise } from "../../test/events.js";
import { expectMatrix } from "../../test/matrix.js";

describe.each(dialects())("POST /api/user/typing (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const typing = (who: Session | null, target: unknown) =>
    suite.s.app.inject({ method: "POST", url: "/api/user/typing", headers: who?.headers ?? {}, payload: { target } as object });

  async function observe(all: SseClient[], action: () => Promise<void>) {
    const from = marks(all);
    await action();
    return (await fence(suite.s, all, from)).map(withoutNoise);
  }

  it("a DM notice reaches the peer's devices only; it is throttled to one per 2 s per conversation", async () => {
    const { s, seed: { admin, bob, carol } } = suite;
    const carolPhone = await buildDevice(s, carol);
    const bobPhone = await buildDevice(s, bob);
    const streams = await suite.connect(carol, carolPhone, bob, bobPhone, admin);
    const expected = { type: "typing", uid: carol.uid, target: { uid: bob.uid } };
    const seen = await observe(streams, async () => {
      const res = await typing(carol, { uid: bob.uid });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      // Within 2 s: accepted, not re-sent.
      expect((await typing(carol, { uid: bob.uid })).statusCode).toBe(200);
    });
    expect(seen).toEqual([[], [], [expected], [expected], []]);

    // Another conversation is throttled on its own; after the interval the same one sends again.
    const later = Date.now() + TYPING_INTERVAL_MS + 1;
    const again = await observe(streams, async () => {
      expect((await typing(carol, { uid: admin.uid })).statusCode).toBe(200);
      vi.spyOn(Date, "now").mockReturnValue(later);
      expect((await typing(carol, { uid: bob.uid })).statusCode).toBe(200);
    });
    expect(again).toEqual([[], [], [expected], [expected], [{ type: "typing", uid: carol.uid, target: { uid: admin.uid } }]]);
  });

  it("a channel notice reaches the other members (public: every stream) but never the sender", async () => {
    const { s, seed: { admin, bob, carol, guest } } = suite;
    const pub = await buildChannel(s, admin, { name: "general", is_public: true });
    const priv = await buildChannel(s, admin, { name: "staff", members: [bob.uid] });
    const bobPhone = await buildDevice(s, bob);
    const streams = await suite.connect(bob, bobPhone, admin, carol, guest);
    const inPrivate = await observe(streams, async () => {
      expect((await typing(bob, { gid: priv })).statusCode).toBe(200);
    });
    const privEvent = { type: "typing", uid: bob.uid, target: { gid: priv } };
    expect(inPrivate).toEqual([[], [], [privEvent], [], []]);

    const inPublic = await observe(streams, async () => {
      expect((await typing(bob, { gid: pub })).statusCode).toBe(200);
    });
    const pubEvent = { type: "typing", uid: bob.uid, target: { gid: pub } };
    expect(inPublic).toEqual([[], [], [pubEvent], [pubEvent], [pubEvent]]);
  });

  it("404 unknown targets, 403 channels the caller cannot post to, 400 malformed", async () => {
    const { s, seed: { admin, bob, carol, guest } } = suite;
    const priv = await buildChannel(s, admin, { name: "staff", members: [bob.uid] });
    const restricted = await buildChannel(s, admin, { name: "news", members: [bob.uid] });
    await s.ctx.db.updateTable("groups").set({ only_owner_can_send_msg: 1 }).where("gid", "=", restricted).execute();
    expect((await typing(bob, { uid: 999 })).statusCode).toBe(404);
    expect((await typing(bob, { uid: guest.uid })).statusCode).toBe(404);
    expect((await typing(bob, { gid: 999 })).statusCode).toBe(404);
    expect((await typing(carol, { gid: priv })).statusCode).toBe(404);
    expect((await typing(bob, { gid: restricted })).statusCode).toBe(403);
    expect((await typing(admin, { gid: restricted })).statusCode).toBe(200);
    for (const target of [{}, { uid: 1, gid: 1 }, { uid: "2" }, null, 3]) {
      expect((await typing(bob, target)).statusCode, JSON.stringify(target)).toBe(400);
    }
    // Writing to oneself: accepted, nobody to tell.
    expect((await typing(bob, { uid: bob.uid })).statusCode).toBe(200);
  });

  it("authorization: anonymous 401, guest 403, member, bot and admin 200", async () => {
    const { s, seed: cast } = suite;
    const pub = await buildChannel(s, cast.admin, { name: "general", is_public: true });
    await expectMatrix(cast, (who) => typing(who, { gid: pub }), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
  });
});
