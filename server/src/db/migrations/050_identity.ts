import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Identity (issue 5): single-use magic tokens (login links, confirmed registrations,
 * third-party login keys), stored only as their SHA-256, and the third-party user mapping.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big } = dialectSchema(db, dialect);

  await db.schema
    .createTable("magic_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    // login | register | thirdparty
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("email", "text")
    // register: the argon2id hash of the chosen password (never the password itself).
    .addColumn("password_hash", "text")
    // login: the account the link signs into (null: a new address).
    .addColumn("uid", big)
    // register: the channel of the invitation it came from.
    .addColumn("gid", big)
    // register: the invitation (invite_links.token_hash) to redeem at sign-up.
    .addColumn("invite_hash", "text")
    // login: 1 when an inviting member asked for it, so a new address may sign up even
    // on an invitation-only server.
    .addColumn("invited", "integer", (c) => c.notNull().defaultTo(0))
    // thirdparty: {userid, username} as JSON.
    .addColumn("payload", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("expires_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("magic_tokens_expires").on("magic_tokens").column("expires_at").execute();

  await db.schema
    .createTable("third_party_users")
    .addColumn("userid", "text", (c) => c.primaryKey())
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("third_party_users_uid").on("third_party_users").column("uid").execute();
}
