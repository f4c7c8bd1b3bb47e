import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TokenClaims } from "../auth/tokens.js";
import { createGroup } from "../commands/groups.js";
import { createUser } from "../commands/users.js";
import { dmPair, insertMessage, type MessageRow } from "../repos/messages.js";
import { dialects, login, startTestServer, type TestServer } from "../test/harness.js";
import { ADMIN, buildAdmin } from "../test/factories.js";
import { useSuite } from "../test/suite.js";
import { newDmRow, newMessageRow } from "../test/rows.js";

const TABLES = ["config", "users", "user_log", "devices", "refresh_tokens", "groups", "group_members", "messages"] as const;

/** Every versioned migration in `db/migrations/`, in the order they apply. */
const MIGRATIONS = fs
  .readdirSync(path.join(import.meta.dirname, "migrations"))
  .filter((f) => /^\d{3}_[a-z0-9_]+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();

describe.each(dialects())("storage (%s)", (dialect) => {
  const suite = useSuite(dialect);
  /** The running test's server, which owns its storage. */
  let s: TestServer;
  beforeEach(() => {
    s = suite.s;
  });
  // `reopen` starts its servers by hand: `useSuite` runs one server on storage of its own, and
  // these share the storage of `s` (a restart, another node), so they close before it does.
  const extra: TestServer[] = [];
  afterEach(async () => {
    for (const other of extra.splice(0)) await other.close();
  });

  /** A second server on the same SQLite directory or PostgreSQL schema: a restart or another node. */
  async function reopen(): Promise<TestServer> {
    const other = await startTestServer(dialect, { dataDir: s.ctx.config.dataDir, databaseSchema: s.ctx.config.databaseSchema });
    extra.push(other);
    return other;
  }

  /** Users without passwords (no hashing), through the real command so the users log is written. */
  async function users(...names: string[]): Promise<number[]> {
    const uids: number[] = [];
    for (const name of names) {
      const user = await createUser(s.ctx, {
        email: `${name.toLowerCase()}@example.com`,
        name,
        password: null,
        gender: 0,
        language: "en-US",
        is_admin: false,
        is_bot: false,
        create_by: "password",
      });
      uids.push(user.uid);
    }
    return uids;
  }

  const claims = (uid: number): TokenClaims => ({ uid, device: "test", is_admin: false, is_guest: false });

  async function group(owner: number, name: string, isPublic: boolean, members: number[] = []): Promise<number> {
    const row = await createGroup(s.ctx, claims(owner), { name, description: null, members, is_public: isPublic });
    return row.gid;
  }

  function message(from: number, to: { gid: number } | { uid: number }, content: string, createdAt = Date.now()): Promise<MessageRow> {
    const values = "uid" in to ? newDmRow(from, to.uid, { content, created_at: createdAt }) : newMessageRow({ from_uid: from, target_gid: to.gid, content, created_at: createdAt });
    return insertMessage(s.ctx.db, values);
  }

  async function appliedMigrations(server: TestServer): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(server.ctx.db);
    return rows.map((r) => r.name);
  }

  describe("migrations", () => {
    it("creates every table, in the server's own schema on PostgreSQL", async () => {
      expect(s.ctx.dialect).toBe(dialect);
      expect(await appliedMigrations(s)).toEqual(MIGRATIONS);
      for (const table of TABLES) {
        const row = await s.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        // Only the server keys exist in a fresh database.
        expect(Number(row.n), table).toBe(table === "config" ? 1 : 0);
      }
      if (dialect === "postgres") {
        const schema = s.ctx.config.databaseSchema;
        expect(schema).toMatch(/^t_/);
        const { rows } = await sql<{ table_name: string }>`
          select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(s.ctx.db);
        expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining([...TABLES, "kysely_migration"]));
      }
    });

    it("a new database migrates while another one is open (PostgreSQL: a schema beside a migrated one)", async () => {
      // Another database open beside `s`'s at the same time, so started by hand (as in the keys test below).
      const other = await startTestServer(dialect);
      try {
        expect(await appliedMigrations(other)).toEqual(MIGRATIONS);
        await other.ctx.repos.config.set("probe", "other");
        expect(await s.ctx.repos.config.get("probe")).toBeNull();
      } finally {
        await other.close();
      }
    });

    it.runIf(dialect === "postgres")("introspection sees the server's own schema only, so another schema's drop cannot fail a start", async () => {
      // A schema beside this one, with a serial column (what Kysely's own introspector calls
      // pg_get_serial_sequence on, and fails on when that schema is dropped meanwhile).
      const other = `${s.ctx.config.databaseSchema}_beside`;
      await sql`create schema ${sql.id(other)}`.execute(s.ctx.db);
      try {
        await sql`create table ${sql.id(other, "intruder")} (id bigserial primary key)`.execute(s.ctx.db);
        const tables = await s.ctx.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([s.ctx.config.databaseSchema]));
        expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining([...TABLES, "kysely_migration"]));
        expect(tables.find((t) => t.name === "messages")?.columns.find((c) => c.name === "mid")).toMatchObject({ isNullable: false });
        expect((await s.ctx.db.introspection.getTables()).some((t) => t.name.startsWith("kysely_"))).toBe(false);
        expect(await s.ctx.db.introspection.getSchemas()).toEqual([{ name: s.ctx.config.databaseSchema }]);
      } finally {
        await sql`drop schema ${sql.id(other)} cascade`.execute(s.ctx.db);
      }
    });

    it("are idempotent: a second server on the same storage starts and sees the data", async () => {
      await s.ctx.repos.config.set("probe", { written_by: "first" });
      const second = await reopen();
      expect(await appliedMigrations(second)).toEqual(MIGRATIONS);
      expect(await second.ctx.repos.config.get("probe")).toEqual({ written_by: "first" });
      await second.close();
      extra.length = 0;
      const third = await reopen();
      expect(await appliedMigrations(third)).toEqual(MIGRATIONS);
      // The first server is unaffected by the others opening and closing.
      expect(await s.ctx.repos.config.get("probe")).toEqual({ written_by: "first" });
    });
  });

  describe("config", () => {
    it("get, set (overwrite) and getOrCreate", async () => {
      const config = s.ctx.repos.config;
      expect(await config.get("missing")).toBeNull();
      const value = { name: "Parley", nested: { list: [1, "two", null], flag: true }, description: null };
      await config.set("organization", value);
      expect(await config.get("organization")).toEqual(value);
      await config.set("organization", { name: "Renamed" });
      expect(await config.get("organization")).toEqual({ name: "Renamed" });
      await config.set("scalar", 42);
      expect(await config.get("scalar")).toBe(42);

      let calls = 0;
      const made = await config.getOrCreate("fresh", () => {
        calls++;
        return { n: 1 };
      });
      expect(made).toEqual({ n: 1 });
      const again = await config.getOrCreate("fresh", () => {
        calls++;
        return { n: 2 };
      });
      expect(again).toEqual({ n: 1 });
      expect(calls).toBe(1);
      expect(await config.getOrCreate("organization", () => ({ name: "ignored" }))).toEqual({ name: "Renamed" });
    });

    it("server keys are created once and stay the same across restarts", async () => {
      const keys = s.ctx.keys;
      expect(keys.server_id).toMatch(/^[0-9a-f]{32}$/);
      expect(keys.server_key.length).toBeGreaterThanOrEqual(32);
      expect(await s.ctx.repos.config.get("server_keys")).toEqual(keys);

      await buildAdmin(s);
      const session = await login(s, ADMIN.email, ADMIN.password);
      const second = await reopen();
      expect(second.ctx.keys).toEqual(keys);
      // Tokens signed before the restart still verify.
      const me = await second.app.inject({ method: "GET", url: "/api/user/me", headers: session.headers });
      expect(me.statusCode).toBe(200);
      const org = await second.app.inject({ method: "GET", url: "/api/admin/system/organization" });
      expect(org.json().server_id).toBe(keys.server_id);

      // A different database gets different keys.
      const other = await startTestServer(dialect);
      try {
        expect(other.ctx.keys.server_id).not.toBe(keys.server_id);
        expect(other.ctx.keys.server_key).not.toBe(keys.server_key);
      } finally {
        await other.close();
      }
    });
  });

  describe("messages", () => {
    it("ids strictly increase and are never reused, even after deleting the newest row or a restart", async () => {
      const [a, b] = await users("Ann", "Ben");
      const gid = await group(a, "general", true);
      const m1 = await message(a, { gid }, "one");
      const m2 = await message(b, { uid: a }, "two");
      const m3 = await message(a, { gid }, "three");
      expect(m1.mid).toBeGreaterThan(0);
      expect(m2.mid).toBeGreaterThan(m1.mid);
      expect(m3.mid).toBeGreaterThan(m2.mid);

      await s.ctx.db.deleteFrom("messages").where("mid", "=", m3.mid).execute();
      const m4 = await message(a, { uid: b }, "four");
      expect(m4.mid).toBeGreaterThan(m3.mid);

      await s.ctx.db.deleteFrom("messages").where("mid", "=", m4.mid).execute();
      const second = await reopen();
      const m5 = await insertMessage(second.ctx.db, { ...m1, mid: undefined, content: "five" });
      expect(m5.mid).toBeGreaterThan(m4.mid);
      expect(await s.ctx.repos.messages.byId(m3.mid)).toBeUndefined();
    });

    it("history returns the newest page before a mid, ascending, for one conversation", async () => {
      const [a, b, c] = await users("Ann", "Ben", "Cat");
      const gid = await group(a, "general", true);
      const other = await group(a, "other", true);
      const groupMids: number[] = [];
      const dmMids: number[] = [];
      for (let i = 0; i < 5; i++) {
        groupMids.push((await message(a, { gid }, `g${i}`)).mid);
        await message(a, { gid: other }, `o${i}`);
        dmMids.push((await message(i % 2 ? b : a, { uid: i % 2 ? a : b }, `d${i}`)).mid);
        await message(a, { uid: c }, `x${i}`);
      }
      const repo = s.ctx.repos.messages;
      const mids = (rows: MessageRow[]) => rows.map((r) => r.mid);
      expect(mids(await repo.history({ gid }, null, 100))).toEqual(groupMids);
      expect(mids(await repo.history({ gid }, null, 2))).toEqual(groupMids.slice(3));
      expect(mids(await repo.history({ gid }, groupMids[3], 2))).toEqual(groupMids.slice(1, 3));
      expect(mids(await repo.history({ gid }, groupMids[0], 10))).toEqual([]);
      expect(mids(await repo.history({ dm: dmPair(b, a) }, null, 100))).toEqual(dmMids);
      expect(mids(await repo.history({ dm: dmPair(a, b) }, dmMids[4], 3))).toEqual(dmMids.slice(1, 4));
      expect(mids(await repo.history({ dm: dmPair(b, c) }, null, 100))).toEqual([]);
    });

    it("backlogNewestFirst covers public groups, the user's private groups and DMs, and nothing else", async () => {
      const [u, v, w] = await users("Ann", "Ben", "Cat");
      const pub = await group(v, "public", true);
      const mine = await group(v, "mine", false, [u]);
      const theirs = await group(v, "theirs", false, [w]);

      const wanted: number[] = [];
      wanted.push((await message(v, { gid: pub }, "public")).mid);
      await message(v, { gid: theirs }, "not for u");
      wanted.push((await message(v, { gid: mine }, "private with u")).mid);
      wanted.push((await message(v, { uid: u }, "dm to u")).mid);
      await message(v, { uid: w }, "dm between others");
      wanted.push((await message(u, { uid: w }, "dm from u")).mid);
      wanted.push((await message(u, { uid: u }, "note to self")).mid);
      await message(w, { gid: theirs }, "still not for u");

      const gids = await s.ctx.repos.groups.visibleIds(u);
      expect([...gids].sort((x, y) => x - y)).toEqual([pub, mine]);
      const repo = s.ctx.repos.messages;
      const newestFirst = [...wanted].reverse();
      expect((await repo.backlogNewestFirst(u, gids, 0, 100)).map((r) => r.mid)).toEqual(newestFirst);
      // `limit + 1` rows tell the caller the backlog was truncated.
      expect((await repo.backlogNewestFirst(u, gids, 0, 2)).map((r) => r.mid)).toEqual(newestFirst.slice(0, 3));
      // Only messages after `afterMid`.
      expect((await repo.backlogNewestFirst(u, gids, wanted[2], 100)).map((r) => r.mid)).toEqual(newestFirst.slice(0, 2));
      // Without groups: DMs only.
      expect((await repo.backlogNewestFirst(u, [], 0, 100)).map((r) => r.mid)).toEqual(newestFirst.slice(0, 3));
      expect(await repo.countBetween(u, gids, 0, wanted[4])).toBe(4);
      expect(await repo.countBetween(u, gids, wanted[0], wanted[4])).toBe(3);
    });

    it("large millisecond timestamps and 64-bit ids round-trip as numbers", async () => {
      const [a, b] = await users("Ann", "Ben");
      // The largest valid Date, well beyond 32 bits, still a safe integer.
      const far = 8_640_000_000_000_000;
      if (dialect === "postgres") {
        await sql`alter sequence messages_mid_seq restart with 5000000000`.execute(s.ctx.db);
      } else {
        // AUTOINCREMENT continues after the highest id in sqlite_sequence (no row before the first insert).
        await sql`delete from sqlite_sequence where name = 'messages'`.execute(s.ctx.db);
        await sql`insert into sqlite_sequence (name, seq) values ('messages', 4999999999)`.execute(s.ctx.db);
      }
      const gid = await group(a, "general", true);
      const inserted = await message(a, { gid }, "from the future", far);
      expect(inserted.mid).toBe(5_000_000_000);
      expect(inserted.created_at).toBe(far);
      const read = await s.ctx.repos.messages.byId(inserted.mid);
      expect(typeof read?.mid).toBe("number");
      expect(typeof read?.created_at).toBe("number");
      expect(read?.created_at).toBe(far);
      expect(typeof read?.target_gid).toBe("number");
      const [page] = await s.ctx.repos.messages.history({ gid }, null, 10);
      expect(page).toMatchObject({ mid: 5_000_000_000, created_at: far, from_uid: a });

      await s.ctx.db.updateTable("users").set({ avatar_updated_at: far, updated_at: far }).where("uid", "=", b).execute();
      const user = await s.ctx.repos.users.byId(b);
      expect(user?.avatar_updated_at).toBe(far);
      expect(typeof user?.uid).toBe("number");
      const group_ = await s.ctx.repos.groups.byId(gid);
      expect(typeof group_?.row.created_at).toBe("number");
      expect(typeof (await s.ctx.repos.users.count())).toBe("number");
    });
  });

  describe("users log", () => {
    it("usersVersion is the newest log id; logsAfter returns newer entries in order", async () => {
      const repo = s.ctx.repos.users;
      expect(await repo.usersVersion()).toBe(0);
      expect(await repo.logsAfter(0)).toEqual([]);

      const [a] = await users("Ann");
      const v1 = await repo.usersVersion();
      expect(typeof v1).toBe("number");
      expect(v1).toBeGreaterThan(0);
      const [b, c] = await users("Ben", "Cat");
      const v3 = await repo.usersVersion();
      expect(v3).toBeGreaterThan(v1);

      const all = await repo.logsAfter(0);
      expect(all.map((l) => [l.uid, l.action, l.name, l.email])).toEqual([
        [a, "create", "Ann", "ann@example.com"],
        [b, "create", "Ben", "ben@example.com"],
        [c, "create", "Cat", "cat@example.com"],
      ]);
      const ids = all.map((l) => l.log_id);
      expect(ids[0]).toBe(v1);
      expect(ids[2]).toBe(v3);
      expect(ids[1]).toBeGreaterThan(ids[0]);
      expect(ids[2]).toBeGreaterThan(ids[1]);
      expect((await repo.logsAfter(v1)).map((l) => l.uid)).toEqual([b, c]);
      expect(await repo.logsAfter(v3)).toEqual([]);
      expect(all[0]).toMatchObject({ is_admin: 0, is_bot: 0, gender: 0, language: "en-US", avatar_updated_at: 0 });
    });
  });
});
