/**
 * Issue 7: a channel seeded with 20,000 messages scrolls to the top by paging without errors.
 * The messages are copies of one sent through the API, inserted straight into the test server's
 * SQLite database (as the benchmarks seed theirs: 20,000 sends would take most of a minute).
 * Paging is driven like a reader holding the list at its top: each history page arrives, the list
 * is scrolled to the top again, until the channel's first message and its intro show.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { message, messageList } from "../helpers/chat";
import { ADA, useSuite } from "../helpers/suite";

const COUNT = 20_000;

const suite = useSuite({ channels: [{ name: "history", description: "Twenty thousand messages" }] });

/**
 * `count` copies of message `mid`, with ascending mids, `created_at` one second apart ending now
 * and the text `Paged message <i>` (1 … count), in one INSERT … SELECT (the search index follows
 * through its trigger).
 */
async function seedCopies(mid: number, count: number) {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(suite.server.dataDir, "db.sqlite"));
  try {
    db.pragma("busy_timeout = 10000");
    const columns = (db.prepare("SELECT name FROM pragma_table_info('messages')").all() as { name: string }[]).map((c) => c.name).filter((c) => c !== "mid");
    const now = Date.now();
    const select = columns.map((c) => (c === "content" ? "'Paged message ' || s.i" : c === "created_at" ? `${now} - (${count} - s.i) * 1000` : `m.${c}`));
    db.exec(
      `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${count}) ` +
        `INSERT INTO messages (${columns.join(", ")}) SELECT ${select.join(", ")} FROM messages m CROSS JOIN s WHERE m.mid = ${mid} ORDER BY s.i`,
    );
  } finally {
    db.close();
  }
}

/** The number in each rendered `Paged message <n>` (0 for "first"), top to bottom. */
const shownNumbers = async (page: Page) =>
  (await messageList(page).getByTestId("message-content").allInnerTexts()).map((x) => (x === "first" ? 0 : Number(x.replace("Paged message ", ""))));

describe("history paging", () => {
  it(`scrolls a channel of ${COUNT.toLocaleString("en-US")} messages to the top by paging, without errors`, async () => {
    const gid = suite.gid("history");
    const first = await suite.admin.sendToChannel(gid, "first");
    await seedCopies(first, COUNT - 1);

    const tp = await suite.page();
    const { page, errors } = tp;
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    const historyPath = `/api/group/${gid}/history`;
    const statuses: number[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname === historyPath) statuses.push(r.status());
    });

    await suite.signIn(page, ADA);
    await page.getByRole("link", { name: "history" }).click();
    await message(page, new RegExp(`^Paged message ${COUNT - 1}$`)).waitFor();

    // Page back: hold the list at its top; each arriving page is followed by the next request.
    const scroller = page.locator("[role=log]");
    const firstShown = () => message(page, /^first$/).count();
    const deadline = Date.now() + 90_000;
    while (!(await firstShown()) && Date.now() < deadline) {
      const next = page.waitForResponse((r) => new URL(r.url()).pathname === historyPath, { timeout: 5_000 }).catch(() => null);
      await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
      if (!(await next)) await scroller.evaluate((el) => el.scrollTo({ top: 300 })); // at the top already: off it and back
    }

    // The top: the first message under the channel's intro, then the oldest copies in order.
    await message(page, /^first$/).waitFor();
    await page.getByRole("heading", { name: "Welcome to #history" }).waitFor();
    const top = await shownNumbers(page);
    expect(top.slice(0, 3)).toEqual([0, 1, 2]);
    expect(top).toEqual([...top].sort((a, b) => a - b));
    // The stream replayed the newest 5,000 (its backlog limit); the other 15,000 came in pages of
    // 100, and every history request succeeded.
    expect(statuses.length).toBeGreaterThanOrEqual((COUNT - 5_000) / 100);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await screenshotBothThemes(page, "history-top");

    // Back down to the middle: the rows there (their bodies were let go while paging) come back in order.
    // (Until the list has rendered the rows there, the ones at the top are still shown.)
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
    const middleShown = async () => (await messageList(page).getByTestId("message-placeholder").count()) === 0 && (await shownNumbers(page))[0] > 2_000;
    await expect.poll(middleShown, { timeout: 15_000 }).toBe(true);
    const middle = await shownNumbers(page);
    expect(middle.length).toBeGreaterThan(5);
    expect(middle[middle.length - 1]).toBeLessThan(COUNT - 2_000);
    expect(middle).toEqual(Array.from({ length: middle.length }, (_, i) => middle[0] + i));

    // And to the newest message again.
    await page.getByRole("button", { name: "Jump to latest" }).click();
    await message(page, new RegExp(`^Paged message ${COUNT - 1}$`)).waitFor();
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await tp.context.close();
  });
});
