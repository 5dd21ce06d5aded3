import type BetterSqlite3 from "better-sqlite3";
import { sql, type Insertable, type Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Dialect } from "../db/create-database";
import type { Database, LogsTable } from "../db/schema";
import type { LogDraft, LogItemRows } from "./log-item-rows";
import { logStringKinds, type LogStringKind } from "./log-strings";
import { severityToken } from "./log-terms";

const stringFields: LogStringKind[] = ["template", "release", "environment"];
/** Log rows have a dozen columns: 200 a statement keeps far below both databases' parameter limits. */
const rowsPerStatement = 200;

/**
 * Writes the log items of a digest batch inside its write transaction: the strings they name (two statements
 * per kind and project), one payload row per item, the log rows and their search tokens — on SQLite into the
 * `logs_fts` index under the row's id, on PostgreSQL into the row's `terms` tsvector.
 *
 * `sqlite`, the connection the transaction runs on, lets the rows go through two statements prepared once per
 * connection instead of a multi-row statement Kysely builds, compiles and SQLite prepares anew for every 200
 * lines: lines come 10–100× as often as events, and that building was about half of the write's CPU
 * (docs/performance.md, "Logs").
 */
export async function writeLogs(trx: Kysely<Database>, dialect: Dialect, items: LogItemRows[], sqlite?: BetterSqlite3.Database): Promise<void> {
  if (items.length === 0) return;
  const ids = await resolveStrings(trx, items);
  for (const item of items) {
    const { id: payloadId } = await trx.insertInto("log_payloads").values({ project_id: item.projectId, received_at: item.receivedAt, body: Buffer.from(item.payload.buffer, item.payload.byteOffset, item.payload.byteLength) }).returning("id").executeTakeFirstOrThrow();
    const idOf = (kind: LogStringKind, value: string | null) => (value === null ? null : ids.get(stringKey(item.projectId, kind, value))!);
    const rowOf = (log: LogDraft, index: number): Insertable<LogsTable> => ({
      project_id: item.projectId,
      timestamp_us: log.timestampUs,
      trace_id: Buffer.from(log.traceId, "hex"),
      span_id: log.spanId === null ? null : Buffer.from(log.spanId, "hex"),
      severity: log.severity,
      template_id: idOf("template", log.template),
      release_id: idOf("release", log.release),
      environment_id: idOf("environment", log.environment),
      body: log.body,
      payload_id: Number(payloadId),
      payload_index: index,
      ...(dialect === "postgres" ? { terms: sql`array_to_tsvector(${[...(log.terms === "" ? [] : log.terms.split(" ")), severityToken(log.severity)]}::text[])` } : {}),
    });
    if (dialect === "sqlite" && sqlite) {
      insertThroughPrepared(sqlite, item, Number(payloadId), idOf);
      continue;
    }
    const rows = item.logs.map(rowOf);
    for (let start = 0; start < rows.length; start += rowsPerStatement) {
      const chunk = rows.slice(start, start + rowsPerStatement);
      if (dialect === "postgres") {
        await trx.insertInto("logs").values(chunk).execute();
        continue;
      }
      const stored = await trx.insertInto("logs").values(chunk).returning(["id", "payload_index"]).execute();
      const values = stored.map((row) => sql`(${Number(row.id)}, ${item.logs[row.payload_index]!.terms})`);
      await sql`insert into logs_fts (rowid, terms) values ${sql.join(values)}`.execute(trx);
    }
  }
}

interface LogStatements {
  log: BetterSqlite3.Statement;
  terms: BetterSqlite3.Statement;
}
const statementsOf = new WeakMap<BetterSqlite3.Database, LogStatements>();

function insertThroughPrepared(sqlite: BetterSqlite3.Database, item: LogItemRows, payloadId: number, idOf: (kind: LogStringKind, value: string | null) => number | null): void {
  let statements = statementsOf.get(sqlite);
  if (!statements) {
    statements = {
      log: sqlite.prepare("insert into logs (project_id, timestamp_us, trace_id, span_id, severity, template_id, release_id, environment_id, body, payload_id, payload_index) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
      terms: sqlite.prepare("insert into logs_fts (rowid, terms) values (?, ?)"),
    };
    statementsOf.set(sqlite, statements);
  }
  const { log: insertLog, terms: insertTerms } = statements;
  item.logs.forEach((log, index) => {
    const { lastInsertRowid } = insertLog.run(
      item.projectId,
      log.timestampUs,
      Buffer.from(log.traceId, "hex"),
      log.spanId === null ? null : Buffer.from(log.spanId, "hex"),
      log.severity,
      idOf("template", log.template),
      idOf("release", log.release),
      idOf("environment", log.environment),
      log.body,
      payloadId,
      index,
    );
    insertTerms.run(lastInsertRowid, log.terms);
  });
}

function stringKey(projectId: number, kind: LogStringKind, value: string): string {
  return `${projectId}\u0000${kind}\u0000${value}`;
}

async function resolveStrings(trx: Kysely<Database>, items: LogItemRows[]): Promise<Map<string, number>> {
  // Per project and kind, the distinct values, sorted so two PostgreSQL writers insert in the same order.
  const wanted = new Map<string, { projectId: number; kind: LogStringKind; values: Set<string> }>();
  for (const item of items) {
    for (const log of item.logs) {
      for (const kind of stringFields) {
        const value = log[kind];
        if (value === null) continue;
        const groupKey = `${item.projectId}\u0000${kind}`;
        let group = wanted.get(groupKey);
        if (!group) wanted.set(groupKey, (group = { projectId: item.projectId, kind, values: new Set() }));
        group.values.add(value);
      }
    }
  }
  const ids = new Map<string, number>();
  for (const { projectId, kind, values } of wanted.values()) {
    const sorted = [...values].sort();
    const kindCode = logStringKinds[kind];
    for (const chunk of chunks(sorted, 200)) {
      await trx
        .insertInto("log_strings")
        .values(chunk.map((value) => ({ project_id: projectId, kind: kindCode, value })))
        .onConflict((conflict) => conflict.columns(["project_id", "kind", "value"]).doNothing())
        .execute();
      const found = await trx.selectFrom("log_strings").select(["id", "value"]).where("project_id", "=", projectId).where("kind", "=", kindCode).where("value", "in", chunk).execute();
      for (const row of found) ids.set(stringKey(projectId, kind, row.value), Number(row.id));
    }
  }
  return ids;
}
