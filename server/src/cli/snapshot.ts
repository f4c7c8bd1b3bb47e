// What `npm run backup` and `npm run restore` do (docs/OPERATIONS.md): a consistent copy of a
// running server's database and the files beside it, and putting such a copy into a fresh
// DATA_DIR.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import { UPLOAD_TMP_PREFIX } from "../storage/layout.js";
import { CommandLineError } from "./context.js";

/** The SQLite database and its write-ahead log in DATA_DIR: copied through SQLite, never as files. */
export const SQLITE_FILE = "db.sqlite";
const SQLITE_FILES = new Set([SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`]);
/** The PostgreSQL dump of a backup (`pg_dump --format=custom`). */
export const PG_DUMP_FILE = "db.pgdump";
export const MANIFEST_FILE = "manifest.json";
/** The DATA_DIR files of a backup, in the same layout (storage/layout.ts). */
export const FILES_DIR = "files";

export interface Manifest {
  parley_version: string;
  dialect: "sqlite" | "postgres";
  /** When the database copy started: a message acknowledged before this is in the backup. */
  started_at: string;
  finished_at: string;
  /** Rows in the copy (SQLite), for a quick check after a restore. */
  counts?: Record<string, number>;
  /** `PRAGMA integrity_check` of the copy (SQLite). */
  integrity?: string;
  files: { copied: number; bytes: number; vanished: number };
}

export function parleyVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../../package.json"), "utf8")) as { version: string };
  return pkg.version;
}

/** Refuses a backup directory inside DATA_DIR: the file copy would copy the backup into itself. */
export function outsideDataDir(dataDir: string, dest: string): void {
  const relative = path.relative(path.resolve(dataDir), path.resolve(dest));
  if (relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))) {
    throw new CommandLineError(`the backup directory ${dest} is inside DATA_DIR ${dataDir}; give a directory outside it`);
  }
}

/** Creates `dir` (and parents); refuses one that exists and holds anything. */
export function freshDirectory(dir: string, what: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new CommandLineError(`${what} ${dir} is not empty; give a new or empty directory`);
  fs.mkdirSync(dir, { recursive: true });
}

/**
 * Copies the database with SQLite's online backup API: the copy is one consistent state of the
 * database, while the server keeps writing (WAL readers do not block writers). All pages are
 * copied in one step after the first, so writes during the copy do not restart it again and again.
 */
export async function copySqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new CommandLineError(`no database at ${source} (is DATA_DIR right?)`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    await db.backup(target, { progress: () => 1_000_000_000 });
  } finally {
    db.close();
  }
  // The copy keeps the source's WAL mode; a rollback journal makes it one self-contained file
  // (the server turns WAL on again when it opens it).
  const copy = new SQLite(target);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** Row counts and `PRAGMA integrity_check` of a copied SQLite database. */
export function inspectSqlite(file: string): { counts: Record<string, number>; integrity: string } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const counts: Record<string, number> = {};
    for (const table of ["users", "groups", "messages", "files"]) {
      counts[table] = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    }
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
    return { counts, integrity };
  } finally {
    db.close();
  }
}

/** An upload in progress (its chunks, or a file being written under a temporary name): not copied. */
function inProgress(relative: string): boolean {
  const key = relative.split(path.sep).join("/");
  return key.startsWith(UPLOAD_TMP_PREFIX) || /(^|\/)\.[^/]*\.part$/.test(key);
}

/**
 * Copies the files of DATA_DIR (uploads, thumbnails, avatars…) but the database. The store writes
 * each file under a temporary name and renames it into place, so each copied file is whole. A
 * file deleted while the copy runs is skipped and counted.
 */
export async function copyDataFiles(dataDir: string, target: string): Promise<Manifest["files"]> {
  const stats = { copied: 0, bytes: 0, vanished: 0 };
  async function walk(relative: string): Promise<void> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(dataDir, relative), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    for (const entry of entries) {
      const rel = path.join(relative, entry.name);
      if ((relative === "" && SQLITE_FILES.has(entry.name)) || inProgress(rel)) continue;
      if (entry.isDirectory()) {
        await walk(rel);
      } else if (entry.isFile()) {
        await fsp.mkdir(path.join(target, relative), { recursive: true });
        try {
          await fsp.copyFile(path.join(dataDir, rel), path.join(target, rel));
          stats.copied++;
          stats.bytes += (await fsp.stat(path.join(target, rel))).size;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
          stats.vanished++;
        }
      }
    }
  }
  await walk("");
  return stats;
}

/**
 * Writes a backup of DATA_DIR into `dest`: `copyDatabase` first (it answers what the manifest
 * says of its copy), then the files, then the manifest, last, so a backup with a manifest is whole.
 */
async function backup(dataDir: string, dest: string, dialect: Manifest["dialect"], copyDatabase: () => Promise<Partial<Manifest>>): Promise<Manifest> {
  outsideDataDir(dataDir, dest);
  freshDirectory(dest, "backup directory");
  const startedAt = new Date();
  const database = await copyDatabase();
  const files = await copyDataFiles(dataDir, path.join(dest, FILES_DIR));
  const manifest: Manifest = {
    parley_version: parleyVersion(),
    dialect,
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    ...database,
    files,
  };
  fs.writeFileSync(path.join(dest, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

/** Backs up a SQLite server's DATA_DIR into `dest`, with the copy's row counts and integrity check. */
export async function backupSqlite(dataDir: string, dest: string): Promise<Manifest> {
  if (!fs.existsSync(path.join(dataDir, SQLITE_FILE))) throw new CommandLineError(`no database at ${path.join(dataDir, SQLITE_FILE)} (is DATA_DIR right?)`);
  return backup(dataDir, dest, "sqlite", async () => {
    await copySqlite(path.join(dataDir, SQLITE_FILE), path.join(dest, SQLITE_FILE));
    return inspectSqlite(path.join(dest, SQLITE_FILE));
  });
}

/** Whether `command` runs (e.g. `pg_dump --version`). */
export function onPath(command: string): boolean {
  return spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Backs up a PostgreSQL server with `pg_dump --format=custom` (one consistent snapshot, taken
 * while the server runs) of DATABASE_SCHEMA (or the whole database), plus DATA_DIR's files.
 */
export async function backupPostgres(databaseUrl: string, schema: string | null, dataDir: string, dest: string): Promise<Manifest> {
  return backup(dataDir, dest, "postgres", async () => {
    const args = ["--format=custom", `--file=${path.join(dest, PG_DUMP_FILE)}`, ...(schema ? [`--schema=${schema}`] : []), `--dbname=${databaseUrl}`];
    const dump = spawnSync("pg_dump", args, { stdio: ["ignore", "inherit", "inherit"] });
    if (dump.status !== 0) throw new CommandLineError(`pg_dump failed (exit status ${dump.status ?? dump.signal})`);
    return {};
  });
}

export function readManifest(backupDir: string): Manifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new CommandLineError(`${backupDir} is not a Parley backup (no ${MANIFEST_FILE})`);
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  } catch {
    throw new CommandLineError(`${file} is not readable JSON: the backup is damaged`);
  }
}

/** Copies a backup's files (and, for SQLite, its database) into a new, empty DATA_DIR. */
export async function restoreInto(backupDir: string, dataDir: string): Promise<Manifest> {
  const manifest = readManifest(backupDir);
  freshDirectory(dataDir, "data directory");
  await fsp.cp(path.join(backupDir, FILES_DIR), dataDir, { recursive: true, errorOnExist: true, force: false }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err; // a backup without any files
  });
  if (manifest.dialect === "sqlite") {
    await fsp.copyFile(path.join(backupDir, SQLITE_FILE), path.join(dataDir, SQLITE_FILE), fs.constants.COPYFILE_EXCL);
    const { integrity } = inspectSqlite(path.join(dataDir, SQLITE_FILE));
    if (integrity !== "ok") throw new CommandLineError(`the restored database fails PRAGMA integrity_check: ${integrity}`);
  }
  return manifest;
}
