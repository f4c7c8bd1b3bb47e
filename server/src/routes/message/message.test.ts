import { describe, expect, it } from "vitest";
import { QUICK_REACTIONS, type ChatMessage, type EventOf, type ServerEvent } from "@parley/protocol";
import type { SseClient } from "../../test/sse.js";
import { sendFile, uploadFile } from "../../test/uploads.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildChatSetup, buildMessage, buildMessageKinds } from "../../test/factories.js";
import { call, messageApi, midOf, type Reply } from "../../test/api.js";
import { expectChatDelivery, expectChatEvent, marks } from "../../test/events.js";
import { expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("message operations (%s)", (dialect) => {
  // Bob and Carol in a private "team" (Bob owns it; the admin is not in it) and a public "general":
  // one server, and people and channels of their own for each test (Bob1, Bob2…).
  let casts = 0;
  const suite = useSuite(dialect, { per: "file", seedEach: true, listen: true, seed: (s) => buildChatSetup(s, { tag: String(++casts) }) });
  const api = messageApi(suite);
  const mids = (list: ChatMessage[]) => list.map((m) => m.mid);

  /**
   * Opens the streams of Bob, Carol and the admin; the answer waits until Bob and Carol got the
   * chat event of a mid and returns it, and checks that the admin (in neither their DM nor "team") never did.
   */
  async function deliveredToBobAndCarol() {
    const { admin, bob, carol, fence } = suite.seed;
    const [b, c, a] = await suite.connect(bob, carol, admin);
    return (mid: number) => expectChatDelivery(mid, [b, c], [a], fence);
  }

  /**
   * A DM of Bob to Carol, a message in the private channel and one in "general" with Carol's like:
   * the refusals of a like and a reply on them, shared: an unknown message, a reaction, a DM or a
   * private channel the admin is not in, a guest, anonymous.
   */
  async function readRefusals(operate: (who: Session | null, mid: number) => Promise<Reply>) {
    const { s, seed } = suite;
    const { admin, bob, carol, guest } = seed;
    const { dm, priv, pub, like } = await buildMessageKinds(s, seed, carol);
    await expectStatuses({
      "unknown message": [() => operate(bob, 999_999), 404],
      "a reaction": [() => operate(bob, like), 403],
      "a DM of others": [() => operate(admin, dm), 403],
      "a private channel of others": [() => operate(admin, priv), 403],
      guest: [() => operate(guest, pub), 403],
      anonymous: [() => operate(null, pub), 401],
    });
    return pub;
  }

  describe("PUT /api/message/{mid}/edit", () => {
    it("answers a new mid; both DM parties get reaction{edit}; history shows the original, then the edit", async () => {
      const { s, seed: { bob, carol } } = suite;
      const delivered = await deliveredToBobAndCarol();
      const original = await buildMessage(s, bob, { uid: carol.uid }, "hello");
      const mid = midOf(await api.edit(bob, original, "hello again", "text/plain", { mentions: [] }));
      expect(mid).toBeGreaterThan(original);
      const event = await delivered(mid);
      expectChatEvent(event, {
        mid,
        from_uid: bob.uid,
        target: { uid: carol.uid },
        detail: {
          type: "reaction",
          mid: original,
          detail: { type: "edit", properties: { mentions: [] }, content_type: "text/plain", content: "hello again" },
        },
      });
      const history = await api.history(carol, `user/${bob.uid}`);
      expect(mids(history)).toEqual([original, mid]);
      expect(history[0].detail).toEqual({ type: "normal", properties: null, content_type: "text/plain", content: "hello", expires_in: null });
      expect(history[1]).toEqual({ ...event, type: undefined });
    });

    it("edits into markdown, in a private channel only its members hear it", async () => {
      const { s, seed: { carol, team } } = suite;
      const delivered = await deliveredToBobAndCarol();
      const original = await buildMessage(s, carol, { gid: team }, "plan");
      const mid = midOf(await api.edit(carol, original, "**plan**", "text/markdown"));
      const event = await delivered(mid);
      expect(event).toMatchObject({
        from_uid: carol.uid,
        target: { gid: team },
        detail: { type: "reaction", mid: original, detail: { type: "edit", properties: null, content_type: "text/markdown", content: "**plan**" } },
      });
    });

    it("a reply can be edited; a public-channel edit reaches every stream, guests included", async () => {
      const { s, seed: { admin, bob, carol, guest, general, fence } } = suite;
      const [b, c, a, g] = await suite.connect(bob, carol, admin, guest);
      const original = await buildMessage(s, bob, { gid: general }, "q?");
      const reply = midOf(await api.reply(carol, original, "a!"));
      const mid = midOf(await api.edit(carol, reply, "a!!"));
      const event = await expectChatDelivery(mid, [b, c, a, g], [], fence);
      expect(event).toMatchObject({ from_uid: carol.uid, target: { gid: general }, detail: { mid: reply, detail: { type: "edit", content: "a!!" } } });
    });

    it("404 unknown, 403 not the sender (admins included) or not a normal/reply message, 403 after leaving the channel", async () => {
      const { s, seed: { admin, bob, carol, team } } = suite;
      const original = await buildMessage(s, bob, { gid: team }, "mine");
      const like = midOf(await api.like(bob, original, "👍"));
      await expectStatuses({
        "unknown message": [() => api.edit(bob, 999_999, "x"), 404],
        "not the sender": [() => api.edit(carol, original, "x"), 403],
        "an admin, not the sender": [() => api.edit(admin, original, "x"), 403],
        "a reaction": [() => api.edit(bob, like, "x"), 403],
      });
      const carols = await buildMessage(s, carol, { gid: team }, "bye");
      await s.ctx.db.deleteFrom("group_members").where("gid", "=", team).where("uid", "=", carol.uid).execute();
      expect((await api.edit(carol, carols, "x")).statusCode).toBe(403);
    });

    it("400 bad id or empty body, 415 unsupported type, 400 unknown archive; nothing is stored", async () => {
      const { s, seed: { bob, carol } } = suite;
      const original = await buildMessage(s, bob, { uid: carol.uid }, "hello");
      const count = async () => (await s.ctx.db.selectFrom("messages").select("mid").execute()).length;
      const before = await count();
      await expectStatuses({
        "a mid that is no number": [() => api.edit(bob, "abc", "x"), 400],
        "mid 0": [() => api.edit(bob, 0, "x"), 400],
        "an empty body": [() => api.edit(bob, original, ""), 400],
        "an unsupported type": [() => api.edit(bob, original, "x", "image/png"), 415],
        "an unknown archive": [() => api.edit(bob, original, "2024/1/1/nope", "vocechat/archive"), 400],
      });
      expect(await count()).toBe(before);
    });

    it("401 anonymous, 403 guest; a bot edits its own message", async () => {
      const { s, seed: { guest, bot, general } } = suite;
      const original = await buildMessage(s, bot, { gid: general }, "beep");
      expect((await api.edit(null, original, "x")).statusCode).toBe(401);
      expect((await api.edit(guest, original, "x")).statusCode).toBe(403);
      midOf(await api.edit(bot, original, "boop"));
    });
  });

  describe("pinned messages follow edits and deletes", () => {
    it("an edit updates the pin (pinned_message_updated with the new content); a delete drops it (msg null)", async () => {
      const { s, seed: { admin, bob, carol, team, fence } } = suite;
      const original = await buildMessage(s, carol, { gid: team }, "agenda");
      const pin = await s.app.inject({ method: "POST", url: `/api/group/${team}/pin`, headers: bob.headers, payload: { mid: original } });
      expect(pin.statusCode).toBe(200);
      const [b, c, a] = await suite.connect(bob, carol, admin);
      const isPin = (e: ServerEvent) => e.type === "pinned_message_updated" && e.mid === original;
      midOf(await api.edit(carol, original, "agenda v2", "text/markdown"));
      const updated = await Promise.all([b, c].map((x) => x.waitFor<EventOf<"pinned_message_updated">>(isPin)));
      expect(updated[0]).toEqual(updated[1]);
      expect(updated[0]).toEqual({
        type: "pinned_message_updated",
        gid: team,
        mid: original,
        msg: { mid: original, created_by: bob.uid, created_at: expect.any(Number), properties: null, content_type: "text/markdown", content: "agenda v2" },
      });
      const from = b.events.length;
      midOf(await api.remove(carol, original));
      const dropped = await b.waitFor<EventOf<"pinned_message_updated">>(isPin, 5_000, from);
      expect(dropped).toEqual({ type: "pinned_message_updated", gid: team, mid: original, msg: null });
      await fence().then((f) => a.waitFor((e) => e.type === "chat" && e.mid === f));
      expect(a.events.some(isPin)).toBe(false);
      const group = (await s.app.inject({ method: "GET", url: `/api/group/${team}`, headers: bob.headers })).json() as { pinned_messages: unknown[] };
      expect(group.pinned_messages).toEqual([]);
    });
  });

  describe("PUT /api/message/{mid}/like", () => {
    it("a like in a DM targets the other party; every quick reaction is accepted; repeats are new messages", async () => {
      const { s, seed: { admin, bob, carol, fence } } = suite;
      const [b, c, a] = await suite.connect(bob, carol, admin);
      const original = await buildMessage(s, bob, { uid: carol.uid }, "hi");
      const mid = midOf(await api.like(carol, original, "❤️"));
      const event = await expectChatDelivery(mid, [b, c], [a], fence);
      expectChatEvent(event, {
        mid,
        from_uid: carol.uid,
        target: { uid: bob.uid },
        detail: { type: "reaction", mid: original, detail: { type: "like", action: "❤️" } },
      });
      const own = midOf(await api.like(bob, original, "🚀"));
      expect((await expectChatDelivery(own, [b, c], [a], fence)).target).toEqual({ uid: carol.uid });

      const all = [];
      for (const action of QUICK_REACTIONS) all.push(midOf(await api.like(carol, original, action)));
      // The server does not toggle: the same like again is one more reaction message (docs/API.md "Messages":
      // the client counts a second identical like from the same user as its removal).
      const again = midOf(await api.like(carol, original, "❤️"));
      expect(new Set([mid, own, ...all, again]).size).toBe(QUICK_REACTIONS.length + 3);
      const history = await api.history(bob, `user/${carol.uid}`);
      expect(mids(history)).toEqual([original, mid, own, ...all, again]);
    });

    it("in a group the like targets the group; a bot may like", async () => {
      const { s, seed: { bob, carol, bot, general, team } } = suite;
      const delivered = await deliveredToBobAndCarol();
      const original = await buildMessage(s, carol, { gid: team }, "ship it");
      const mid = midOf(await api.like(bob, original, "🎉"));
      const event = await delivered(mid);
      expect(event).toMatchObject({ from_uid: bob.uid, target: { gid: team }, detail: { mid: original, detail: { type: "like", action: "🎉" } } });
      const pub = await buildMessage(s, bob, { gid: general }, "pub");
      midOf(await api.like(bot, pub, "👍"));
    });

    it("400 for any other action or a malformed body", async () => {
      const { s, seed: { bob, general } } = suite;
      const original = await buildMessage(s, bob, { gid: general }, "hi");
      for (const action of ["😀", "", "❤", "like", 1, null, "👍👍"]) {
        expect((await api.like(bob, original, action)).statusCode, String(action)).toBe(400);
      }
      const res = await s.app.inject({
        method: "PUT",
        url: `/api/message/${original}/like`,
        headers: { ...bob.headers, "content-type": "application/json" },
        payload: "{",
      });
      expect(res.statusCode).toBe(400);
    });

    it("404 unknown; 403 reaction target, non-party DM, non-member private channel, guest; 401 anonymous", async () => {
      const { admin } = suite.seed;
      const pub = await readRefusals((who, mid) => api.like(who, mid, "👍"));
      midOf(await api.like(admin, pub, "👀"));
    });
  });

  describe("DELETE /api/message/{mid}", () => {
    it("the sender deletes: reaction{delete} to the conversation; the content is gone from history, the backlog and the edits", async () => {
      const { s, seed: { admin, bob, carol, fence } } = suite;
      const [b, c, a] = await suite.connect(bob, carol, admin);
      const original = await buildMessage(s, bob, { uid: carol.uid }, "secret plan");
      const edit = midOf(await api.edit(bob, original, "secret plan v2"));
      const like = midOf(await api.like(carol, original, "👍"));
      const reply = midOf(await api.reply(carol, original, "ok"));
      const mid = midOf(await api.remove(bob, original));
      const event = await expectChatDelivery(mid, [b, c], [a], fence);
      expectChatEvent(event, {
        mid,
        from_uid: bob.uid,
        target: { uid: carol.uid },
        detail: { type: "reaction", mid: original, detail: { type: "delete" } },
      });
      // Parley removes the message with its edits and likes; replies are messages of their own.
      const history = await api.history(carol, `user/${bob.uid}`);
      expect(mids(history)).toEqual([reply, mid]);
      expect(JSON.stringify(history)).not.toContain("secret plan");
      expect(await s.ctx.repos.messages.byId(edit)).toBeUndefined();
      expect(await s.ctx.repos.messages.byId(like)).toBeUndefined();
      const [again] = await suite.connect(carol);
      const backlog = again.events.filter((e): e is EventOf<"chat"> => e.type === "chat" && "uid" in e.target).map((e) => e.mid);
      expect(backlog).toEqual([reply, mid]);
      expect(JSON.stringify(again.events)).not.toContain("secret plan");
      // It is gone: every operation on it is a 404 now.
      expect((await api.remove(bob, original)).statusCode).toBe(404);
      expect((await api.edit(bob, original, "x")).statusCode).toBe(404);
      expect((await api.like(carol, original, "👍")).statusCode).toBe(404);
      expect((await api.reply(carol, original, "x")).statusCode).toBe(404);
    });

    it("an admin deletes anyone's message, in channels they are not in and in others' DMs", async () => {
      const { s, seed: { admin, bob, carol, team, fence } } = suite;
      const [b, c, a] = await suite.connect(bob, carol, admin);
      const priv = await buildMessage(s, carol, { gid: team }, "in team");
      const mid = midOf(await api.remove(admin, priv));
      const event = await expectChatDelivery(mid, [b, c], [a], fence);
      expect(event).toMatchObject({ from_uid: admin.uid, target: { gid: team }, detail: { mid: priv, detail: { type: "delete" } } });
      const dm = await buildMessage(s, bob, { uid: carol.uid }, "dm");
      const dmDelete = midOf(await api.remove(admin, dm));
      // VoceChat's rule: an outsider's reaction in a DM names the original's recipient.
      const dmEvent = await expectChatDelivery(dmDelete, [b, c], [a], fence);
      expect(dmEvent).toMatchObject({ from_uid: admin.uid, target: { uid: carol.uid }, detail: { mid: dm, detail: { type: "delete" } } });
    });

    it("answers right after a user change (the webhook bots are read before the delete's transaction)", async () => {
      const { s, seed: { bob, carol } } = suite;
      const mid = await buildMessage(s, bob, { uid: carol.uid }, "to delete");
      // What a users_log does: the next read of the bots with a webhook goes to the database,
      // which on SQLite's one connection waited for the delete's open transaction for ever.
      s.ctx.webhooks.bots.invalidate();
      const deleted = await api.remove(bob, mid);
      expect(deleted.statusCode).toBe(200);
    }, 10_000);

    it("403 for others' messages and reactions, guests; 401 anonymous; 404 unknown; a bot deletes its own", async () => {
      const { s, seed: { bob, carol, guest, bot, general } } = suite;
      const pub = await buildMessage(s, bob, { gid: general }, "hi");
      const like = midOf(await api.like(bob, pub, "👍"));
      await expectStatuses({
        "someone else's message": [() => api.remove(carol, pub), 403],
        "a reaction": [() => api.remove(bob, like), 403],
        guest: [() => api.remove(guest, pub), 403],
        anonymous: [() => api.remove(null, pub), 401],
        "unknown message": [() => api.remove(bob, 999_999), 404],
        "a malformed mid": [() => api.remove(bob, "x1"), 400],
      });
      const beep = await buildMessage(s, bot, { gid: general }, "beep");
      midOf(await api.remove(bot, beep));
    });
  });

  describe("DELETE /api/message/bulk/{mids}", () => {
    it("deletes every listed message, each with its own delete reaction, and answers the count", async () => {
      const { s, seed: { admin, bob, carol, general, team, fence } } = suite;
      const [b, c, a] = await suite.connect(bob, carol, admin);
      // What the streams got from here on (their connect sequences replay earlier tests' public channels).
      const [fromB, fromC, fromA] = marks([b, c, a]);
      const m1 = await buildMessage(s, bob, { uid: carol.uid }, "one");
      const m2 = await buildMessage(s, bob, { gid: team }, "two");
      const m3 = await buildMessage(s, bob, { gid: general }, "three");
      const res = await api.bulk(bob, `${m3},${m1},${m2},${m1}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.body).toBe("3");
      const from = new Map([[b, fromB], [c, fromC], [a, fromA]]);
      const deletes = (c: SseClient) =>
        c.events.slice(from.get(c)).filter((e): e is EventOf<"chat"> => e.type === "chat" && e.detail.type === "reaction" && e.detail.detail.type === "delete");
      await c.waitFor((e) => e.type === "chat" && e.detail.type === "reaction" && e.detail.mid === m3);
      await a.waitFor((e) => e.type === "chat" && e.detail.type === "reaction" && e.detail.mid === m3);
      await fence().then((f) => Promise.all([a, b, c].map((x) => x.waitFor((e) => e.type === "chat" && e.mid === f))));
      const targetsOf = (x: SseClient) => deletes(x).map((e) => (e.detail.type === "reaction" ? e.detail.mid : 0));
      expect(targetsOf(b)).toEqual([m1, m2, m3]);
      expect(targetsOf(c)).toEqual([m1, m2, m3]);
      expect(targetsOf(a)).toEqual([m3]);
      expect(await s.ctx.repos.messages.byId(m1)).toBeUndefined();
      expect(await s.ctx.repos.messages.byId(m2)).toBeUndefined();
    });

    it("all or nothing: one unknown mid is a 404, one foreign mid a 403, and nothing is deleted", async () => {
      const { s, seed: { admin, bob, carol, general } } = suite;
      const mine = await buildMessage(s, bob, { gid: general }, "mine");
      const theirs = await buildMessage(s, carol, { gid: general }, "theirs");
      expect((await api.bulk(bob, `${mine},999999`)).statusCode).toBe(404);
      expect((await api.bulk(bob, `${mine},${theirs}`)).statusCode).toBe(403);
      expect(await s.ctx.repos.messages.byId(mine)).toBeDefined();
      expect((await api.bulk(admin, `${mine},${theirs}`)).body).toBe("2");
    });

    it("takes long lists (beyond the router's 100-character parameter cap)", async () => {
      const { s, seed: { bob, general } } = suite;
      const list = [];
      for (let i = 0; i < 40; i++) list.push(await buildMessage(s, bob, { gid: general }, `m${i}`));
      const res = await api.bulk(bob, list.join(","));
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("40");
    });

    it("400 for a malformed list; 401 anonymous; 403 guest", async () => {
      const { s, seed: { bob, guest, general } } = suite;
      const mine = await buildMessage(s, bob, { gid: general }, "mine");
      for (const list of [",", `${mine},`, `,${mine}`, `${mine},,${mine}`, "a", `${mine};${mine}`, "0", Array(501).fill(mine).join(",")]) {
        expect((await api.bulk(bob, encodeURIComponent(list))).statusCode, list.slice(0, 20)).toBe(400);
      }
      expect((await api.bulk(null, String(mine))).statusCode).toBe(401);
      expect((await api.bulk(guest, String(mine))).statusCode).toBe(403);
      // A percent-encoded comma is a comma.
      expect((await api.bulk(bob, `${mine}%2C${mine}`)).body).toBe("1");
    });
  });

  describe("POST /api/message/{mid}/reply", () => {
    it("a DM reply targets the other party, with the original's mid, properties and content", async () => {
      const { s, seed: { bob, carol } } = suite;
      const delivered = await deliveredToBobAndCarol();
      const original = await buildMessage(s, bob, { uid: carol.uid }, "lunch?");
      const mid = midOf(await api.reply(carol, original, "yes", "text/plain", { mentions: [bob.uid], local_id: 1 }));
      const event = await delivered(mid);
      expectChatEvent(event, {
        mid,
        from_uid: carol.uid,
        target: { uid: bob.uid },
        detail: { type: "reply", mid: original, properties: { mentions: [bob.uid], local_id: 1 }, content_type: "text/plain", content: "yes" },
      });
      const own = midOf(await api.reply(bob, original, "**12:00**", "text/markdown"));
      const ownEvent = await delivered(own);
      expect(ownEvent).toMatchObject({ target: { uid: carol.uid }, detail: { type: "reply", mid: original, content_type: "text/markdown" } });
      // Replies can be replied to; history holds them all.
      const nested = midOf(await api.reply(carol, mid, "see above"));
      expect(mids(await api.history(bob, `user/${carol.uid}`))).toEqual([original, mid, own, nested]);
    });

    it("a channel reply goes to the channel's audience", async () => {
      const { s, seed: { bob, carol, team } } = suite;
      const delivered = await deliveredToBobAndCarol();
      const original = await buildMessage(s, bob, { gid: team }, "standup?");
      const mid = midOf(await api.reply(carol, original, "now"));
      const event = await delivered(mid);
      expect(event).toMatchObject({ from_uid: carol.uid, target: { gid: team }, detail: { type: "reply", mid: original, content: "now", properties: null } });
    });

    it("a reply can carry a file: {path} with vocechat/file (or audio), the upload's name, type and size, in a DM or a channel", async () => {
      const { s, seed: { admin, bob, carol, team, fence } } = suite;
      const [b, c, a] = await suite.connect(bob, carol, admin);
      const original = await buildMessage(s, bob, { uid: carol.uid }, "can you send the deck?");
      const deck = await uploadFile(s, carol, Buffer.from("%PDF-1.4 deck"), { filename: "deck.pdf", content_type: "application/pdf" });
      const mid = midOf(await sendFile(s, carol, `/message/${original}/reply`, JSON.stringify({ path: deck.path }), { local_id: 5, name: "spoofed.exe" }));
      const event = await expectChatDelivery(mid, [b, c], [a], fence);
      expectChatEvent(event, {
        mid,
        from_uid: carol.uid,
        target: { uid: bob.uid },
        detail: {
          type: "reply",
          mid: original,
          content_type: "vocechat/file",
          content: deck.path,
          properties: { local_id: 5, name: "deck.pdf", content_type: "application/pdf", size: 13 },
        },
      });
      expect((await api.history(bob, `user/${carol.uid}`)).at(-1)?.detail).toEqual(event.detail);

      // In a channel, to its audience; a voice note is a file reply too.
      const question = await buildMessage(s, bob, { gid: team }, "status?");
      const voice = await uploadFile(s, carol, Buffer.from("OggS...."), { filename: "status.ogg", content_type: "audio/ogg" });
      const audio = midOf(await sendFile(s, carol, `/message/${question}/reply`, JSON.stringify({ path: voice.path }), undefined, "vocechat/audio"));
      const audioEvent = await expectChatDelivery(audio, [b, c], [a], fence);
      expect(audioEvent.detail).toEqual({
        type: "reply",
        mid: question,
        content_type: "vocechat/audio",
        content: voice.path,
        properties: { name: "status.ogg", content_type: "audio/ogg", size: 8 },
      });
    });

    it("a file reply: 400 for a malformed or unknown path and nothing is stored; 403 guests and non-members; 401 anonymous; a bot may", async () => {
      const { s, seed: { admin, bob, carol, guest, bot, general, team } } = suite;
      const pub = await buildMessage(s, bob, { gid: general }, "pub");
      const priv = await buildMessage(s, bob, { gid: team }, "team");
      const file = await uploadFile(s, bob, Buffer.from("hello"), { filename: "hello.txt" });
      const body = JSON.stringify({ path: file.path });
      const before = await s.ctx.db.selectFrom("messages").select("mid").execute();
      for (const bad of ["not json", JSON.stringify({}), JSON.stringify({ path: 5 }), JSON.stringify({ path: "../../etc/passwd" }), JSON.stringify({ path: "2024/1/1/6f1c1c8e-8a4e-4c55-9d2e-2b7c1c9a0f00" })]) {
        expect((await sendFile(s, bob, `/message/${pub}/reply`, bad)).statusCode, bad).toBe(400);
      }
      await expectStatuses({
        "a private channel of others": [() => sendFile(s, admin, `/message/${priv}/reply`, body), 403],
        guest: [() => sendFile(s, guest, `/message/${pub}/reply`, body), 403],
        anonymous: [() => call(s, "POST", `/message/${pub}/reply`, null, body, { "content-type": "vocechat/file" }), 401],
        "unknown message": [() => sendFile(s, bob, `/message/999999/reply`, body), 404],
      });
      expect(await s.ctx.db.selectFrom("messages").select("mid").execute()).toEqual(before);
      midOf(await sendFile(s, bot, `/message/${pub}/reply`, body));
      midOf(await sendFile(s, carol, `/message/${priv}/reply`, body));
    });

    it("restricted channels: only the owner and admins reply", async () => {
      const { s, seed: { admin, bob, carol, general, team } } = suite;
      const pub = await buildMessage(s, bob, { gid: general }, "announcement");
      await s.ctx.db.updateTable("groups").set({ only_owner_can_send_msg: 1 }).where("gid", "in", [general, team]).execute();
      const res = await api.reply(bob, pub, "me too");
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe("only Channel owner can send message!");
      midOf(await api.reply(admin, pub, "admin may"));
      const priv = await buildMessage(s, bob, { gid: team }, "owner speaks");
      expect((await api.reply(carol, priv, "member")).statusCode).toBe(403);
      midOf(await api.reply(bob, priv, "owner replies"));
    });

    it("404 unknown; 403 to a reaction, outside the DM or channel, guests; 401 anonymous; 400/415 bodies; a bot replies", async () => {
      const { bob, bot } = suite.seed;
      const pub = await readRefusals((who, mid) => api.reply(who, mid, "x"));
      await expectStatuses({
        "an empty body": [() => api.reply(bob, pub, ""), 400],
        "an unsupported type": [() => api.reply(bob, pub, "x", "image/png"), 415],
        "an unknown archive": [() => api.reply(bob, pub, "no/such/archive", "vocechat/archive"), 400],
      });
      midOf(await api.reply(bot, pub, "beep"));
    });
  });
});
