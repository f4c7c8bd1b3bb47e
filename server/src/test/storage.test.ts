/**
 * The test kit's reused storage (`reusedStorage`, the default of `useSuite`): each server after
 * the first starts on exactly what a newly created and migrated database holds.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialects, reusedStorage, startTestServer } from "./harness.js";
import { buildAdmin, buildUser } from "./factories.js";

describe.each(dialects())("reused test storage (%s)", (dialect) => {
  it("a server after a reset sees no rows of the one before, and ids start over", async () => {
    const storage = reusedStorage(dialect);
    try {
      for (let round = 0; round < 2; round++) {
        const s = await startTestServer(dialect, await storage.next());
        try {
          const admin = await buildAdmin(s);
          const bob = await buildUser(s, "Bob");
          expect([admin.uid, bob.uid]).toEqual([1, 2]);
          const users = await s.ctx.db.selectFrom("users").select("name").orderBy("uid").execute();
          expect(users.map((u) => u.name)).toEqual(["Admin", "Bob"]);
        } finally {
          await s.close();
          await storage.release();
        }
      }
    } finally {
      await storage.dispose();
    }
  });

  it("a server that changed the schema's shape leaves it: the next one gets a newly migrated database", async () => {
    const storage = reusedStorage(dialect);
    try {
      const first = await startTestServer(dialect, await storage.next());
      await sql`DROP TABLE favorites`.execute(first.ctx.db);
      await first.close();
      await storage.release();
      const second = await startTestServer(dialect, await storage.next());
      try {
        const rows = await second.ctx.db.selectFrom("favorites").selectAll().execute();
        expect(rows).toEqual([]);
      } finally {
        await second.close();
        await storage.release();
      }
    } finally {
      await storage.dispose();
    }
  });
});
