// `npm run backup` taken from another process while a listening server takes messages and
// uploads, then `npm run restore` into a fresh DATA_DIR and a new server on it. The backups run
// as child processes (the point: another process copies what the server writes); the restores,
// which only copy files, run their script in the test process (`runScriptInProcess`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { UploadFileResponse } from "@parley/protocol";
import { pseudoRandom, uploadFile } from "../test/uploads.js";
import { CommandLineError } from "./context.js";
import { backupSqlite, onPath, restoreInto, type Manifest } from "./snapshot.js";
import { runScript, runScriptInProcess } from "../test/cli.js";
import { dropSchema, type Session, startTestServer, type TestServer } from "../test/harness.js";
import { useSuite } from "../test/suite.js";
import { buildAdmin, buildChannel, buildMember } from "../test/factories.js";

const cliDir = import.meta.dirname;

/** `npm run backup -- <dest>`, a child process. */
const backupProcess = (args: string[], env: Record<string, string | undefined>) => runScript(path.join(cliDir, "backup.ts"), args, env);
/** `npm run restore -- <backup> <dest>`, in this process. */
const restore = (args: string[]) => runScriptInProcess(path.join(cliDir, "restore.ts"), args);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One sender per session posting to channel `gid` over HTTP until stopped; each acknowledged mid with its time. */
function startSenders(s: TestServer, gid: number, senders: Session[]) {
  const acked: { mid: number; at: number }[] = [];
  const failures: string[] = [];
  let sending = true;
  const sendLoop = async (who: Session) => {
    for (let n = 0; sending; n++) {
      const res = await fetch(`${s.url}/api/group/${gid}/send`, { method: "POST", headers: { ...who.headers, "content-type": "text/plain" }, body: `message ${n} from ${who.uid}` });
      if (res.status === 200) acked.push({ mid: (await res.json()) as number, at: Date.now() });
      else failures.push(`${res.status} ${await res.text()}`);
    }
  };
  const loops = senders.map(sendLoop);
  return {
    acked,
    failures,
    /** Waits until a message is acknowledged after `time` (the load goes on past a moment). */
    ackedAfter: (time: number) => vi.waitFor(() => expect(acked.some((a) => a.at > time)).toBe(true), { timeout: 30_000, interval: 10 }),
    stop: async () => {
      sending = false;
      await Promise.all(loops);
    },
  };
}

describe("npm run backup / restore (sqlite)", () => {
  const suite = useSuite("sqlite", { per: "file", listen: true, seed: buildAdmin });
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "parley-backup-"));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("a backup taken under load restores every message and file acknowledged before it started", async () => {
    const { s, seed: admin } = suite;
    const senders = await Promise.all(["Ann", "Ben", "Cat", "Dan"].map((name) => buildMember(s, admin, name)));
    const gid = await buildChannel(s, admin, { name: "load", members: senders.map((m) => m.uid) });
    const uploads: { file: UploadFileResponse; data: Buffer }[] = [];
    for (const [i, size] of [200_000, 2_500_000].entries()) {
      const data = pseudoRandom(size, i + 1);
      uploads.push({ file: await uploadFile(s, senders[0], data, { chunkSize: 1_000_000 }), data });
    }

    // Senders over HTTP, each acknowledged message recorded; one more sender keeps uploading.
    const load = startSenders(s, gid, senders);
    const { acked, failures } = load;
    let sending = true;
    const uploadLoop = async () => {
      for (let n = 0; sending; n++) {
        const data = pseudoRandom(300_000, 100 + n);
        const file = await uploadFile(s, senders[1], data, { chunkSize: 100_000 });
        uploads.push({ file, data });
      }
    };
    const uploading = uploadLoop();
    // Under way: messages acknowledged and an upload of the loop finished (a fixed pause is not
    // enough on a busy machine).
    const deadline = Date.now() + 30_000;
    while ((acked.length < 20 || uploads.length < 3) && Date.now() < deadline) await sleep(50);

    const uploadsBefore = [...uploads];
    const dest = path.join(work, "backup");
    const backupSpawned = Date.now();
    const backup = await backupProcess([dest], { DATA_DIR: s.ctx.config.dataDir, DATABASE_URL: "" });
    const backupExited = Date.now();
    // Messages acknowledged after the copy, which it cannot hold.
    await load.ackedAfter(backupExited);
    sending = false;
    await Promise.all([load.stop(), uploading]);

    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(failures).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(dest, "manifest.json"), "utf8")) as Manifest;
    // Acknowledged before the database copy began (the manifest's start; one clock): the last of
    // them are still in the write-ahead log, which a copy of the file alone would miss.
    const ackedBefore = acked.filter((a) => a.at < Date.parse(manifest.started_at)).map((a) => a.mid);
    expect(ackedBefore.length).toBeGreaterThan(20);
    // The server kept answering while the backup ran.
    expect(acked.some((a) => a.at > backupSpawned && a.at < backupExited)).toBe(true);
    expect(manifest).toMatchObject({ dialect: "sqlite", integrity: "ok", parley_version: expect.any(String) });
    expect(manifest.counts!.messages).toBeGreaterThanOrEqual(ackedBefore.length);
    expect(manifest.counts!.messages).toBeLessThan(acked.length);

    // Restore refuses a directory that holds anything; a fresh one gets the backup.
    const occupied = path.join(work, "occupied");
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, "keep"), "x");
    const refused = await restore([dest, occupied]);
    expect(refused.status).toBe(1);
    expect(fs.readdirSync(occupied)).toEqual(["keep"]);
    const restored = path.join(work, "restored");
    const restoring = await restore([dest, restored]);
    expect(restoring.stderr).toBe("");
    expect(restoring.status).toBe(0);

    const file = new SQLite(path.join(restored, "db.sqlite"), { readonly: true });
    expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
    file.close();

    // A server on the restored DATA_DIR, not on storage of its own: started by hand.
    const s2 = await startTestServer("sqlite", { dataDir: restored });
    try {
      const mids = new Set((await s2.ctx.db.selectFrom("messages").select("mid").execute()).map((r) => r.mid));
      expect(ackedBefore.filter((mid) => !mids.has(mid))).toEqual([]);
      for (const { file: uploaded, data } of uploadsBefore) {
        const res = await s2.app.inject({ method: "GET", url: `/api/resource/file?file_path=${encodeURIComponent(uploaded.path)}` });
        expect(res.statusCode, uploaded.path).toBe(200);
        expect(res.rawPayload.equals(data)).toBe(true);
      }
      expect(uploadsBefore.length).toBeGreaterThan(2);
    } finally {
      await s2.close();
    }
  }, 120_000);
});

describe("npm run backup / restore refusals", () => {
  it("refuses a backup directory inside DATA_DIR, a DATA_DIR without a database and a damaged manifest, and writes nothing", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "parley-backup-refused-"));
    try {
      const dataDir = path.join(work, "data");
      fs.mkdirSync(dataDir);
      fs.writeFileSync(path.join(dataDir, "db.sqlite"), "");
      for (const inside of [dataDir, path.join(dataDir, "backups", "today")]) {
        await expect(backupSqlite(dataDir, inside)).rejects.toThrow(/inside DATA_DIR/);
      }
      expect(fs.readdirSync(dataDir)).toEqual(["db.sqlite"]);

      const nowhere = path.join(work, "no-db-backup");
      await expect(backupSqlite(path.join(work, "typo"), nowhere)).rejects.toThrow(CommandLineError);
      expect(fs.existsSync(nowhere)).toBe(false);

      const damaged = path.join(work, "damaged");
      fs.mkdirSync(damaged);
      fs.writeFileSync(path.join(damaged, "manifest.json"), "{ half");
      await expect(restoreInto(damaged, path.join(work, "restored"))).rejects.toThrow(/damaged/);
      expect(fs.existsSync(path.join(work, "restored"))).toBe(false);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl && onPath("pg_dump") && onPath("pg_restore"))("npm run backup / restore (postgres)", () => {
  it("pg_dump under load, pg_restore: every message acknowledged before the backup started is back", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "parley-backup-pg-"));
    // Started by hand, not by useSuite: the test closes this server midway (dropping its schema)
    // and starts another on the schema the restore brings back.
    const s = await startTestServer("postgres");
    const schema = s.ctx.config.databaseSchema!;
    let restoredServer: TestServer | null = null;
    let closed = false;
    try {
      await s.listen();
      const admin = await buildAdmin(s);
      const senders = await Promise.all(["Ann", "Ben"].map((name) => buildMember(s, admin, name)));
      const gid = await buildChannel(s, admin, { name: "load", members: senders.map((m) => m.uid) });
      const upload = pseudoRandom(150_000, 7);
      const file = await uploadFile(s, senders[0], upload);
      const load = startSenders(s, gid, senders);
      // Under way: well over the 10 acknowledged messages the backup must hold (not a fixed pause,
      // and none acknowledged within the millisecond the backup starts in).
      await vi.waitFor(() => expect(load.acked.filter((a) => a.at < Date.now()).length).toBeGreaterThan(20), { timeout: 30_000, interval: 10 });
      const dest = path.join(work, "backup");
      const backupSpawned = Date.now();
      const backup = await backupProcess([dest], { DATA_DIR: s.ctx.config.dataDir, DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema });
      await load.ackedAfter(Date.now());
      await load.stop();
      expect(backup.stderr).toBe("");
      expect(backup.status).toBe(0);
      expect(load.failures).toEqual([]);
      const ackedBefore = load.acked.filter((a) => a.at < backupSpawned).map((a) => a.mid);
      expect(ackedBefore.length).toBeGreaterThan(10);
      await s.close(); // drops the schema: the restore brings it back
      closed = true;

      const restored = path.join(work, "restored");
      const restoring = await restore([dest, restored]);
      expect(restoring.status).toBe(0);
      expect(restoring.stdout).toContain("pg_restore");
      const pgRestore = spawnSync("pg_restore", ["--no-owner", `--dbname=${pgUrl}`, path.join(dest, "db.pgdump")], { encoding: "utf8" });
      expect(pgRestore.stderr).toBe("");
      expect(pgRestore.status).toBe(0);

      restoredServer = await startTestServer("postgres", { dataDir: restored, databaseSchema: schema });
      const mids = new Set((await restoredServer.ctx.db.selectFrom("messages").select("mid").execute()).map((r) => r.mid));
      expect(ackedBefore.filter((mid) => !mids.has(mid))).toEqual([]);
      const res = await restoredServer.app.inject({ method: "GET", url: `/api/resource/file?file_path=${encodeURIComponent(file.path)}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(upload)).toBe(true);
    } finally {
      if (!closed) await s.close();
      if (restoredServer) {
        await restoredServer.close();
        // Started on a schema it does not own, the server leaves it: drop it here.
        await dropSchema(schema);
      }
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
