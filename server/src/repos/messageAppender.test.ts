import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MessageAppender, type NewMessage } from "./messageAppender.js";
import { dialects, startTestServer, type TestServer } from "../test/harness.js";
import { buildAdmin } from "../test/factories.js";
import { newDmRow } from "../test/rows.js";

describe.each(dialects())("MessageAppender (%s)", (dialect) => {
  let s: TestServer;
  let uid: number;
  beforeEach(async () => {
    s = await startTestServer(dialect);
    uid = (await buildAdmin(s)).uid;
  });
  afterEach(() => s.close());

  const row = (content: string): NewMessage => newDmRow(uid, uid, { content, created_at: Date.now() });

  const stored = () => s.ctx.db.selectFrom("messages").select(["mid", "content"]).orderBy("mid").execute();

  it("writes the inserts of one turn in one transaction, in arrival order, and resolves each with its row", async () => {
    const appender = new MessageAppender(s.ctx.db);
    const transaction = vi.spyOn(s.ctx.db, "transaction");
    const rows = await Promise.all(["a", "b", "c", "d"].map((c) => appender.append(row(c))));
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(rows.map((r) => r.content)).toEqual(["a", "b", "c", "d"]);
    expect(rows.map((r) => r.mid)).toEqual([...rows.map((r) => r.mid)].sort((x, y) => x - y));
    expect(await stored()).toEqual(rows.map((r) => ({ mid: r.mid, content: r.content })));
  });

  it("resolves only after the row is committed, so an acknowledged mid is durable", async () => {
    const appender = new MessageAppender(s.ctx.db);
    const pending = appender.append(row("later"));
    expect(await stored()).toEqual([]); // nothing written before the end of the turn
    const written = await pending;
    expect(await stored()).toEqual([{ mid: written.mid, content: "later" }]);
  });

  it("fails only the bad row of a batch; the others are stored", async () => {
    const appender = new MessageAppender(s.ctx.db);
    const bad = { ...row("bad"), kind: null } as unknown as NewMessage; // NOT NULL column
    const results = await Promise.allSettled([appender.append(row("one")), appender.append(bad), appender.append(row("two"))]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await stored()).map((r) => r.content)).toEqual(["one", "two"]);
  });
});
