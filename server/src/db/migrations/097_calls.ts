import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Built-in calls (issue 22, docs/CALLS.md): the rooms going on and who is in them, in the database
 * so every node of a cluster agrees. A room is named by its conversation (`group:<gid>`,
 * `dm:<low>:<high>`), so one conversation has at most one call. `seen_at` is when the
 * participant's event stream was last seen open: the call sweep drops those gone for long.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const { big } = dialectSchema(db, ctx.dialect);
  await db.schema
    .createTable("call_rooms")
    .addColumn("room", "text", (c) => c.primaryKey())
    .addColumn("gid", big)
    .addColumn("dm_low", big)
    .addColumn("dm_high", big)
    .addColumn("started_by", big, (c) => c.notNull())
    .addColumn("started_at", big, (c) => c.notNull())
    .addColumn("ring_uid", big)
    .addColumn("ring_until", big)
    // Bumped by every change of the room, so a client can drop a state older than one it has.
    .addColumn("version", big, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("call_participants")
    .addColumn("room", "text", (c) => c.notNull())
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("joined_at", big, (c) => c.notNull())
    .addColumn("seen_at", big, (c) => c.notNull())
    .addColumn("audio", "integer", (c) => c.notNull())
    .addColumn("video", "integer", (c) => c.notNull())
    .addColumn("screen", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("call_participants_pk", ["room", "uid"])
    .execute();
  await db.schema.createIndex("call_participants_uid").on("call_participants").column("uid").execute();
}
