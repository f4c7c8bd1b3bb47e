import os from "node:os";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase, pgConnection } from "./index.js";
import { dropSchema } from "../test/harness.js";

describe("pgConnection: DATABASE_URL with DATABASE_SCHEMA", () => {
  it.each([
    ["no options, no schema", "postgres://u@db:5432/chat", null, undefined],
    ["the schema alone", "postgres://u@db:5432/chat", "team_a", "-c search_path=team_a"],
    ["the URL's options alone", "postgres://u@db/chat?options=-c%20statement_timeout%3D5000", null, "-c statement_timeout=5000"],
    ["both, joined", "postgres://u@db/chat?options=-c%20statement_timeout%3D5000", "team_a", "-c statement_timeout=5000 -c search_path=team_a"],
  ])("%s", (_, url, schema, options) => {
    const config = pgConnection(url, schema);
    expect(config.options).toBe(options);
    expect(config).toMatchObject({ host: "db", database: "chat", user: "u" });
  });

  it("keeps what else the URL says (password, port, SSL)", () => {
    expect(pgConnection("postgres://u:p%40ss@db:6543/chat?ssl=true", "s")).toMatchObject({ password: "p@ss", port: "6543", ssl: true, options: "-c search_path=s" });
  });

  // On a real server: the URL's setting and the schema both hold on the pool's connections.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("on PostgreSQL, a URL's options no longer put the server in `public`", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.searchParams.set("options", "-c statement_timeout=4321");
    const schema = `t_opts_${process.pid}`;
    const opened = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: url.toString(), databaseSchema: schema });
    try {
      const { rows } = await sql<{ schema: string; timeout: string }>`select current_schema() as schema, current_setting('statement_timeout') as timeout`.execute(opened.db);
      expect(rows[0]).toEqual({ schema, timeout: "4321ms" });
      const { rows: tables } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = ${schema} and tablename = 'users'`.execute(opened.db);
      expect(tables[0]?.n).toBe(1);
    } finally {
      await opened.close();
      await dropSchema(schema);
    }
  });
});
