/** The visitor sweep (docs/API.md "Widget"): which anonymous visitors go, with their sessions, and the job that runs it. */
import { describe, expect, it } from "vitest";
import type { LoginResponse } from "@parley/protocol";
import { sweepVisitors } from "../../commands/widgetSweep.js";
import { call } from "../../test/api.js";
import { buildCast, buildMessage } from "../../test/factories.js";
import { dialects, type Session } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";

const DAY = 86_400_000;

describe.each(dialects())("visitor sweep (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast, config: { visitorIdleMs: 7 * DAY, visitorRetentionMs: 90 * DAY } });

  async function visitor(): Promise<Session & { login: LoginResponse }> {
    const res = await call(suite.s, "POST", "/widget/visitor", null, { host_id: suite.seed.bob.uid });
    expect(res.statusCode, res.body).toBe(200);
    const login = res.json() as LoginResponse;
    return { uid: login.user.uid, token: login.token, refresh_token: login.refresh_token, device: "widget", login, headers: { "x-api-key": login.token } };
  }

  /** Moves a visitor's creation, its profile change and its session's renewal `days` into the past. */
  async function age(uid: number, days: number): Promise<void> {
    const at = Date.now() - days * DAY;
    const db = suite.s.ctx.db;
    await db.updateTable("users").set({ created_at: at, updated_at: at }).where("uid", "=", uid).execute();
    await db.updateTable("refresh_tokens").set({ expires_at: at + suite.s.ctx.tokens.refreshTtlS * 1000 }).where("uid", "=", uid).execute();
  }

  const exists = async (uid: number) => (await suite.s.ctx.repos.users.byId(uid)) !== undefined;

  it("deletes silent visitors idle past 7 days and any anonymous visitor past the retention; keeps the rest", async () => {
    const { bob, carol } = suite.seed;
    const silentOld = await visitor();
    const silentYoung = await visitor();
    const talkedOld = await visitor();
    const talkedAncient = await visitor();
    const returning = await visitor();
    const withEmail = await visitor();
    await buildMessage(suite.s, talkedOld, { uid: bob.uid }, "hello");
    await buildMessage(suite.s, talkedAncient, { uid: bob.uid }, "long ago");
    await age(silentOld.uid, 8);
    await age(silentYoung.uid, 3);
    await age(talkedOld.uid, 30);
    await age(talkedAncient.uid, 100);
    await suite.s.ctx.db.updateTable("messages").set({ created_at: Date.now() - 100 * DAY }).where("from_uid", "=", talkedAncient.uid).execute();
    await suite.s.ctx.db.updateTable("messages").set({ created_at: Date.now() - 30 * DAY }).where("from_uid", "=", talkedOld.uid).execute();
    // Created long ago, but its session was renewed yesterday: it came back.
    await age(returning.uid, 20);
    await suite.s.ctx.db.updateTable("refresh_tokens").set({ expires_at: Date.now() - DAY + suite.s.ctx.tokens.refreshTtlS * 1000 }).where("uid", "=", returning.uid).execute();
    // A visitor who gave an address is a person who can come back: never swept.
    await suite.s.ctx.db.updateTable("users").set({ email: "visitor@example.com" }).where("uid", "=", withEmail.uid).execute();
    await age(withEmail.uid, 400);

    expect(await sweepVisitors(suite.s.ctx)).toBe(2);
    expect(await exists(silentOld.uid)).toBe(false);
    expect(await exists(talkedAncient.uid)).toBe(false);
    for (const kept of [silentYoung, talkedOld, returning, withEmail]) expect(await exists(kept.uid), String(kept.uid)).toBe(true);
    // Members are never touched, however old.
    await suite.s.ctx.db.updateTable("users").set({ created_at: 0, updated_at: 0 }).where("uid", "=", carol.uid).execute();
    expect(await sweepVisitors(suite.s.ctx)).toBe(0);
    expect(await exists(carol.uid)).toBe(true);

    // The swept visitor's session is gone with it; the host's conversation keeps its messages.
    expect((await call(suite.s, "POST", "/token/renew", null, { token: talkedAncient.token, refresh_token: talkedAncient.refresh_token })).statusCode).toBe(401);
    expect((await call(suite.s, "GET", "/widget/messages", talkedAncient)).statusCode).toBe(401);
    const history = await call(suite.s, "GET", `/user/${talkedAncient.uid}/history`, bob);
    expect(history.statusCode).toBe(200);
  });

  it("retention 0 keeps visitors who wrote, however old", async () => {
    const s = await suite.restart({ visitorIdleMs: 7 * DAY, visitorRetentionMs: 0 });
    const v = await visitor();
    await buildMessage(s, v, { uid: suite.seed.bob.uid }, "hi");
    await age(v.uid, 1_000);
    await s.ctx.db.updateTable("messages").set({ created_at: 1 }).where("from_uid", "=", v.uid).execute();
    expect(await sweepVisitors(s.ctx)).toBe(0);
    expect(await exists(v.uid)).toBe(true);
  });

  it("runs on its own as the visitorSweep job, and stops with the server", async () => {
    const s = await suite.restart({ visitorSweepMs: 50 });
    expect(s.ctx.jobs.visitorSweep).toBeDefined();
    const v = await visitor();
    await age(v.uid, 30);
    const deadline = Date.now() + 5_000;
    while ((await exists(v.uid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await exists(v.uid)).toBe(false);
  });
});
