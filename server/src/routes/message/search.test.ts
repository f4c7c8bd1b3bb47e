import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@parley/protocol";
import { assertMatches } from "../../test/contract.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildArchive, buildChatSetup, buildMessage } from "../../test/factories.js";
import { call, messageApi, midOf } from "../../test/api.js";
import { expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

/** `GET /api/message/search` (Parley): substring search over what the caller may read. */
describe.each(dialects())("GET /api/message/search (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildChatSetup });
  const api = messageApi(suite);

  const search = (who: Session | null, query: Record<string, string | number>) =>
    call(suite.s, "GET", `/message/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, who);
  const found = async (who: Session, query: Record<string, string | number>) => {
    const res = await search(who, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const list = res.json() as ChatMessage[];
    for (const m of list) assertMatches("ChatMessage", m);
    return list.map((m) => m.mid);
  };

  it("finds CJK text in every conversation the caller may read, newest first", async () => {
    const { s, seed: { admin, bob, carol, general, team } } = suite;
    const pub = await buildMessage(s, bob, { gid: general }, "明天在会议室开会");
    const priv = await buildMessage(s, carol, { gid: team }, "会议室已经订好了");
    const dm = await buildMessage(s, admin, { uid: bob.uid }, "三楼会议室B");
    const other = await buildMessage(s, admin, { uid: carol.uid }, "会议室的钥匙");
    await buildMessage(s, bob, { gid: general }, "没有关系的消息");
    expect(await found(bob, { keyword: "会议室" })).toEqual([dm, priv, pub]);
    expect(await found(carol, { keyword: "会议室" })).toEqual([other, priv, pub]);
    // Admins manage private channels but do not read them (policies/groups.ts).
    expect(await found(admin, { keyword: "会议室" })).toEqual([other, dm, pub]);
    // Two characters have no trigram: the search falls back to a plain substring scan.
    expect(await found(bob, { keyword: "会议" })).toEqual([dm, priv, pub]);
    expect(await found(bob, { keyword: "开会" })).toEqual([pub]);
  });

  it("finds Latin text case-insensitively; replies and markdown count, reactions and other kinds do not", async () => {
    const { s, seed: { bob, carol, general } } = suite;
    const plain = await buildMessage(s, bob, { gid: general }, "Quarterly Report is due");
    const md = midOf(await api.send(carol, `group/${general}/send`, "**quarterly report** draft", "text/markdown"));
    const reply = midOf(await api.reply(bob, md, "the REPORT looks good"));
    midOf(await api.like(carol, plain, "👍"));
    midOf(await api.send(bob, `group/${general}/send`, await buildArchive(s, bob, [plain]), "vocechat/archive"));
    expect(await found(bob, { keyword: "report" })).toEqual([reply, md, plain]);
    expect(await found(bob, { keyword: "QUARTERLY REPORT" })).toEqual([md, plain]);
    expect(await found(bob, { keyword: "re" })).toEqual([reply, md, plain]);
  });

  it("an edit changes what matches and what is shown; a delete removes the message", async () => {
    const { s, seed: { bob, carol, general } } = suite;
    const mid = await buildMessage(s, bob, { gid: general }, "会议室改到三楼");
    const gone = await buildMessage(s, bob, { gid: general }, "会议室取消了");
    expect(await found(carol, { keyword: "会议室" })).toEqual([gone, mid]);

    midOf(await api.edit(bob, mid, "改到明天下午", "text/plain", { edited: true }));
    expect(await found(carol, { keyword: "会议室" })).toEqual([gone]);
    const res = await search(carol, { keyword: "明天下午" });
    const [hit] = res.json() as ChatMessage[];
    expect(hit).toEqual({
      mid,
      from_uid: bob.uid,
      created_at: expect.any(Number),
      target: { gid: general },
      detail: { type: "normal", properties: { edited: true }, content_type: "text/plain", content: "改到明天下午", expires_in: null },
    });
    // Editing to an unsearchable kind takes it out of the index.
    const archive = await buildArchive(s, bob, [gone]);
    midOf(await api.edit(bob, mid, archive, "vocechat/archive"));
    expect(await found(carol, { keyword: "明天下午" })).toEqual([]);

    midOf(await api.remove(bob, gone));
    expect(await found(carol, { keyword: "会议室" })).toEqual([]);
    expect(await found(carol, { keyword: "取消" })).toEqual([]);
  });

  it("narrows to one channel or one DM; pages with an exclusive `before` and `limit`", async () => {
    const { s, seed: { admin, bob, carol, general, team } } = suite;
    const mids: number[] = [];
    for (let i = 0; i < 5; i++) mids.push(await buildMessage(s, bob, { gid: general }, `ping ${i}`));
    const inTeam = await buildMessage(s, bob, { gid: team }, "ping team");
    const inDm = await buildMessage(s, carol, { uid: bob.uid }, "ping dm");
    await buildMessage(s, admin, { uid: carol.uid }, "ping elsewhere");
    expect(await found(bob, { keyword: "ping", gid: team })).toEqual([inTeam]);
    expect(await found(bob, { keyword: "ping", uid: carol.uid })).toEqual([inDm]);
    expect(await found(carol, { keyword: "ping", uid: bob.uid })).toEqual([inDm]);
    expect(await found(bob, { keyword: "ping", gid: general, limit: 2 })).toEqual([mids[4], mids[3]]);
    expect(await found(bob, { keyword: "ping", gid: general, limit: 2, before: mids[3] })).toEqual([mids[2], mids[1]]);
    expect(await found(bob, { keyword: "ping", before: inTeam })).toEqual([...mids].reverse());
  });

  it("treats LIKE and FTS syntax in the keyword as plain text", async () => {
    const { s, seed: { bob, general } } = suite;
    const pct = await buildMessage(s, bob, { gid: general }, "up 100% today");
    await buildMessage(s, bob, { gid: general }, "up 1000 today");
    const quote = await buildMessage(s, bob, { gid: general }, 'he said "hi" OR bye');
    const under = await buildMessage(s, bob, { gid: general }, "a_b");
    await buildMessage(s, bob, { gid: general }, "axb");
    expect(await found(bob, { keyword: "100%" })).toEqual([pct]);
    expect(await found(bob, { keyword: '"hi" OR' })).toEqual([quote]);
    expect(await found(bob, { keyword: "a_b" })).toEqual([under]);
    expect(await found(bob, { keyword: "_" })).toEqual([under]);
    expect(await found(bob, { keyword: "*" })).toEqual([]);
  });

  it("every kind of caller: guests see public channels, bots their own reach; 401 anonymous", async () => {
    const { s, seed: { bob, guest, bot, general, team } } = suite;
    const pub = await buildMessage(s, bob, { gid: general }, "hello world");
    await buildMessage(s, bob, { gid: team }, "hello team");
    const toBot = await buildMessage(s, bob, { uid: bot.uid }, "hello bot");
    expect(await found(guest, { keyword: "hello" })).toEqual([pub]);
    expect(await found(bot, { keyword: "hello" })).toEqual([toBot, pub]);
    expect((await search(null, { keyword: "hello" })).statusCode).toBe(401);
  });

  it("400 bad queries, 404 unknown channel or user, 403 a private channel the caller is not in", async () => {
    const { admin, bob, carol, general, team } = suite.seed;
    const bad: Record<string, string | number>[] = [
      {},
      { keyword: "" },
      { keyword: "   " },
      { keyword: "x".repeat(201) },
      { keyword: "hi", gid: general, uid: carol.uid },
      { keyword: "hi", limit: 0 },
      { keyword: "hi", limit: 99999999 },
      { keyword: "hi", before: "abc" },
      { keyword: "hi", gid: "-1" },
      // NUL broke the SQLite FTS phrase and is not text to PostgreSQL: a 500 before (fuzzing probe).
      { keyword: "nul\u0000byte" },
    ];
    for (const query of bad) {
      expect((await search(bob, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    await expectStatuses({
      "unknown channel": [() => search(bob, { keyword: "hi", gid: 999 }), 404],
      "unknown user": [() => search(bob, { keyword: "hi", uid: 999 }), 404],
      "a private channel the admin is not in": [() => search(admin, { keyword: "hi", gid: team }), 403],
    });
    expect(await found(bob, { keyword: "hi", limit: 100 })).toEqual([]);
    // Above the largest page (100): that page, not a 400 (docs/API.md "Conventions").
    expect((await search(bob, { keyword: "hi", limit: 101 })).statusCode).toBe(200);
  });
});
