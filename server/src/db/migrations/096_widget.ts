import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.js";

/**
 * The embeddable widget (issue 21, docs/API.md "Widget"): a visitor's account names the widget it
 * came through (`widget_id`, the host's uid as text, as VoceChat's User objects carry it). Null for
 * every other account. The widget's settings live in the `config` table.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable("users").addColumn("widget_id", "text").execute();
}
