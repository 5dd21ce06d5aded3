import type { Kysely } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import type { Database, MonitorEnvironmentRow, MonitorRow } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { generatedEventId } from "../issues/generated-issue-events";
import { nextExpectedAfter } from "@/lib/monitor-schedule";
import { marginMs, scheduleOf } from "./monitor-config";
import { countFailure, saveEnvironmentState, storeFailures, type PendingFailure } from "./monitor-failure-events";

export interface OverdueOutcome {
  missed: number;
  timedOut: number;
  /** Failures counted on a cron issue (each may have enqueued alert deliveries). */
  issueEvents: number;
}

/** Deadlines handled per transaction: a long catch-up commits as it goes, and holds the writer briefly each time. */
const batchSize = 500;
/** 50,000 deadlines a pass at most; what is left (rows another instance holds, say) waits for the next pass. */
const maxBatchesPerPass = 100;

/**
 * One scheduler pass (monitor-watcher, on the instance holding the lease): every environment whose expected
 * check-in is past its margin gets a missed check-in for that expected time and its next deadline; every
 * in-progress check-in past its monitor's maximum runtime times out. Each failure counts towards its monitor's
 * incident. A deadline is claimed by holding its environment (SQLite's one writer; on PostgreSQL the row, taken
 * FOR UPDATE SKIP LOCKED, whose deadline another pass then sees moved on) and a timeout by a conditional update of
 * the check-in's status, in the transaction that records the failure: two instances, or a pass that died half
 * way, never report one twice. After downtime it catches up: a monitor overdue by several deadlines gets one missed
 * check-in for each, oldest first, batch after batch until none is due.
 */
export async function markOverdueCheckIns(database: LanternDatabase, now = Date.now()): Promise<OverdueOutcome> {
  const outcome: OverdueOutcome = { missed: 0, timedOut: 0, issueEvents: 0 };
  for (let batch = 0; batch < maxBatchesPerPass; batch++) {
    const handled = await writeTransaction(database, (trx) => markMissedBatch(trx, database, now, outcome));
    if (handled < batchSize) break;
  }
  for (let batch = 0; batch < maxBatchesPerPass; batch++) {
    const handled = await writeTransaction(database, (trx) => timeOutBatch(trx, database, now, outcome));
    if (handled < batchSize) break;
  }
  return outcome;
}

async function markMissedBatch(trx: Kysely<Database>, database: LanternDatabase, now: number, outcome: OverdueOutcome): Promise<number> {
  let query = trx
    .selectFrom("monitor_environments")
    .selectAll("monitor_environments")
    .where("next_checkin_latest", "<=", now)
    .orderBy("next_checkin_latest")
    .limit(batchSize);
  if (database.dialect === "postgres") query = query.forUpdate().skipLocked();
  const due = await query.execute();
  if (due.length === 0) return 0;
  const monitors = await loadMonitors(trx, due.map((environment) => environment.monitor_id));
  const failures: PendingFailure[] = [];
  for (const environment of due) {
    const monitor = monitors.get(environment.monitor_id);
    for (let deadlines = 0; deadlines < maxDeadlinesPerPass; deadlines++) {
      if (environment.next_checkin_latest === null || environment.next_checkin_latest > now) break;
      if (!(await markMissed(trx, monitor, environment, now, outcome, failures))) break;
    }
    await saveEnvironmentState(trx, environment);
  }
  outcome.issueEvents += await storeFailures(trx, database.dialect, failures);
  return due.length;
}

/** Deadlines of one environment handled in one pass (a minutely monitor down for 16 hours); the rest next pass. */
const maxDeadlinesPerPass = 1_000;

/**
 * Moves the environment past its passed deadline (in memory; written once per environment) and records that
 * deadline missed. The environment is this transaction's alone: SQLite's one writer, PostgreSQL's row lock
 * taken when the batch was selected (FOR UPDATE SKIP LOCKED: another pass skips it rather than wait). False
 * when there is nothing more to do for the environment.
 */
async function markMissed(trx: Kysely<Database>, monitor: MonitorRow | undefined, environment: MonitorEnvironmentRow, now: number, outcome: OverdueOutcome, failures: PendingFailure[]): Promise<boolean> {
  const expectedTime = environment.next_checkin_at;
  // A disabled monitor (or a deadline without its expected time) stops waiting instead of missing.
  const next = !monitor || monitor.status === "disabled" || expectedTime === null ? null : nextExpectedAfter(scheduleOf(monitor), expectedTime);
  Object.assign(environment, { next_checkin_at: next, next_checkin_latest: next === null || !monitor ? null : next + marginMs(monitor) });
  if (!monitor || next === null || expectedTime === null) return false;
  const checkInId = generatedEventId("missed", environment.id, expectedTime);
  const inserted = await trx
    .insertInto("monitor_checkins")
    .values({
      monitor_id: monitor.id,
      monitor_environment_id: environment.id,
      project_id: monitor.project_id,
      check_in_id: checkInId,
      status: "missed",
      duration_ms: null,
      // Placed where the check-in should have been, so timelines show the gap where it is.
      date_added: expectedTime,
      date_updated: now,
      date_in_progress: null,
      expected_time: expectedTime,
      timeout_at: null,
      trace_id: null,
      release: null,
      issue_id: null,
    })
    .onConflict((conflict) => conflict.columns(["monitor_environment_id", "check_in_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  // Recorded before (a pass that wrote it and died before moving the deadline on cannot commit one without the other, but a restored backup can).
  if (!inserted) return true;
  outcome.missed += 1;
  const failure = countFailure(monitor, environment, { id: Number(inserted.id), checkInId, expectedTime, traceId: null, release: null }, "missed", now);
  if (failure) failures.push(failure);
  return true;
}

async function timeOutBatch(trx: Kysely<Database>, database: LanternDatabase, now: number, outcome: OverdueOutcome): Promise<number> {
  const query = trx
    .selectFrom("monitor_checkins")
    .select(["id", "monitor_id", "monitor_environment_id", "check_in_id", "expected_time", "trace_id", "release"])
    .where("status", "=", "in_progress")
    .where("timeout_at", "<=", now)
    .orderBy("timeout_at")
    .limit(batchSize);
  const overdue = await query.execute();
  if (overdue.length === 0) return 0;
  const monitors = await loadMonitors(trx, overdue.map((checkIn) => checkIn.monitor_id));
  const environments = await loadEnvironments(trx, database, overdue.map((checkIn) => checkIn.monitor_environment_id));
  const failures: PendingFailure[] = [];
  const changed = new Set<MonitorEnvironmentRow>();
  for (const checkIn of overdue) {
    const timedOut = await trx
      .updateTable("monitor_checkins")
      .set({ status: "timeout", date_updated: now, timeout_at: null })
      .where("id", "=", checkIn.id)
      .where("status", "=", "in_progress")
      .executeTakeFirst();
    const monitor = monitors.get(checkIn.monitor_id);
    const environment = environments.get(checkIn.monitor_environment_id);
    if (Number(timedOut.numUpdatedRows) === 0 || !monitor || !environment) continue;
    outcome.timedOut += 1;
    const failure = countFailure(monitor, environment, { id: Number(checkIn.id), checkInId: checkIn.check_in_id, expectedTime: checkIn.expected_time, traceId: checkIn.trace_id, release: checkIn.release }, "timeout", now);
    if (failure) failures.push(failure);
    changed.add(environment);
  }
  for (const environment of changed) await saveEnvironmentState(trx, environment);
  outcome.issueEvents += await storeFailures(trx, database.dialect, failures);
  return overdue.length;
}

async function loadMonitors(trx: Kysely<Database>, ids: number[]): Promise<Map<number, MonitorRow>> {
  const rows = await trx.selectFrom("monitors").selectAll().where("id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The environments of overdue check-ins, locked on PostgreSQL before any check-in row is written (digest takes
 * an environment's lock before its check-ins too, so the two never wait on each other in opposite orders);
 * one a digester holds is skipped, and its check-ins time out at the next pass.
 */
async function loadEnvironments(trx: Kysely<Database>, database: LanternDatabase, ids: number[]): Promise<Map<number, MonitorEnvironmentRow>> {
  let query = trx.selectFrom("monitor_environments").selectAll().where("id", "in", [...new Set(ids)]).orderBy("id");
  if (database.dialect === "postgres") query = query.forUpdate().skipLocked();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row]));
}
