import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { reportFigure, scale } from "./scale.js";
import { probeCall, probeLogin } from "./probeApi.js";
import { startServerProcess, type ServerProcess } from "./serverProcess.js";
import { dialects, dropSchema } from "../test/harness.js";

/**
 * Crash durability (docs/RELIABILITY.md): concurrent senders at full speed, `kill -9` of the
 * server process in the middle of the stream, a restart on the same data — and every message
 * the server acknowledged (a 200 with its mid) is there exactly once with its content. Round
 * after round on the same data, so earlier rounds' messages must survive later crashes too.
 */
const ROUNDS = scale(2, 10);
const PG_ROUNDS = scale(1, 10);
const SENDERS = 24;

interface Acked {
  mid: number;
  content: string;
  where: "channel" | "dm";
}

interface Fixture {
  adminEmail: string;
  memberEmail: string;
  adminUid: number;
  memberUid: number;
  gid: number;
}

const PASSWORD = "probe-pass-1";

const call = probeCall;
const login = (url: string, email: string) => probeLogin(url, email, PASSWORD);

async function setUp(url: string): Promise<Fixture> {
  const admin = await call<{ uid: number }>(url, "POST", "/admin/system/create_admin", null, { email: "admin@probe.test", name: "Admin", password: PASSWORD, gender: 0 });
  const adminToken = await login(url, "admin@probe.test");
  const member = await call<{ uid: number }>(url, "POST", "/admin/user", adminToken, { email: "member@probe.test", name: "Member", password: PASSWORD, gender: 0 });
  const { gid } = await call<{ gid: number }>(url, "POST", "/group", adminToken, { name: "crash", description: "", members: [], is_public: true });
  return { adminEmail: "admin@probe.test", memberEmail: "member@probe.test", adminUid: admin.uid, memberUid: member.uid, gid };
}

/**
 * Sends as fast as `SENDERS` concurrent loops can until the process dies: half to the channel,
 * half as DMs. Only a 200 with a mid counts as acknowledged; a refused or cut request does not.
 */
function sendUntilDead(url: string, f: Fixture, tokens: { admin: string; member: string }, round: number, acked: Acked[]): { stop: () => Promise<number> } {
  let running = true;
  let sent = 0;
  const loops = Array.from({ length: SENDERS }, async (_, sender) => {
    for (let i = 0; running; i++) {
      const dm = sender % 2 === 1;
      const content = `r${round}-s${sender}-${i}-${randomBytes(3).toString("hex")}`;
      const target = dm ? `/user/${f.adminUid}/send` : `/group/${f.gid}/send`;
      sent++;
      try {
        const res = await fetch(`${url}/api${target}`, {
          method: "POST",
          headers: { "x-api-key": dm ? tokens.member : tokens.admin, "content-type": "text/plain" },
          body: content,
        });
        const text = await res.text();
        if (res.status === 200) acked.push({ mid: Number(text), content, where: dm ? "dm" : "channel" });
      } catch {
        // The server died under this request: not acknowledged, so not owed.
        if (!running) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return sent;
    },
  };
}

/** Every message of a conversation, through the history route (newest page first). */
async function history(url: string, token: string, pathname: string): Promise<{ mid: number; content: string }[]> {
  const all: { mid: number; content: string }[] = [];
  let before: number | null = null;
  for (let page = 0; page < 10_000; page++) {
    const rows: { mid: number; detail: { content: string } }[] = await call(url, "GET", `${pathname}?limit=1000${before ? `&before=${before}` : ""}`, token);
    for (const r of rows) all.push({ mid: r.mid, content: r.detail.content });
    if (rows.length < 1000) break;
    before = Math.min(...rows.map((r) => r.mid));
  }
  return all;
}

/** Each acknowledged message is stored exactly once, under its mid, with its content. */
async function verify(url: string, f: Fixture, acked: Acked[]): Promise<{ lost: number; duplicates: number }> {
  const adminToken = await login(url, f.adminEmail);
  const stored = [...(await history(url, adminToken, `/group/${f.gid}/history`)), ...(await history(url, adminToken, `/user/${f.memberUid}/history`))];
  const byContent = new Map<string, number[]>();
  for (const m of stored) byContent.set(m.content, [...(byContent.get(m.content) ?? []), m.mid]);
  let lost = 0;
  let duplicates = 0;
  for (const a of acked) {
    const mids = byContent.get(a.content) ?? [];
    if (!mids.includes(a.mid)) lost++;
    if (mids.length > 1) duplicates++;
  }
  return { lost, duplicates };
}

describe.each(dialects())("crash durability: kill -9 under load (%s)", (dialect) => {
  const rounds = dialect === "postgres" ? PG_ROUNDS : ROUNDS;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-crash-"));
  const schema = `crash_${randomBytes(5).toString("hex")}`;
  const env: Record<string, string> = dialect === "postgres" ? { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL ?? "", DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir };
  let server: ServerProcess | null = null;

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === "postgres") await dropSchema(schema);
  });

  it(`loses no acknowledged message over ${rounds} crash${rounds > 1 ? "es" : ""}`, async () => {
    server = await startServerProcess(env);
    const port = Number(new URL(server.url).port);
    const fixture = await setUp(server.url);
    const acked: Acked[] = [];
    let sent = 0;
    let loadMs = 0;
    const restarts: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const tokens = { admin: await login(server.url, fixture.adminEmail), member: await login(server.url, fixture.memberEmail) };
      const before = acked.length;
      const load = sendUntilDead(server.url, fixture, tokens, round, acked);
      const ms = 300 + Math.floor(Math.random() * 1_200);
      await new Promise((r) => setTimeout(r, ms));
      await server.kill();
      sent += await load.stop();
      loadMs += ms;
      expect(acked.length - before, `round ${round}: some sends were acknowledged before the kill`).toBeGreaterThan(0);

      server = await startServerProcess(env, port);
      restarts.push(server.startedInMs);
      const { lost, duplicates } = await verify(server.url, fixture, acked);
      expect({ round, lost, duplicates }).toEqual({ round, lost: 0, duplicates: 0 });
    }
    const median = [...restarts].sort((a, b) => a - b)[Math.floor(restarts.length / 2)];
    reportFigure(
      "crash",
      `${dialect}: ${rounds} kill -9 rounds, ${acked.length} acknowledged of ${sent} sent (${Math.round(acked.length / (loadMs / 1000))} acknowledged/s under ${SENDERS} senders), lost 0, duplicates 0, restart to healthy median ${median} ms`,
    );
  });
});
