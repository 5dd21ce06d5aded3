import { sql, type Kysely } from "kysely";
import type { LanternConfig } from "../config";
import { chunks } from "../db/chunks";
import { walSizeLimitBytes, type LanternDatabase } from "../db/create-database";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";

const dayMs = 86_400_000;

/** Events one step looks at (and so deletes at most): a step holds the write lock for a few milliseconds. */
export const defaultPruneStepSize = 1_000;

export type PruneStepKind = "age" | "cap" | "budget";

export interface PruneStep {
  kind: PruneStepKind;
  /** Events the step looked at; it deleted at most this many. */
  examined: number;
  deleted: number;
  milliseconds: number;
}

export interface PruneOptions {
  stepSize?: number;
  /** Called after every step (the benchmark's timings, the tests' bound). */
  onStep?: (step: PruneStep) => void;
}

/** Where a walk through events in (timestamp, id) order has got to. */
export interface EventCursor {
  timestamp: number;
  id: number;
}

export const walkStart: EventCursor = { timestamp: Number.MIN_SAFE_INTEGER, id: 0 };

export interface WindowEvent {
  id: number;
  event_id: string;
  project_id: number;
  timestamp: number;
  /** 1 when the event is its issue's first or newest, which retention never deletes. */
  is_protected: number;
}

/**
 * True for an issue's first (oldest) or newest event. Each probe is one seek in events_issue_timestamp
 * (issue_id, timestamp): it starts at the event's own timestamp and stops at the first other event, so
 * the cost does not grow with the issue's size. Events without an issue have nothing to protect.
 */
const isFirstOrNewest = sql<boolean>`e.issue_id is not null and (
    not exists (select 1 from events o where o.issue_id = e.issue_id and o.timestamp <= e.timestamp and (o.timestamp < e.timestamp or o.id < e.id))
    or not exists (select 1 from events o where o.issue_id = e.issue_id and o.timestamp >= e.timestamp and (o.timestamp > e.timestamp or o.id > e.id)))`;
const isProtected = sql<number>`case when ${isFirstOrNewest} then 1 else 0 end`;

/**
 * The next `limit` events of one project after `after`, oldest first, older than `before` — a range of
 * events_project_timestamp (project_id, timestamp, id), however many events the project holds.
 */
export async function readEventWindow(db: Kysely<Database>, projectId: number, after: EventCursor, limit: number, before = Number.MAX_SAFE_INTEGER): Promise<WindowEvent[]> {
  const { rows } = await sql<WindowEvent>`
    select e.id, e.event_id, e.project_id, e.timestamp, ${isProtected} as is_protected
    from events e
    where e.project_id = ${projectId} and e.timestamp < ${before}
      and e.timestamp >= ${after.timestamp} and (e.timestamp > ${after.timestamp} or e.id > ${after.id})
    order by e.timestamp, e.id
    limit ${limit}`.execute(db);
  return rows;
}

/** Those of `events` that are, in this transaction, neither their issue's first nor its newest event. */
export async function filterDeletable<T extends Pick<WindowEvent, "id">>(db: Kysely<Database>, events: T[]): Promise<T[]> {
  if (events.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    select e.id from events e where e.id in (${sql.join(events.map((event) => event.id))}) and not (${isFirstOrNewest})`.execute(db);
  const ids = new Set(rows.map((row) => Number(row.id)));
  return events.filter((event) => ids.has(event.id));
}

/** Deletes the given events and their attachments; returns how many events went. */
export async function deleteEvents(db: Kysely<Database>, events: Pick<WindowEvent, "id" | "event_id" | "project_id">[]): Promise<number> {
  let deleted = 0;
  for (const chunk of chunks(events, 500)) {
    const result = await db.deleteFrom("events").where("id", "in", chunk.map((event) => event.id)).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    for (const projectId of new Set(chunk.map((event) => event.project_id))) {
      const eventIds = chunk.filter((event) => event.project_id === projectId).map((event) => event.event_id);
      await db.deleteFrom("attachments").where("project_id", "=", projectId).where("event_id", "in", eventIds).execute();
    }
  }
  return deleted;
}

/**
 * Runs one step in its own write transaction, so the write lock (and, under `lantern start`, the write
 * gate) is let go between steps and ingest's group commits get their turn; then yields the event loop.
 */
export async function runPruneStep<T extends { examined: number; deleted: number }>(database: LanternDatabase, kind: PruneStepKind, options: PruneOptions, step: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await writeTransaction(database, step);
  options.onStep?.({ kind, examined: result.examined, deleted: result.deleted, milliseconds: performance.now() - startedAt });
  if (result.deleted > 0) await checkpointBetweenSteps(database);
  await new Promise((resolve) => setImmediate(resolve));
  return result;
}

/**
 * SQLite: copies the step's pages from the WAL into the database outside the write lock (the digest
 * thread's connection never checkpoints by itself), so a long prune does not grow the WAL by gigabytes.
 * Past its size limit the rest is copied holding the gate, as the digest worker does, so the WAL starts over.
 */
async function checkpointBetweenSteps(database: LanternDatabase): Promise<void> {
  if (database.dialect !== "sqlite") return;
  const { walBytes } = database.checkpointWal();
  if (walBytes >= walSizeLimitBytes && database.writeGate) await database.writeGate.hold(async () => database.checkpointWal());
}

/**
 * Retention: deletes events older than the project's maximum age and, per issue, all but the newest
 * `max_events_per_issue` — but never an issue's first or newest event, so its page can always show both.
 * Counters live on the issue and are not touched, so counts and first/last seen survive. Works in steps of
 * at most `stepSize` events, each an index range, so a step costs the same at 10 million events as at
 * 10 thousand (bench/retention.ts). Returns how many events were deleted.
 */
export async function pruneEvents(database: LanternDatabase, defaults: Pick<LanternConfig["retention"], "days" | "maxEventsPerIssue">, now = Date.now(), options: PruneOptions = {}): Promise<number> {
  const projects = await database.db.selectFrom("projects").select(["id", "retention_days", "max_events_per_issue"]).execute();
  let deleted = 0;
  for (const project of projects) {
    deleted += await pruneByAge(database, project.id, now - (project.retention_days ?? defaults.days) * dayMs, options);
    deleted += await pruneByIssueCap(database, project.id, Math.max(1, project.max_events_per_issue ?? defaults.maxEventsPerIssue), options);
  }
  return deleted;
}

/** Walks the project's events older than the cutoff, oldest first, a window per step. */
async function pruneByAge(database: LanternDatabase, projectId: number, cutoff: number, options: PruneOptions): Promise<number> {
  const stepSize = options.stepSize ?? defaultPruneStepSize;
  let cursor = walkStart;
  let deleted = 0;
  for (;;) {
    const step = await runPruneStep(database, "age", options, async (trx) => {
      const window = await readEventWindow(trx, projectId, cursor, stepSize, cutoff);
      const last = window.at(-1);
      if (last) cursor = { timestamp: last.timestamp, id: last.id };
      return { examined: window.length, deleted: await deleteEvents(trx, window.filter((event) => !event.is_protected)) };
    });
    deleted += step.deleted;
    if (step.examined < stepSize) return deleted;
  }
}

/**
 * Per-issue caps. Only issues seen more often than the cap can hold more events than it (an issue's
 * stored events never outnumber its times_seen), so only those are looked at; for each, the (cap+1)-th
 * newest event is one range of events_issue_timestamp, and every event up to it but the issue's first is
 * over the cap. A step deletes at most `stepSize` of them.
 */
async function pruneByIssueCap(database: LanternDatabase, projectId: number, cap: number, options: PruneOptions): Promise<number> {
  const stepSize = options.stepSize ?? defaultPruneStepSize;
  const candidates = await database.db.selectFrom("issues").select("id").where("project_id", "=", projectId).where("times_seen", ">", cap).orderBy("id").execute();
  let deleted = 0;
  for (const { id: issueId } of candidates) {
    for (;;) {
      const step = await runPruneStep(database, "cap", options, async (trx) => {
        const { rows: boundary } = await sql<EventCursor>`
          select timestamp, id from events where issue_id = ${issueId} order by timestamp desc, id desc limit 1 offset ${cap}`.execute(trx);
        if (!boundary[0]) return { examined: 0, deleted: 0 };
        const { timestamp, id } = boundary[0];
        // Oldest first, skipping the first row: the issue's first event.
        const { rows: overCap } = await sql<WindowEvent>`
          select id, event_id, project_id, timestamp, 0 as is_protected from events
          where issue_id = ${issueId} and timestamp <= ${timestamp} and (timestamp < ${timestamp} or id <= ${id})
          order by timestamp, id limit ${stepSize} offset 1`.execute(trx);
        return { examined: overCap.length, deleted: await deleteEvents(trx, overCap) };
      });
      deleted += step.deleted;
      if (step.examined < stepSize) break;
    }
  }
  return deleted;
}
