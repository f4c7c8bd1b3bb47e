import { describe, expect, it } from "vitest";
import type { AuditLogEntry, BotApiKey } from "@parley/protocol";
import { BOT_KEY_TOUCH_INTERVAL_MS } from "../../auth/guard.js";
import { hashBotKey } from "../../auth/botKeys.js";
import { call, jsonOk, type Method } from "../../test/api.js";
import { buildCast } from "../../test/factories.js";
import { makeKey, withKey } from "../../test/bots.js";
import { dialects, type Session } from "../../test/harness.js";
import { expectMatrix, expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("bot API keys (%s)", (dialect) => {
  // One server; each test has a cast of its own (Robot1, Robot2…), since tests freeze and delete the bot.
  let casts = 0;
  const suite = useSuite(dialect, { per: "file", seedEach: true, seed: (s) => buildCast(s, { tag: String(++casts) }) });
  const keys = (who: Session | null, uid: number) => call(suite.s, "GET", `/admin/user/bot-api-key/${uid}`, who);
  const create = (who: Session | null, uid: number, payload: unknown) => call(suite.s, "POST", `/admin/user/bot-api-key/${uid}`, who, payload);
  const revoke = (who: Session | null, uid: number, kid: number) => call(suite.s, "DELETE", `/admin/user/bot-api-key/${uid}/${kid}`, who);
  const asBot = (key: string) => call(suite.s, "GET", "/bot", withKey(suite.seed.bot, key));

  it("makes a key shown once, lists it masked with created_at and last_used, stores only its hash, and audits it", async () => {
    const { s, seed: { admin, bot } } = suite;
    const before = Date.now();
    const key = await makeKey(s, admin, bot, "deploy");
    expect(key).toMatch(/^parley_bot_[A-Za-z0-9_-]{43}$/);

    const list = jsonOk<BotApiKey[]>(await keys(admin, bot.uid));
    expect(list).toEqual([{ id: expect.any(Number), name: "deploy", key: `parley_bot_…${key.slice(-4)}`, created_at: expect.any(Number), last_used: null }]);
    expect(list[0].created_at).toBeGreaterThanOrEqual(before);

    const rows = await s.ctx.db.selectFrom("bot_api_keys").selectAll().where("uid", "=", bot.uid).execute();
    expect(rows.map((r) => r.key_hash)).toEqual([hashBotKey(key)]);
    expect(JSON.stringify(rows)).not.toContain(key.slice("parley_bot_".length, -4));

    const audit = jsonOk<AuditLogEntry[]>(await call(s, "GET", "/admin/audit_log?action=user.bot_key_created", admin));
    expect(audit[0]).toMatchObject({ actor_uid: admin.uid, target_uid: bot.uid, detail: { id: list[0].id, name: "deploy" } });
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it("revoking a key stops it at once (401), keeps the bot's other keys working, and is audited", async () => {
    const { s, seed: { admin, bot } } = suite;
    const first = await makeKey(s, admin, bot, "one");
    const second = await makeKey(s, admin, bot, "two");
    expect((await asBot(first)).statusCode).toBe(200);
    const [one] = jsonOk<BotApiKey[]>(await keys(admin, bot.uid));
    expect((await revoke(admin, bot.uid, one.id)).statusCode).toBe(200);
    expect((await asBot(first)).statusCode).toBe(401);
    expect((await asBot(second)).statusCode).toBe(200);
    expect(jsonOk<BotApiKey[]>(await keys(admin, bot.uid)).map((k) => k.name)).toEqual(["two"]);
    const audit = jsonOk<AuditLogEntry[]>(await call(s, "GET", "/admin/audit_log?action=user.bot_key_revoked", admin));
    expect(audit[0]).toMatchObject({ actor_uid: admin.uid, target_uid: bot.uid, detail: { id: one.id, name: "one" } });
  });

  it("refuses: a name used twice (409), an empty name (400), an unknown account (404), a person (400), an unknown key (404)", async () => {
    const { s, seed: { admin, bob, bot } } = suite;
    await makeKey(s, admin, bot, "taken");
    await expectStatuses({
      "same name": [() => create(admin, bot.uid, { name: "taken" }), 409],
      "same name, padded": [() => create(admin, bot.uid, { name: " taken " }), 409],
      "empty name": [() => create(admin, bot.uid, { name: "  " }), 400],
      "no name": [() => create(admin, bot.uid, {}), 400],
      "unknown uid": [() => create(admin, 999_999, { name: "x" }), 404],
      "a person": [() => create(admin, bob.uid, { name: "x" }), 400],
      "list of a person": [() => keys(admin, bob.uid), 400],
      "unknown key": [() => revoke(admin, bot.uid, 999_999), 404],
    });
  });

  it("who may manage keys: admins only (anonymous 401, everyone else 403)", async () => {
    const { seed: cast } = suite;
    let n = 0;
    await expectMatrix(cast, (who) => create(who, cast.bot.uid, { name: `k${++n}` }), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    await expectMatrix(cast, (who) => keys(who, cast.bot.uid), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    await expectMatrix(cast, (who) => revoke(who, cast.bot.uid, 999_999), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 404 });
  });

  // A bot key is not a session: every route outside /bot refuses it as it refuses a bad token.
  const OUTSIDE: [Method, string, unknown?][] = [
    ["GET", "/user/me"],
    ["GET", "/user"],
    ["GET", "/group"],
    ["POST", "/group", { name: "by key" }],
    ["GET", "/favorite"],
    ["PUT", "/user", { name: "renamed" }],
    ["POST", "/resource/file/prepare", {}],
    ["GET", "/admin/user"],
    ["GET", "/admin/audit_log"],
    ["GET", "/admin/system/third_party_secret"],
    ["POST", "/admin/user/bot-api-key/1", { name: "escalate" }],
  ];
  it.each(OUTSIDE)("a bot key on %s %s is refused (401)", async (method, url, payload) => {
    const { s, seed: { admin, bot } } = suite;
    const key = await makeKey(s, admin, bot);
    const res = await call(s, method, url, withKey(bot, key), payload);
    expect(res.statusCode, res.body).toBe(401);
  });

  it("a key stops working when its bot is frozen or deleted (401), and works again when unfrozen", async () => {
    const { s, seed: { admin, bot } } = suite;
    const key = await makeKey(s, admin, bot);
    const status = (value: string) => call(s, "PUT", `/admin/user/${bot.uid}`, admin, { status: value });
    jsonOk(await status("frozen"));
    expect((await asBot(key)).statusCode).toBe(401);
    jsonOk(await status("normal"));
    expect((await asBot(key)).statusCode).toBe(200);
    expect((await call(s, "DELETE", `/admin/user/${bot.uid}`, admin)).statusCode).toBe(200);
    expect((await asBot(key)).statusCode).toBe(401);
    expect(await s.ctx.db.selectFrom("bot_api_keys").select("id").where("uid", "=", bot.uid).execute()).toEqual([]);
  });

  it("the header: missing 400; a token, garbage or a made-up key 401", async () => {
    const { s, seed: { admin, bot } } = suite;
    await expectStatuses({
      missing: [() => call(s, "GET", "/bot"), 400],
      "an admin's token": [() => call(s, "GET", "/bot", admin), 401],
      "the bot's own token": [() => call(s, "GET", "/bot", bot), 401],
      garbage: [() => asBot("nonsense"), 401],
      "made-up key": [() => asBot(`parley_bot_${"A".repeat(43)}`), 401],
    });
  });

  it("last_used is written on first use and then at most once a minute", async () => {
    const { s, seed: { admin, bot } } = suite;
    const key = await makeKey(s, admin, bot);
    const lastUsed = async () => jsonOk<BotApiKey[]>(await keys(admin, bot.uid))[0].last_used;
    const before = Date.now();
    await asBot(key);
    const first = await lastUsed();
    expect(first).toBeGreaterThanOrEqual(before);
    await asBot(key);
    expect(await lastUsed()).toBe(first);
    // As if a minute had passed: the next use writes it again.
    const past = (first as number) - BOT_KEY_TOUCH_INTERVAL_MS;
    await s.ctx.db.updateTable("bot_api_keys").set({ last_used: past }).where("uid", "=", bot.uid).execute();
    await asBot(key);
    expect(await lastUsed()).toBeGreaterThan(past + BOT_KEY_TOUCH_INTERVAL_MS - 1);
  });
});
