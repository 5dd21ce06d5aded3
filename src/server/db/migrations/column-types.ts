import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/** The few column types that differ between SQLite and PostgreSQL, so each migration is written once. */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function idType(db: Kysely<unknown>) {
  return isPostgres(db) ? ("bigint" as const) : ("integer" as const);
}

export function idConstraints(db: Kysely<unknown>) {
  return isPostgres(db)
    ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
}

export function blobType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`bytea` : sql`blob`;
}

export function epochType(db: Kysely<unknown>) {
  return isPostgres(db) ? ("bigint" as const) : ("integer" as const);
}

/**
 * better-auth's own tables keep its types: timestamps (declared "date" in SQLite, where better-auth
 * writes ISO text, which keeps text affinity) and booleans (0/1 in SQLite).
 */
export function timestampType(db: Kysely<unknown>) {
  return isPostgres(db) ? ("timestamptz" as const) : ("date" as const);
}

export function booleanType(db: Kysely<unknown>) {
  return isPostgres(db) ? ("boolean" as const) : ("integer" as const);
}
