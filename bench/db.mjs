// The benchmarks' database side: `--pg` (a fresh PostgreSQL database per server) and seeding
// messages straight into SQLite or PostgreSQL, where going through the API would take too long.

/**
 * `--pg` on any server-side script: its server runs on a fresh PostgreSQL database (created on
 * `BENCH_PG_URL`'s server, default the local trust-auth one, and dropped afterwards) instead of
 * SQLite.
 */
export const PG = process.argv.slice(2).some((a) => a === "--pg" || a === "--pg=true");
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs `fn(client)` on a connection to `url` (the `pg` package, loaded only for `--pg`). */
export async function withPg(url, fn) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server; resolves its URL and a `drop()`. */
export async function createPgDatabase() {
  const name = `parley_bench_${process.pid}_${Date.now().toString(36)}`;
  await withPg(PG_ADMIN_URL, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await withPg(PG_ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  return { name, url: url.toString(), drop };
}

/**
 * Seeds `count` copies of message `mid` (one the server wrote through the API) straight into the
 * database, in one `INSERT … SELECT` over a number series: the copies get ascending mids,
 * `content` "<prefix> <i> lorem ipsum dolor sit amet" and `created_at` one second apart ending
 * now. The search index follows (SQLite's FTS5 trigger, PostgreSQL's trigram index). Resolves
 * the last mid and the seconds it took.
 */
export async function seedMessageCopies(server, mid, count, prefix = "history message") {
  const started = performance.now();
  const now = Date.now();
  const content = `'${prefix.replace(/'/g, "''")} ' || s.i || ' lorem ipsum dolor sit amet'`;
  const createdAt = `${now} - (${count} - s.i) * 1000`;
  const columns = async (names) => names.filter((c) => c !== "mid");
  const statement = (cols, series) =>
    `INSERT INTO messages (${cols.join(", ")}) SELECT ${cols
      .map((c) => (c === "content" ? content : c === "created_at" ? createdAt : `m.${c}`))
      .join(", ")} FROM messages m CROSS JOIN ${series} WHERE m.mid = ${Number(mid)} ORDER BY s.i`;
  let lastMid;
  if (server.dialect === "postgres") {
    lastMid = await withPg(server.databaseUrl, async (c) => {
      const { rows } = await c.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' AND table_schema = current_schema()");
      const cols = await columns(rows.map((r) => r.column_name));
      // The trigram GIN index takes new entries into its pending list, merged when it is full:
      // a large list (and memory to merge it) turns a million small index updates into a few.
      await c.query("SET gin_pending_list_limit = '1GB'");
      await c.query("SET maintenance_work_mem = '512MB'");
      await c.query("SET work_mem = '256MB'");
      await c.query(statement(cols, `generate_series(1, ${count}) AS s(i)`));
      // A table that grows a row at a time keeps its statistics through autovacuum's ANALYZE;
      // one that grew by a million rows in one statement would be planned on stale ones (a
      // bitmap scan and a sort of the whole channel instead of a backward index scan).
      await c.query("ANALYZE messages");
      return Number((await c.query("SELECT max(mid) AS m FROM messages")).rows[0].m);
    });
  } else {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(server.dbFile);
    try {
      db.pragma("busy_timeout = 10000");
      // 512 MB of page cache: the FTS5 trigram index's b-tree pages stay in memory while it grows.
      db.pragma("cache_size = -524288");
      const cols = await columns(db.prepare("SELECT name FROM pragma_table_info('messages')").all().map((r) => r.name));
      db.exec(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${count}) ${statement(cols, "s")}`);
      lastMid = db.prepare("SELECT max(mid) AS m FROM messages").get().m;
    } finally {
      db.close();
    }
  }
  return { lastMid, seconds: (performance.now() - started) / 1000 };
}
