import { describe, expect, it } from "vitest";
import type { ChatMessage, Group, UserInfo } from "@parley/protocol";
import { call, jsonOk, messageApi, midOf } from "../../test/api.js";
import { makeKey, withKey } from "../../test/bots.js";
import { assertMatches } from "../../test/contract.js";
import { expectChatDelivery } from "../../test/events.js";
import { buildChannel, buildChatSetup, buildMessage } from "../../test/factories.js";
import { dialects, type Session, type TestServer } from "../../test/harness.js";
import { expectMatrix, expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";
import { multipart } from "../../test/uploads.js";

/** The chat setup, a private channel "bots" (Bob's, with Carol and the bot) and a key for the bot. */
async function buildBotSetup(s: TestServer, tag: string) {
  const setup = await buildChatSetup(s, { tag });
  const bots = await buildChannel(s, setup.bob, { name: `bots${tag}`, members: [setup.carol.uid, setup.bot.uid] });
  const key = await makeKey(s, setup.admin, setup.bot);
  return { ...setup, bots, key, asBot: withKey(setup.bot, key) };
}

const props = (p: object) => ({ "x-properties": Buffer.from(JSON.stringify(p)).toString("base64") });

describe.each(dialects())("bot routes (%s)", (dialect) => {
  // One server; each test has people of its own (Bob1, Robot1…), since tests change settings and flags.
  let casts = 0;
  const suite = useSuite(dialect, { per: "file", seedEach: true, seed: (s) => buildBotSetup(s, String(++casts)) });
  const api = messageApi(suite);
  const send = (who: Session | null, path: string, body: string, type = "text/plain", headers: Record<string, string> = {}) =>
    call(suite.s, "POST", path, who, body, { "content-type": type, ...headers });
  const settings = async (patch: Record<string, unknown>) => {
    const res = await call(suite.s, "PUT", "/admin/system/common", suite.seed.admin, patch);
    expect(res.statusCode, res.body).toBe(200);
  };
  const makePublic = (uid: number) => suite.s.ctx.db.updateTable("users").set({ is_public: 1 }).where("uid", "=", uid).execute();

  it("GET /bot: the channels the bot is in (public ones and its private ones), public_only the public ones", async () => {
    const { general, team, bots, asBot } = suite.seed;
    const groups = jsonOk<Group[]>(await call(suite.s, "GET", "/bot", asBot));
    for (const g of groups) assertMatches("Group", g);
    const gids = groups.map((g) => g.gid);
    expect(gids).toContain(general);
    expect(gids).toContain(bots);
    expect(gids).not.toContain(team);
    const pub = jsonOk<Group[]>(await call(suite.s, "GET", "/bot?public_only=true", asBot));
    expect(pub.every((g) => g.is_public)).toBe(true);
    expect(pub.map((g) => g.gid)).toContain(general);
  });

  it("send_to_group: every content kind and X-Properties, delivered to the channel's streams like a person's message", async () => {
    const { s, seed: { bob, carol, otto, bots, asBot, bot, general } } = suite;
    const [b, c, o] = await suite.connect(bob, carol, otto);
    const mid = midOf(await send(asBot, `/bot/send_to_group/${bots}`, `hello @${bob.uid} `, "text/plain", props({ mentions: [bob.uid] })));
    const event = await expectChatDelivery(mid, [b, c], [o], () => buildMessage(s, bob, { gid: general }, "fence"));
    expect(event).toMatchObject({ from_uid: bot.uid, target: { gid: bots }, detail: { type: "normal", content_type: "text/plain", content: `hello @${bob.uid} `, properties: { mentions: [bob.uid] } } });
    midOf(await send(asBot, `/bot/send_to_group/${bots}`, "**bold**", "text/markdown"));
    const history = await api.history(carol, `group/${bots}`);
    expect(history.slice(-2).map((m) => m.detail)).toMatchObject([{ content_type: "text/plain" }, { content_type: "text/markdown", content: "**bold**" }]);
  });

  it("file/prepare and file/upload, then a vocechat/file send: the same upload and file message as a person's", async () => {
    const { s, seed: { carol, bots, asBot } } = suite;
    const fileId = jsonOk<string>(await call(s, "POST", "/bot/file/prepare", asBot, { content_type: "text/plain", filename: "report.txt" }));
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    const { payload, headers } = multipart([["file_id", fileId], ["chunk_data", Buffer.from("report body")], ["chunk_is_last", "true"]]);
    const upload = await s.app.inject({ method: "POST", url: "/api/bot/file/upload", headers: { ...asBot.headers, ...headers }, payload });
    const file = jsonOk<{ path: string; size: number; hash: string; image_properties: null }>(upload);
    expect(file).toMatchObject({ size: 11, image_properties: null });
    const mid = midOf(await send(asBot, `/bot/send_to_group/${bots}`, JSON.stringify({ path: file.path }), "vocechat/file"));
    const sent = (await api.history(carol, `group/${bots}`)).find((m) => m.mid === mid) as ChatMessage;
    expect(sent.detail).toMatchObject({ content_type: "vocechat/file", content: file.path, properties: { name: "report.txt", content_type: "text/plain", size: 11 } });
  });

  it("send_to_user: a DM to a person, seen by both sides; reply: in the original's conversation", async () => {
    const { s, seed: { bob, bot, asBot, general } } = suite;
    const [b] = await suite.connect(bob);
    const mid = midOf(await send(asBot, `/bot/send_to_user/${bob.uid}`, "hi Bob"));
    const event = await expectChatDelivery(mid, [b], [], () => buildMessage(s, bob, { gid: general }, "fence"));
    expect(event).toMatchObject({ from_uid: bot.uid, target: { uid: bob.uid }, detail: { content: "hi Bob" } });
    const question = await buildMessage(s, bob, { uid: bot.uid }, "ping");
    const reply = midOf(await send(asBot, `/bot/reply/${question}`, "pong"));
    const history = await api.history(bob, `user/${bot.uid}`);
    expect(history.find((m) => m.mid === reply)).toMatchObject({ from_uid: bot.uid, target: { uid: bob.uid }, detail: { type: "reply", mid: question, content: "pong" } });
    const inGeneral = await buildMessage(s, bob, { gid: general }, "anyone?");
    midOf(await send(asBot, `/bot/reply/${inGeneral}`, "me"));
  });

  it("refuses: outside a private channel 403, unknown channel or user 404, a guest 404, empty 400, unknown kind 415, a reply outside 403", async () => {
    const { s, seed: { team, guest, bob, asBot } } = suite;
    const inTeam = await buildMessage(s, bob, { gid: team }, "private");
    await expectStatuses({
      "private channel, not a member": [() => send(asBot, `/bot/send_to_group/${team}`, "let me in"), 403],
      "unknown channel": [() => send(asBot, "/bot/send_to_group/999999", "x"), 404],
      "unknown user": [() => send(asBot, "/bot/send_to_user/999999", "x"), 404],
      "a guest": [() => send(asBot, `/bot/send_to_user/${guest.uid}`, "x"), 404],
      "empty text": [() => send(asBot, `/bot/send_to_user/${bob.uid}`, ""), 400],
      "unknown kind": [() => send(asBot, `/bot/send_to_user/${bob.uid}`, "x", "application/x-nope"), 415],
      "reply in a channel it is not in": [() => send(asBot, `/bot/reply/${inTeam}`, "x"), 403],
      "reply to an unknown message": [() => send(asBot, "/bot/reply/999999", "x"), 404],
    });
  });

  it("user/{uid} and group/{gid}: UserInfo and Group, the query's id first (VoceChat reads it); a private channel outside is 404", async () => {
    const { s, seed: { bob, carol, bots, team, guest, asBot } } = suite;
    const user = jsonOk<UserInfo>(await call(s, "GET", `/bot/user/${bob.uid}?uid=${bob.uid}`, asBot));
    assertMatches("UserInfo", user);
    expect(user).toMatchObject({ uid: bob.uid, name: bob.login.user.name });
    expect(jsonOk<UserInfo>(await call(s, "GET", `/bot/user/${bob.uid}?uid=${carol.uid}`, asBot)).uid).toBe(carol.uid);
    const group = jsonOk<Group>(await call(s, "GET", `/bot/group/${bots}?gid=${bots}`, asBot));
    assertMatches("Group", group);
    expect(group).toMatchObject({ gid: bots, is_public: false });
    await expectStatuses({
      "unknown user": [() => call(s, "GET", "/bot/user/999999", asBot), 404],
      "a guest": [() => call(s, "GET", `/bot/user/${guest.uid}`, asBot), 404],
      "private channel outside": [() => call(s, "GET", `/bot/group/${team}?gid=${team}`, asBot), 404],
      "bad query id": [() => call(s, "GET", `/bot/group/${bots}?gid=x`, asBot), 400],
    });
  });

  it("a public bot can be written to, and answers, with direct messages off; another bot cannot; a block still refuses", async () => {
    const { s, seed: { bob, carol, bot, asBot } } = suite;
    await settings({ dm_enable: false });
    try {
      expect((await send(asBot, `/bot/send_to_user/${bob.uid}`, "not public yet")).statusCode).toBe(403);
      expect((await send(bob, `/user/${bot.uid}/send`, "hello bot")).statusCode).toBe(403);
      await makePublic(bot.uid);
      midOf(await send(bob, `/user/${bot.uid}/send`, "hello bot"));
      midOf(await send(asBot, `/bot/send_to_user/${bob.uid}`, "hello Bob"));
      const block = await call(s, "POST", "/user/update_contact_status", carol, { action: "block", target_uid: bot.uid });
      expect(block.statusCode, block.body).toBe(200);
      expect((await send(asBot, `/bot/send_to_user/${carol.uid}`, "blocked")).statusCode).toBe(403);
    } finally {
      await settings({ dm_enable: true }); // the server is shared by the file's tests
    }
  });

  it("who may call the bot routes: a bot key only (no header 400; any session token 401)", async () => {
    const { seed: cast } = suite;
    const routes: [string, string][] = [
      ["GET", "/bot"],
      ["POST", `/bot/send_to_user/${cast.bob.uid}`],
      ["POST", `/bot/send_to_group/${cast.general}`],
      ["GET", `/bot/user/${cast.bob.uid}`],
      ["GET", `/bot/group/${cast.general}`],
      ["POST", "/bot/file/prepare"],
      ["POST", "/bot/reply/1"],
    ];
    for (const [method, url] of routes) {
      const run = (who: Session | null) => (method === "GET" ? call(suite.s, "GET", url, who) : send(who, url, "hi"));
      await expectMatrix(cast, run, { anonymous: 400, guest: 401, member: 401, bot: 401, admin: 401 });
    }
  });
});

describe.each(dialects())("public bots through the admin routes (%s)", (dialect) => {
  const suite = useSuite(dialect, { per: "file", seed: (s) => buildChatSetup(s) });

  it("POST and PUT /admin/user set is_public, the admin view shows it, and the change is audited", async () => {
    const { s, seed: { admin } } = suite;
    const created = jsonOk<{ uid: number; is_public: boolean }>(
      await call(s, "POST", "/admin/user", admin, { email: "helper@bots.example", password: "", name: "Helper", gender: 0, is_admin: false, is_bot: true, is_public: true }),
    );
    expect(created.is_public).toBe(true);
    const updated = jsonOk<{ is_public: boolean }>(await call(s, "PUT", `/admin/user/${created.uid}`, admin, { is_public: false }));
    expect(updated.is_public).toBe(false);
    expect(jsonOk<{ is_public: boolean }>(await call(s, "GET", `/admin/user/${created.uid}`, admin)).is_public).toBe(false);
    const audit = jsonOk<{ detail: unknown }[]>(await call(s, "GET", "/admin/audit_log?action=user.updated", admin));
    expect(audit[0].detail).toEqual({ changed: { is_public: false } });
  });
});
