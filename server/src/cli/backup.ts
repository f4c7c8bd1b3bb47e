// `npm run backup -- <dest-dir>`: an online backup of the server's data (docs/OPERATIONS.md):
// SQLite through its backup API, PostgreSQL through pg_dump, and the files of DATA_DIR.
import path from "node:path";
import { configFromEnv } from "../config.js";
import { CommandLineError, runCommandLine } from "./context.js";
import { backupPostgres, backupSqlite, onPath } from "./snapshot.js";

const USAGE = `Usage: npm run backup -- <dest-dir>

Copies the database and the files of the server's DATA_DIR into <dest-dir> (new or empty), with
a manifest.json, while the server runs. SQLite: DATA_DIR/db.sqlite through SQLite's backup API.
PostgreSQL (DATABASE_URL): pg_dump --format=custom of DATABASE_SCHEMA (or the whole database);
pg_dump must be on PATH. Restore: npm run restore -- <dest-dir> <new-data-dir> (docs/OPERATIONS.md).`;

const PG_GUIDANCE = `pg_dump is not on PATH. Back up PostgreSQL with the tools of your PostgreSQL version:
  pg_dump --format=custom --file=parley.pgdump [--schema=<DATABASE_SCHEMA>] "<DATABASE_URL>"
and copy DATA_DIR (uploads, avatars) beside it. See docs/OPERATIONS.md.`;

async function main(argv: string[]): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h")) return console.log(USAGE);
  if (argv.length !== 1) throw new CommandLineError(USAGE, 2);
  const dest = path.resolve(argv[0]);
  const config = configFromEnv();
  if (config.databaseUrl) {
    if (!onPath("pg_dump")) throw new CommandLineError(PG_GUIDANCE);
    const manifest = await backupPostgres(config.databaseUrl, config.databaseSchema, config.dataDir, dest);
    console.log(`backed up PostgreSQL${config.databaseSchema ? ` schema ${config.databaseSchema}` : ""} and ${manifest.files.copied} files into ${dest}`);
    return;
  }
  const manifest = await backupSqlite(config.dataDir, dest);
  const counts = Object.entries(manifest.counts ?? {})
    .map(([table, n]) => `${n} ${table}`)
    .join(", ");
  console.log(`backed up ${config.dataDir} into ${dest}: ${counts}; ${manifest.files.copied} files (${manifest.files.bytes} bytes); integrity ${manifest.integrity}`);
  if (manifest.integrity !== "ok") process.exitCode = 1;
}

await runCommandLine(main);
