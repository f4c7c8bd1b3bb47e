import { describe, expect, it } from "vitest";
import type { BotConversationPage, ChatMessage, UserInfo } from "@parley/protocol";
import { call, jsonOk } from "../../test/api.js";
import { makeKey, withKey } from "../../test/bots.js";
import { assertMatches } from "../../test/contract.js";
import { buildBot, buildCast, buildChannel, buildMessage } from "../../test/factories.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

/**
 * A bot with two DMs (Bob, Carol) and a private channel "ops", a private channel "team" it is not
 * in, and public chatter it takes no part in; the messages' mids in the order they were sent.
 */
async function buildBotChats(s: TestServer) {
  const cast = await buildCast(s);
  const { admin, bob, carol, bot } = cast;
  const quiet = await buildBot(s, "Quiet");
  const ops = await buildChannel(s, admin, { name: "ops", members: [bot.uid] });
  const team = await buildChannel(s, bob, { name: "team", members: [carol.uid] });
  const general = await buildChannel(s, admin, { name: "general", is_public: true });
  const bobDm = [await buildMessage(s, bob, { uid: bot.uid }, "hi bot"), await buildMessage(s, bot, { uid: bob.uid }, "hi Bob")];
  const opsMsgs = [await buildMessage(s, admin, { gid: ops }, "deploy?"), await buildMessage(s, bot, { gid: ops }, "deployed")];
  await buildMessage(s, bob, { gid: team }, "secret");
  await buildMessage(s, admin, { gid: general }, "hello all");
  const carolDm = [await buildMessage(s, carol, { uid: bot.uid }, "ping")];
  bobDm.push(await buildMessage(s, bob, { uid: bot.uid }, "thanks"));
  const key = await makeKey(s, admin, bot);
  return { ...cast, quiet, ops, team, general, bobDm, opsMsgs, carolDm, key };
}

describe.each(dialects())("admin bot viewer (%s)", (dialect) => {
  // Every test only reads: one server and one seed for the file.
  const suite = useSuite(dialect, { per: "file", seed: buildBotChats });
  const get = (who: Session | null, url: string) => call(suite.s, "GET", `/admin/bot_chat${url}`, who);
  const texts = (messages: ChatMessage[]) => messages.map((m) => (m.detail.type === "normal" ? m.detail.content : m.detail.type));

  it("lists every bot as UserInfo, uid ascending", async () => {
    const { admin, bot, quiet } = suite.seed;
    const bots = jsonOk<UserInfo[]>(await get(admin, "/bots"));
    expect(bots.map((b) => [b.uid, b.name, b.is_bot])).toEqual([
      [bot.uid, bot.login.user.name, true],
      [quiet.uid, "Quiet", true],
    ]);
    for (const b of bots) assertMatches("UserInfo", b);
  });

  it("lists a bot's DMs and the channels it is in, the most recently active first, and pages them", async () => {
    const { admin, bob, carol, bot, ops, bobDm, opsMsgs, carolDm } = suite.seed;
    const page = jsonOk<BotConversationPage>(await get(admin, `/${bot.uid}/conversations`));
    expect(page).toEqual({
      conversations: [
        { target: { uid: bob.uid }, last_mid: bobDm[2], last_created_at: expect.any(Number) },
        { target: { uid: carol.uid }, last_mid: carolDm[0], last_created_at: expect.any(Number) },
        { target: { gid: ops }, last_mid: opsMsgs[1], last_created_at: expect.any(Number) },
      ],
      next_before: null,
    });
    const last = (await suite.s.ctx.repos.messages.byId(bobDm[2]))!;
    expect(page.conversations[0].last_created_at).toBe(last.created_at);

    const first = jsonOk<BotConversationPage>(await get(admin, `/${bot.uid}/conversations?limit=2`));
    expect(first.conversations.map((c) => c.target)).toEqual([{ uid: bob.uid }, { uid: carol.uid }]);
    expect(first.next_before).toBe(carolDm[0]);
    const second = jsonOk<BotConversationPage>(await get(admin, `/${bot.uid}/conversations?limit=2&before=${first.next_before}`));
    expect(second).toEqual({ conversations: [page.conversations[2]], next_before: null });
  });

  it("a bot with no messages has no conversations", async () => {
    const { admin, quiet } = suite.seed;
    expect(jsonOk(await get(admin, `/${quiet.uid}/conversations`))).toEqual({ conversations: [], next_before: null });
  });

  it("reads a DM's history oldest first, paged with before and limit", async () => {
    const { admin, bob, bot, bobDm } = suite.seed;
    const all = jsonOk<ChatMessage[]>(await get(admin, `/${bot.uid}/user/${bob.uid}/history`));
    expect(all.map((m) => m.mid)).toEqual(bobDm);
    expect(texts(all)).toEqual(["hi bot", "hi Bob", "thanks"]);
    expect(all[1]).toMatchObject({ from_uid: bot.uid, target: { uid: bob.uid } });
    for (const m of all) assertMatches("ChatMessage", m);

    const newest = jsonOk<ChatMessage[]>(await get(admin, `/${bot.uid}/user/${bob.uid}/history?limit=2`));
    expect(newest.map((m) => m.mid)).toEqual(bobDm.slice(1));
    const older = jsonOk<ChatMessage[]>(await get(admin, `/${bot.uid}/user/${bob.uid}/history?limit=2&before=${newest[0].mid}`));
    expect(older.map((m) => m.mid)).toEqual(bobDm.slice(0, 1));
  });

  it("reads a channel's history oldest first, paged, and only of a channel the bot can read", async () => {
    const { admin, bot, ops, general, opsMsgs } = suite.seed;
    const all = jsonOk<ChatMessage[]>(await get(admin, `/${bot.uid}/group/${ops}/history`));
    expect(texts(all)).toEqual(["deploy?", "deployed"]);
    expect(all.map((m) => m.mid)).toEqual(opsMsgs);
    for (const m of all) assertMatches("ChatMessage", m);
    const older = jsonOk<ChatMessage[]>(await get(admin, `/${bot.uid}/group/${ops}/history?limit=1&before=${opsMsgs[1]}`));
    expect(texts(older)).toEqual(["deploy?"]);
    // A public channel is readable by every bot, though not among its conversations.
    expect(texts(jsonOk<ChatMessage[]>(await get(admin, `/${bot.uid}/group/${general}/history`)))).toEqual(["hello all"]);
  });

  it("answers 404 for an unknown uid or a person as the bot, and a channel the bot cannot read; 400 a bad query", async () => {
    const { admin, bob, bot, team, ops } = suite.seed;
    await expectStatuses({
      "conversations, unknown": [() => get(admin, "/999999/conversations"), 404],
      "conversations, a person": [() => get(admin, `/${bob.uid}/conversations`), 404],
      "DM, unknown": [() => get(admin, `/999999/user/${bob.uid}/history`), 404],
      "DM, a person": [() => get(admin, `/${bob.uid}/user/${bot.uid}/history`), 404],
      "channel, unknown bot": [() => get(admin, `/999999/group/${ops}/history`), 404],
      "channel, a person": [() => get(admin, `/${bob.uid}/group/${ops}/history`), 404],
      "channel, unknown": [() => get(admin, `/${bot.uid}/group/999999/history`), 404],
      "channel, private without the bot": [() => get(admin, `/${bot.uid}/group/${team}/history`), 404],
      "limit 0": [() => get(admin, `/${bot.uid}/conversations?limit=0`), 400],
      "bad before": [() => get(admin, `/${bot.uid}/conversations?before=x`), 400],
    });
  });

  type Caller = "anonymous" | "member" | "bot key" | "bot session" | "admin";
  const callerOf = (role: Caller): Session | null => {
    const { admin, bob, bot, key } = suite.seed;
    return { anonymous: null, member: bob, "bot key": withKey(bot, key), "bot session": bot, admin }[role];
  };
  it.each<[Caller, number]>([
    ["anonymous", 401],
    ["member", 403],
    ["bot key", 401],
    ["bot session", 403],
    ["admin", 200],
  ])("who may call: %s gets %i on every route", async (role, status) => {
    const { bob, bot, ops } = suite.seed;
    const who = callerOf(role);
    await expectStatuses({
      bots: [() => get(who, "/bots"), status],
      conversations: [() => get(who, `/${bot.uid}/conversations`), status],
      "DM history": [() => get(who, `/${bot.uid}/user/${bob.uid}/history`), status],
      "channel history": [() => get(who, `/${bot.uid}/group/${ops}/history`), status],
    });
  });
});
