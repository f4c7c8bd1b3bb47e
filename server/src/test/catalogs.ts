import pg from "pg";

/**
 * PostgreSQL's system catalogs, kept small while the suites run.
 *
 * Every PostgreSQL test server creates a schema of some 45 tables with their indexes, sequences
 * and triggers, and drops it when it closes: about 600 catalog rows left dead per server, and a
 * unit run starts well over a thousand. Autovacuum reclaims them on a default PostgreSQL, but it
 * may be off (it is on the CI machines), and then the catalogs only grow: after a few runs
 * `pg_attribute` was 423 MB for 3,000 live rows, and the migrator's introspection of one schema
 * (a scan of `pg_class`) took 140–220 ms instead of 4 — at every server start, slower with every
 * run. docs/ARCHITECTURE.md "How the suites run".
 *
 * So the suites vacuum the catalogs themselves: in full once before a run (what earlier runs
 * left), and plainly every `VACUUM_EVERY` dropped schemas of each worker (a plain VACUUM blocks
 * no other test: it takes no lock that creating or dropping a table waits for). A role that is
 * not a superuser only gets PostgreSQL's warning that it may not, and the tests run as before.
 */
const CATALOGS = [
  "pg_attribute",
  "pg_depend",
  "pg_class",
  "pg_type",
  "pg_index",
  "pg_constraint",
  "pg_attrdef",
  "pg_sequence",
  "pg_trigger",
  "pg_namespace",
  "pg_statistic",
].map((name) => `pg_catalog.${name}`);

/** Dropped schemas between two plain vacuums, per worker: some 30,000 dead catalog rows. */
export const VACUUM_EVERY = 50;

export async function vacuumCatalogs(client: pg.Client, { full = false } = {}): Promise<void> {
  await client.query(`VACUUM ${full ? "FULL " : ""}${CATALOGS.join(", ")}`);
}

let droppedSinceVacuum = 0;

/** After `client` dropped a schema: vacuums the catalogs once every `VACUUM_EVERY` drops. */
export async function afterSchemaDropped(client: pg.Client): Promise<void> {
  droppedSinceVacuum += 1;
  if (droppedSinceVacuum < VACUUM_EVERY) return;
  droppedSinceVacuum = 0;
  await vacuumCatalogs(client);
}

/**
 * Vitest's global setup of the server projects: the full vacuum before a run (vitest.config.ts).
 * Nothing to do without `TEST_DATABASE_URL`.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await vacuumCatalogs(client, { full: true });
  } finally {
    await client.end();
  }
}
