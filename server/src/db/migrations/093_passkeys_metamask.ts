import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Sign-in with MetaMask and passkeys (issue 19, docs/API.md "MetaMask and passkeys"): the nonces
 * handed out to sign and the WebAuthn challenges (both single-use and expiring, kept in the
 * database so any node of a cluster can finish what another started), the wallet addresses linked
 * to accounts, and each account's passkeys.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big, createSerialTable } = dialectSchema(db, dialect);
  await db.schema
    .createTable("metamask_nonces")
    /** The text the wallet signs (EIP-191 `personal_sign`). */
    .addColumn("nonce", "text", (c) => c.primaryKey())
    /** The address it was handed out for, lower-cased: only that address's signature redeems it. */
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("expires_at", big, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("metamask_accounts")
    /** The wallet address, lower-cased `0x` hex. */
    .addColumn("address", "text", (c) => c.primaryKey())
    .addColumn("uid", big, (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("metamask_accounts_uid").on("metamask_accounts").columns(["uid"]).execute();
  await createSerialTable("passkeys", "id")
    .addColumn("uid", big, (c) => c.notNull())
    /** The authenticator's credential id, base64url. */
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    /** The COSE public key, base64url. */
    .addColumn("public_key", "text", (c) => c.notNull())
    /** The signature counter last seen (0 for authenticators that keep none). */
    .addColumn("counter", big, (c) => c.notNull())
    /** JSON array of the transports the browser reported, handed back as hints. */
    .addColumn("transports", "text", (c) => c.notNull())
    /** The relying party id it was made for (the frontend URL's host). */
    .addColumn("rp_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", big, (c) => c.notNull())
    .addColumn("last_used_at", big)
    .execute();
  await db.schema.createIndex("passkeys_uid").on("passkeys").columns(["uid"]).execute();
  await db.schema
    .createTable("passkey_challenges")
    /** The `challenge_id` the client echoes: random, base64url. */
    .addColumn("id", "text", (c) => c.primaryKey())
    /** `register` (then `uid` and `name` are set) or `auth`. */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("challenge", "text", (c) => c.notNull())
    .addColumn("uid", big)
    .addColumn("name", "text")
    .addColumn("rp_id", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("expires_at", big, (c) => c.notNull())
    .execute();
}
