import { deflateSync } from "node:zlib";
import { sql, type Kysely } from "kysely";
import type { Dialect } from "@/server/db/create-database";
import type { Database } from "@/server/db/schema";
import { normalizeEvent, type NormalizedEvent } from "@/server/digest/normalize-event";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { envelopeFromFixture, type EventPatch } from "../support/event-envelopes";

/**
 * What the upgrade seeds write with. Rows go in as plain SQL naming their columns, never through today's
 * typed queries or verbs: a seed must be valid for the schema of ITS version, and today's code knows only
 * today's schema.
 */
export interface SeedTarget {
  db: Kysely<Database>;
  dialect: Dialect;
}

type SqlValue = string | number | boolean | null | Uint8Array;

/** `insert into <table> (<columns>) values (…)`, the columns named by the row's keys. */
export async function insertRow(target: SeedTarget, table: string, row: Record<string, SqlValue>): Promise<void> {
  await insertSql(table, row).execute(target.db);
}

/** The same, answering the new row's id (tables with an `id` column). */
export async function insertRowReturningId(target: SeedTarget, table: string, row: Record<string, SqlValue>): Promise<number> {
  const { rows } = await sql<{ id: number | string }>`${insertSql(table, row)} returning id`.execute(target.db);
  return Number(rows[0]!.id);
}

/** Many rows of the same columns, a hundred per statement. */
export async function insertRows(target: SeedTarget, table: string, rows: Record<string, SqlValue>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 100) {
    const batch = rows.slice(start, start + 100);
    const columns = Object.keys(batch[0]!).map((column) => sql.ref(column));
    const values = batch.map((row) => sql`(${sql.join(Object.values(row).map((value) => sql.val(value)))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns)}) values ${sql.join(values)}`.execute(target.db);
  }
}

function insertSql(table: string, row: Record<string, SqlValue>) {
  const columns = Object.keys(row).map((column) => sql.ref(column));
  const values = Object.values(row).map((value) => sql.val(value));
  return sql`insert into ${sql.table(table)} (${sql.join(columns)}) values (${sql.join(values)})`;
}

export async function execute(target: SeedTarget, statement: ReturnType<typeof sql>): Promise<void> {
  await statement.execute(target.db);
}

/** One value of a query (an id looked up by a natural key, so each seed finds the rows of earlier ones). */
export async function selectValue(target: SeedTarget, query: ReturnType<typeof sql<{ value: unknown }>>): Promise<number> {
  const { rows } = await query.execute(target.db);
  if (rows.length === 0) throw new Error(`the seed expected a row: ${query.compile(target.db).sql}`);
  return Number(rows[0]!.value);
}

/** better-auth's timestamp columns (0007): timestamptz in PostgreSQL, ISO text in SQLite. */
export function authTime(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** better-auth's booleans: boolean in PostgreSQL, 0/1 in SQLite. */
export function authBoolean(target: SeedTarget, value: boolean): boolean | number {
  return target.dialect === "postgres" ? value : Number(value);
}

export interface FixtureEvent {
  /** The raw envelope as the SDK sent it (a real capture from tests/fixtures/envelopes, patched). */
  envelope: Uint8Array;
  /** What digest makes of its event: the stored payload and its columns. */
  normalized: NormalizedEvent;
  /** The stored payload: the normalized event as deflated JSON. */
  payload: Uint8Array;
}

/**
 * A captured SDK envelope with its event patched (id, message, time, release…), and the row digest would
 * store for it, so the events, issues and raw envelopes of a seed agree with each other.
 */
export function fixtureEvent(name: string, receivedAt: number, patch: EventPatch): FixtureEvent {
  const envelope = envelopeFromFixture(name, patch);
  const item = parseEnvelope(envelope).items[0]!;
  const raw = JSON.parse(new TextDecoder().decode(item.payload)) as unknown;
  const normalized = normalizeEvent(raw, { receivedAt, clientIp: "203.0.113.7" });
  return { envelope, normalized, payload: deflateSync(JSON.stringify(normalized.event)) };
}
