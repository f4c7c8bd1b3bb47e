// `npm run admin`: the real command on the database of a running test server. Most runs evaluate
// the script in the test process (`runScriptInProcess`: the same module, arguments, environment
// and exit statuses); a few run it as the operator's shell does, a child Node process with tsx,
// for what only a real process shows: its exit status and what reaches its stderr.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript, runScriptInProcess, type Outcome } from "../test/cli.js";
import { dialects, login, startTestServer, type TestServer } from "../test/harness.js";
import { useSuite } from "../test/suite.js";
import { ADMIN, buildAdmin, buildMember } from "../test/factories.js";

const adminScript = path.join(import.meta.dirname, "admin.ts");
/** A run of the command in a child process starts Node with tsx (about a second, more on a busy machine). */
const CLI_TIMEOUT_MS = 60_000;

type Db = { dataDir: string; databaseUrl?: string | null; databaseSchema?: string | null };
const envOf = (db: Db) => ({ DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? "", DATABASE_SCHEMA: db.databaseSchema || undefined });
const dbOf = (s: TestServer): Db => s.ctx.config;

/** Runs `npm run admin -- …args` against the database of `s`, in this process. */
const admin = (s: TestServer, ...args: string[]): Promise<Outcome> => adminOn(dbOf(s), ...args);
const adminOn = (db: Db, ...args: string[]): Promise<Outcome> => runScriptInProcess(adminScript, args, envOf(db));
/** The same as the operator's shell runs it: `node --import tsx admin.ts …args`, a child process. */
const adminProcess = (s: TestServer, ...args: string[]): Promise<Outcome> => runScript(adminScript, args, envOf(dbOf(s)));

async function loginStatus(s: TestServer, email: string, password: string): Promise<number> {
  const res = await s.app.inject({ method: "POST", url: "/api/token/login", payload: { credential: { type: "password", email, password }, device: "cli-test", device_token: "" } });
  return res.statusCode;
}

describe.each(dialects())("npm run admin (%s)", (dialect) => {
  const suite = useSuite(dialect, {
    per: "file",
    listen: true,
    seed: async (s) => {
      const root = await buildAdmin(s);
      return { root, bob: await buildMember(s, root, "Bob") };
    },
  });

  it("reset-password prints a generated password that signs in, and ends the user's sessions", async () => {
    const { s, seed: { bob } } = suite;
    const out = await admin(s, "reset-password", "BOB@example.com");
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    const password = /new password: (\S+)/.exec(out.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await loginStatus(s, "bob@example.com", "member-pass")).toBe(401);
    expect((await login(s, "bob@example.com", password!)).uid).toBe(bob.uid);
    // The session from before the reset cannot be renewed (as after an admin's reset in the API).
    const renew = await s.app.inject({ method: "POST", url: "/api/token/renew", payload: { token: bob.token, refresh_token: bob.refresh_token } });
    expect(renew.statusCode).toBe(401);

    const chosen = await admin(s, "reset-password", "bob@example.com", "--password", "chosen-pass");
    expect(chosen.status).toBe(0);
    expect(chosen.stdout).not.toContain("chosen-pass");
    expect(await loginStatus(s, "bob@example.com", "chosen-pass")).toBe(200);
  }, CLI_TIMEOUT_MS);

  it("create-admin makes an admin that signs in; the same e-mail again is refused", async () => {
    const { s, seed: { root } } = suite;
    const out = await admin(s, "create-admin", "rescue@example.com", "Rescue", "--password", "rescue-pass");
    expect(out.status).toBe(0);
    const session = await login(s, "rescue@example.com", "rescue-pass");
    expect(session.login.user.is_admin).toBe(true);

    const again = await admin(s, "create-admin", "rescue@example.com", "Rescue2");
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe("an account with this e-mail already exists");

    const list = await admin(s, "list-admins");
    expect(list.status).toBe(0);
    expect(list.stdout.trim().split("\n")).toEqual([`${root.uid}\t${ADMIN.email}\t${ADMIN.name}\tnormal`, `${session.uid}\trescue@example.com\tRescue\tnormal`]);
  }, CLI_TIMEOUT_MS);

  it("unfreeze lets a frozen account sign in again, by e-mail or uid", async () => {
    const { s, seed: { root } } = suite;
    const carol = await buildMember(s, root, "Carol");
    const freeze = () => s.app.inject({ method: "PUT", url: `/api/admin/user/${carol.uid}`, headers: root.headers, payload: { status: "frozen" } });
    expect((await freeze()).statusCode).toBe(200);
    expect(await loginStatus(s, "carol@example.com", "member-pass")).toBe(423);
    expect((await admin(s, "unfreeze", "carol@example.com")).status).toBe(0);
    expect(await loginStatus(s, "carol@example.com", "member-pass")).toBe(200);

    expect((await freeze()).statusCode).toBe(200);
    expect((await admin(s, "unfreeze", String(carol.uid))).status).toBe(0);
    expect(await loginStatus(s, "carol@example.com", "member-pass")).toBe(200);
  }, CLI_TIMEOUT_MS);

  it("refuses unknown users, malformed e-mails and commands with a message and an exit status", async () => {
    const { s } = suite;
    const unknown = await admin(s, "reset-password", "nobody@example.com");
    expect(unknown).toMatchObject({ status: 1, stderr: "no such user: nobody@example.com\n" });
    expect((await admin(s, "unfreeze", "99999")).status).toBe(1);
    const bad = await admin(s, "reset-password", "not-an-email");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("e-mail");
    expect((await admin(s, "reset-password", "bob@example.com", "--password", "short")).status).toBe(2);
    expect((await admin(s, "frobnicate")).status).toBe(2);
    const help = await admin(s, "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("reset-password <email>");
    // Nothing of the above changed Bob's password.
    expect(await loginStatus(s, "bob@example.com", "chosen-pass")).toBe(200);
  }, CLI_TIMEOUT_MS);

  it("as the shell runs it (child processes, all at once): exit status 0, 1 or 2, refusals on stderr", async () => {
    const { s, seed: { root } } = suite;
    const dora = await buildMember(s, root, "Dora");
    const [done, unknown, bad] = await Promise.all([
      adminProcess(s, "reset-password", "dora@example.com"),
      adminProcess(s, "reset-password", "nobody@example.com"),
      adminProcess(s, "reset-password", "not-an-email"),
    ]);
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    const password = /new password: (\S+)/.exec(done.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await login(s, "dora@example.com", password!)).uid).toBe(dora.uid);
    expect(unknown).toMatchObject({ status: 1, stderr: "no such user: nobody@example.com\n" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("e-mail");
  }, CLI_TIMEOUT_MS);
});

describe("npm run admin on a DATA_DIR no server runs on", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-admin-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("refuses a DATA_DIR without a database, create-admin makes the first admin, a server started on it signs them in", async () => {
    const missing = path.join(dataDir, "typo");
    const refused = await adminOn({ dataDir: missing }, "reset-password", "first@example.com");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("no database at");
    expect(fs.existsSync(missing)).toBe(false);
    const none = await adminOn({ dataDir: missing }, "list-admins");
    expect(none.status).toBe(1);
    if (process.env.TEST_DATABASE_URL) {
      // The same for a mistyped PostgreSQL schema: refused, and not created.
      const schema = `no_parley_${process.pid}`;
      const wrongSchema = await adminOn({ dataDir, databaseUrl: process.env.TEST_DATABASE_URL, databaseSchema: schema }, "list-admins");
      expect(wrongSchema.status).toBe(1);
      expect(wrongSchema.stderr).toContain(`schema ${schema}`);
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      const created = await client.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema]);
      await client.end();
      expect(created.rowCount).toBe(0);
    }

    const created = await adminOn({ dataDir }, "create-admin", "first@example.com", "First");
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    const password = /password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const reset = await adminOn({ dataDir }, "reset-password", "first@example.com", "--password", "after-reset");
    expect(reset.status).toBe(0);

    // A server on the DATA_DIR the command made, not on storage of its own: started by hand.
    const s = await startTestServer("sqlite", { dataDir });
    try {
      expect(await loginStatus(s, "first@example.com", password!)).toBe(401);
      const session = await login(s, "first@example.com", "after-reset");
      expect(session.login.user.is_admin).toBe(true);
    } finally {
      await s.close();
    }
  }, CLI_TIMEOUT_MS);
});
