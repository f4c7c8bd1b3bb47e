import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";
import { dialectSchema } from "./helpers.js";

/**
 * Sign-in with Google, GitHub and OIDC (issue 19, docs/API.md "Third-party sign-in"): the
 * third-party identities linked to accounts, and the pending OIDC authorizations (state, nonce and
 * PKCE verifier, single-use, expiring), kept in the database so every node of a cluster can finish
 * a flow another node started.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const { big } = dialectSchema(db, dialect);
  await db.schema
    .createTable("identities")
    /** `google`, `github`, or `oidc` (then `issuer` names the provider). */
    .addColumn("provider", "text", (c) => c.notNull())
    /** The provider's issuer URL for OIDC; "" for Google and GitHub. */
    .addColumn("issuer", "text", (c) => c.notNull())
    /** The provider's stable id of the person (`sub`, GitHub's numeric id). */
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("uid", big, (c) => c.notNull())
    /** The e-mail the provider reported when it was linked (shown in the linked accounts list). */
    .addColumn("email", "text")
    .addColumn("created_at", big, (c) => c.notNull())
    .addPrimaryKeyConstraint("identities_pk", ["provider", "issuer", "subject"])
    .execute();
  await db.schema.createIndex("identities_uid").on("identities").columns(["uid"]).execute();
  await db.schema
    .createTable("oidc_states")
    /** SHA-256 of the `state` sent to the provider. */
    .addColumn("state_hash", "text", (c) => c.primaryKey())
    /** The login config entry's `domain` it was started for. */
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("redirect_uri", "text", (c) => c.notNull())
    .addColumn("expires_at", big, (c) => c.notNull())
    .execute();
}
