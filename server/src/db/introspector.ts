import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";

/** The migrator's own tables (Kysely's default names). */
const KYSELY_TABLE = /^kysely_migration(_lock)?$/;

interface ColumnRow {
  table: string;
  table_type: string;
  name: string;
  data_type: string;
  type_schema: string;
  nullable: boolean;
  has_default: boolean;
  auto: boolean;
}

/**
 * Introspection of the connection's own schema (`search_path`, i.e. `DATABASE_SCHEMA`) only.
 * Kysely's PostgreSQL introspector lists every table of every schema and calls
 * `pg_get_serial_sequence` on each, so another Parley on the same database dropping its schema
 * at that moment fails the query ("relation … does not exist") — and the migrator introspects
 * at every start. A server has no business with other schemas' tables anyway.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      select ns.nspname as schema, c.relname as table, c.relkind as table_type, a.attname as name,
        t.typname as data_type, tns.nspname as type_schema, not a.attnotnull as nullable,
        a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as auto
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: TableMetadata["columns"][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLE.test(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === "v", columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.name,
        dataType: row.data_type,
        dataTypeSchema: row.type_schema,
        isNullable: row.nullable,
        isAutoIncrementing: row.auto,
        hasDefaultValue: row.has_default,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL with `CurrentSchemaIntrospector`: what `db.introspection` and the migrator see. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
