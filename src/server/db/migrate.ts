import { Migrator, PostgresAdapter, sql, type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, type TableMetadata } from "kysely";
import type { Database } from "./schema";
import * as initial from "./migrations/0001-initial";
import * as ingestAndDigest from "./migrations/0002-ingest-and-digest";
import * as issues from "./migrations/0003-issues";
import * as issueSearch from "./migrations/0004-issue-search";
import * as dataScrubbing from "./migrations/0005-data-scrubbing";
import * as listSortIndexes from "./migrations/0006-list-sort-indexes";
import * as accounts from "./migrations/0007-accounts";
import * as statusLastSeenIndex from "./migrations/0008-status-last-seen-index";
import * as intakeBodies from "./migrations/0009-intake-bodies";
import * as rawEnvelopeRetention from "./migrations/0010-raw-envelope-retention";
import * as retentionIndexes from "./migrations/0011-retention-indexes";
import * as incrementalVacuum from "./migrations/0012-incremental-vacuum";
import * as sourceMaps from "./migrations/0013-source-maps";
import * as alerts from "./migrations/0014-alerts";
import * as ownership from "./migrations/0017-ownership";
import * as projectTagValues from "./migrations/0015-project-tag-values";
import * as savedSearches from "./migrations/0016-saved-searches";
import * as eventTraceIds from "./migrations/0018-event-trace-ids";
import * as instanceLeases from "./migrations/0019-instance-leases";
import * as spans from "./migrations/0020-spans";
import * as webVitals from "./migrations/0021-web-vitals";
import * as slowDbQueryThreshold from "./migrations/0022-slow-db-query-threshold";
import * as spanRollups from "./migrations/0023-span-rollups";
import * as logs from "./migrations/0024-logs";
import * as savedSearchKind from "./migrations/0025-saved-search-kind";
import * as logAlertRules from "./migrations/0026-log-alert-rules";
import * as logsTimeBrin from "./migrations/0027-logs-severity-tokens-time-brin";
import * as feedback from "./migrations/0028-feedback";
import * as releaseSessions from "./migrations/0029-release-sessions";
import * as releaseCommits from "./migrations/0030-release-commits";
import * as environmentPreference from "./migrations/0031-environment-preference";
import * as sessionCountsTimeIndexes from "./migrations/0032-session-counts-time-indexes";
import * as cronMonitors from "./migrations/0033-cron-monitors";
import * as uptimeMonitors from "./migrations/0034-uptime-monitors";
import * as mcpOAuth from "./migrations/0035-mcp-oauth";
import * as replays from "./migrations/0036-replays";

/**
 * Forward-only migrations, listed in code (not read from disk) so they survive bundling.
 * Add a file under migrations/ and a line here; never edit or remove a migration that has shipped.
 */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-ingest-and-digest": ingestAndDigest,
  "0003-issues": issues,
  "0004-issue-search": issueSearch,
  "0005-data-scrubbing": dataScrubbing,
  "0006-list-sort-indexes": listSortIndexes,
  "0007-accounts": accounts,
  "0008-status-last-seen-index": statusLastSeenIndex,
  "0009-intake-bodies": intakeBodies,
  "0010-raw-envelope-retention": rawEnvelopeRetention,
  "0011-retention-indexes": retentionIndexes,
  "0012-incremental-vacuum": incrementalVacuum,
  "0013-source-maps": sourceMaps,
  "0014-alerts": alerts,
  "0017-ownership": ownership,
  "0015-project-tag-values": projectTagValues,
  "0016-saved-searches": savedSearches,
  "0018-event-trace-ids": eventTraceIds,
  "0019-instance-leases": instanceLeases,
  "0020-spans": spans,
  "0021-web-vitals": webVitals,
  "0022-slow-db-query-threshold": slowDbQueryThreshold,
  "0023-span-rollups": spanRollups,
  "0024-logs": logs,
  "0025-saved-search-kind": savedSearchKind,
  "0026-log-alert-rules": logAlertRules,
  "0027-logs-severity-tokens-time-brin": logsTimeBrin,
  "0028-feedback": feedback,
  "0029-release-sessions": releaseSessions,
  "0030-release-commits": releaseCommits,
  "0031-environment-preference": environmentPreference,
  "0032-session-counts-time-indexes": sessionCountsTimeIndexes,
  "0033-cron-monitors": cronMonitors,
  "0034-uptime-monitors": uptimeMonitors,
  "0035-mcp-oauth": mcpOAuth,
  "0036-replays": replays,
};

/** Every migration's name, oldest first (the upgrade tests start a database at each). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Applies the migrations up to and including `name` (tests of a migration's data step start there). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<Database>, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  const schema = await currentPostgresSchema(db);
  const migrator = new Migrator({
    db: schema === undefined ? db : withSchemaIntrospection(db, schema),
    provider,
    migrationTableName: "lantern_migrations",
    migrationLockTableName: "lantern_migrations_lock",
    // Without a schema, Kysely looks for its table in every schema of a PostgreSQL database and may find
    // another instance's (or another test's) instead of creating its own.
    migrationTableSchema: schema,
  });
  const { error, results = [] } = await run(migrator);
  if (error) throw error;
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/**
 * The migrator asks whether its two tables exist through `introspection.getTables()`, which on PostgreSQL
 * reads every column of every table in every schema of the database (with a sequence lookup per column). In a
 * database shared by many schemas — the test suite's, or several tenants' — that is most of a migration's time
 * (110 s of the upgrade test with a few hundred test schemas, 11 s with a dozen). The migrator is given the
 * same database with an introspection that lists the tables of its own schema only.
 */
function withSchemaIntrospection(db: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: async () => ({ tables: await introspection.getTables() }),
    getTables: async () => {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((row): TableMetadata => ({ name: row.name, schema, isView: row.kind === "v", columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields: its methods must run with the real instance as `this`.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function currentPostgresSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
