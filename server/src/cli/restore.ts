// `npm run restore -- <backup-dir> <data-dir>`: puts a backup of `npm run backup` into a new,
// empty DATA_DIR (docs/OPERATIONS.md). Start the server on that directory afterwards.
import path from "node:path";
import { CommandLineError, runCommandLine } from "./context.js";
import { PG_DUMP_FILE, restoreInto } from "./snapshot.js";

const USAGE = `Usage: npm run restore -- <backup-dir> <data-dir>

Copies a backup made by \`npm run backup\` into <data-dir>, which must be new or empty (an existing
DATA_DIR is never overwritten). Then start the server with DATA_DIR=<data-dir>.`;

async function main(argv: string[]): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h")) return console.log(USAGE);
  if (argv.length !== 2) throw new CommandLineError(USAGE, 2);
  const [backupDir, dataDir] = argv.map((arg) => path.resolve(arg));
  const manifest = await restoreInto(backupDir, dataDir);
  if (manifest.dialect === "postgres") {
    console.log(`restored the files into ${dataDir}. Restore the database into an empty database or schema with:
  pg_restore --no-owner --dbname="<DATABASE_URL>" ${path.join(backupDir, PG_DUMP_FILE)}
then start the server with DATA_DIR=${dataDir} and that DATABASE_URL (docs/OPERATIONS.md).`);
    return;
  }
  console.log(`restored the backup of ${manifest.started_at} into ${dataDir}; start the server with DATA_DIR=${dataDir}`);
}

await runCommandLine(main);
