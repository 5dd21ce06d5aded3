import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Dialect } from "../db/create-database";
import type { Database, MonitorEnvironmentRow, MonitorRow } from "../db/schema";
import { nextExpectedAfter } from "@/lib/monitor-schedule";
import { marginMs, maxRuntimeMs, scheduleColumns, scheduleOf, type MonitorConfigInput } from "./monitor-config";
import { countFailure, countSuccess, resolveCronIssue, saveEnvironmentState, storeFailures, type FailedCheckIn, type PendingFailure } from "./monitor-failure-events";
import { nilCheckInId, type CheckInInput } from "./read-check-in-item";

/** Why a check-in was not recorded (digest keeps the reason on the envelope). */
export interface CheckInProblem {
  intakeId: number;
  reason: string;
}

/**
 * Records a batch's check-ins, in the order received, inside digest's write transaction: the monitor is
 * created or its config updated from `monitor_config` (Sentry's upsert), the environment's next expected
 * time moves on from each new check-in, an ok or error check-in finishes the in-progress one it names (or,
 * without an id, the newest), and each outcome counts towards the monitor's incident (monitor-failure-events).
 * A check-in id seen before in the environment is not counted again, so a digested envelope sent twice is
 * counted once. Returns the check-ins that could not be recorded, with why.
 */
export async function recordCheckIns(trx: Kysely<Database>, dialect: Dialect, checkIns: CheckInInput[]): Promise<CheckInProblem[]> {
  const batch: Batch = { trx, dialect, monitors: new Map(), environments: new Map(), failures: [] };
  const problems: CheckInProblem[] = [];
  for (const checkIn of checkIns) {
    const key = `${checkIn.projectId}\u0000${checkIn.slug}`;
    let monitor = batch.monitors.get(key);
    if (monitor === undefined || (checkIn.config && (monitor === null || configChanges(monitor, checkIn.config)))) {
      monitor = await upsertMonitor(trx, checkIn.projectId, checkIn.slug, checkIn.config, checkIn.receivedAt);
      batch.monitors.set(key, monitor);
    }
    if (!monitor) {
      problems.push({ intakeId: checkIn.intakeId, reason: `no monitor "${checkIn.slug}" in this project, and the check-in has no monitor_config to create it` });
      continue;
    }
    if (monitor.status === "disabled") {
      problems.push({ intakeId: checkIn.intakeId, reason: `the monitor "${checkIn.slug}" is disabled` });
      continue;
    }
    await recordCheckIn(batch, monitor, await environmentOf(batch, monitor, checkIn.environment, checkIn.receivedAt), checkIn);
  }
  for (const environment of batch.environments.values()) await saveEnvironmentState(trx, environment);
  await storeFailures(trx, dialect, batch.failures);
  return problems;
}

/** One batch's monitors and environments (each read once, then changed in memory and written once) and its failures waiting to be stored. */
interface Batch {
  trx: Kysely<Database>;
  dialect: Dialect;
  monitors: Map<string, MonitorRow | null>;
  environments: Map<string, MonitorEnvironmentRow>;
  failures: PendingFailure[];
}

async function recordCheckIn(batch: Batch, monitor: MonitorRow, environment: MonitorEnvironmentRow, checkIn: CheckInInput): Promise<void> {
  const { trx } = batch;
  const now = checkIn.receivedAt;
  const open = await findCheckInToFinish(trx, environment.id, checkIn);
  if (open) {
    // A check-in is final once ok, error, missed or timed out; a later update of it changes nothing.
    if (open.status !== "in_progress" || checkIn.status === "in_progress") return;
    const durationMs = checkIn.durationMs ?? Math.max(0, now - (open.date_in_progress ?? open.date_added));
    await trx.updateTable("monitor_checkins").set({ status: checkIn.status, duration_ms: durationMs, date_updated: now, timeout_at: null }).where("id", "=", open.id).where("status", "=", "in_progress").execute();
    await countOutcome(batch, monitor, environment, { id: Number(open.id), checkInId: open.check_in_id, expectedTime: open.expected_time, traceId: checkIn.traceId, release: checkIn.release }, checkIn.status, now);
    return;
  }
  const checkInId = checkIn.checkInId === nilCheckInId ? randomUUID().replaceAll("-", "") : checkIn.checkInId;
  const isInProgress = checkIn.status === "in_progress";
  const expectedTime = environment.next_checkin_at;
  const inserted = await trx
    .insertInto("monitor_checkins")
    .values({
      monitor_id: monitor.id,
      monitor_environment_id: environment.id,
      project_id: monitor.project_id,
      check_in_id: checkInId,
      status: checkIn.status,
      duration_ms: isInProgress ? null : checkIn.durationMs,
      date_added: now,
      date_updated: now,
      date_in_progress: isInProgress ? now : null,
      expected_time: expectedTime,
      timeout_at: isInProgress ? now + maxRuntimeMs(monitor) : null,
      trace_id: checkIn.traceId,
      release: checkIn.release,
      issue_id: null,
    })
    .onConflict((conflict) => conflict.columns(["monitor_environment_id", "check_in_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return;
  const next = nextExpectedAfter(scheduleOf(monitor), now);
  Object.assign(environment, { last_checkin_at: now, next_checkin_at: next, next_checkin_latest: next + marginMs(monitor) });
  if (checkIn.status !== "in_progress") await countOutcome(batch, monitor, environment, { id: Number(inserted.id), checkInId, expectedTime, traceId: checkIn.traceId, release: checkIn.release }, checkIn.status, now);
}

async function countOutcome(batch: Batch, monitor: MonitorRow, environment: MonitorEnvironmentRow, checkIn: FailedCheckIn, status: "ok" | "error", now: number): Promise<void> {
  if (status === "error") {
    const failure = countFailure(monitor, environment, checkIn, "error", now);
    if (failure) batch.failures.push(failure);
    return;
  }
  if (!countSuccess(monitor, environment)) return;
  // The failures counted before this recovery go to the issue first, so resolving it is the last word.
  await storeFailures(batch.trx, batch.dialect, batch.failures.splice(0));
  await resolveCronIssue(batch.trx, monitor, environment);
}

/** The check-in this one updates: the one with its id, or without an id the environment's newest in progress. */
async function findCheckInToFinish(trx: Kysely<Database>, environmentId: number, checkIn: CheckInInput) {
  // An in-progress check-in finishes nothing: new, it is inserted; sent again, the insert finds it and stops.
  if (checkIn.status === "in_progress") return undefined;
  const query = trx.selectFrom("monitor_checkins").select(["id", "check_in_id", "status", "date_added", "date_in_progress", "expected_time"]).where("monitor_environment_id", "=", environmentId);
  if (checkIn.checkInId !== nilCheckInId) return query.where("check_in_id", "=", checkIn.checkInId).executeTakeFirst();
  return query.where("status", "=", "in_progress").orderBy("date_added", "desc").limit(1).executeTakeFirst();
}

async function upsertMonitor(trx: Kysely<Database>, projectId: number, slug: string, config: MonitorConfigInput | null, now: number): Promise<MonitorRow | null> {
  const existing = await trx.selectFrom("monitors").selectAll().where("project_id", "=", projectId).where("slug", "=", slug).executeTakeFirst();
  if (!config) return existing ?? null;
  const values = configColumns(config);
  if (existing) {
    const changes = configChanges(existing, config);
    if (!changes) return existing;
    return trx.updateTable("monitors").set({ ...changes, updated_at: now }).where("id", "=", existing.id).returningAll().executeTakeFirstOrThrow();
  }
  await trx
    .insertInto("monitors")
    .values({ project_id: projectId, slug, name: slug, ...values, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(["project_id", "slug"]).doNothing())
    .execute();
  const created = await trx.selectFrom("monitors").selectAll().where("project_id", "=", projectId).where("slug", "=", slug).executeTakeFirstOrThrow();
  return created;
}

/** The columns `config` would change on the monitor, or null when it names what the monitor has. */
function configChanges(monitor: MonitorRow, config: MonitorConfigInput): Partial<MonitorRow> | null {
  const values = configColumns(config);
  const changes = Object.fromEntries(Object.entries(values).filter(([column, value]) => value !== undefined && value !== monitor[column as keyof MonitorRow]));
  return Object.keys(changes).length > 0 ? changes : null;
}

/** The monitor columns a `monitor_config` sets; what it leaves out stays (undefined: not sent). */
function configColumns(config: MonitorConfigInput) {
  return {
    ...scheduleColumns(config.schedule),
    timezone: config.timezone ?? undefined,
    checkin_margin: config.checkinMargin ?? undefined,
    max_runtime: config.maxRuntime ?? undefined,
    failure_issue_threshold: config.failureIssueThreshold ?? undefined,
    recovery_threshold: config.recoveryThreshold ?? undefined,
    owner: config.owner ?? undefined,
  };
}

async function environmentOf({ trx, dialect, environments }: Batch, monitor: MonitorRow, name: string, now: number): Promise<MonitorEnvironmentRow> {
  const key = `${monitor.id}\u0000${name}`;
  const known = environments.get(key);
  if (known) return known;
  // PostgreSQL: the row stays locked until commit, so the scheduler's claim on the same deadline waits and then
  // sees the check-in's new deadline (digesters and the scheduler never both count one).
  const select = () => {
    const query = trx.selectFrom("monitor_environments").selectAll().where("monitor_id", "=", monitor.id).where("environment", "=", name);
    return (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  };
  let environment = await select();
  if (!environment) {
    await trx
      .insertInto("monitor_environments")
      .values({ monitor_id: monitor.id, project_id: monitor.project_id, environment: name, created_at: now })
      .onConflict((conflict) => conflict.columns(["monitor_id", "environment"]).doNothing())
      .execute();
    environment = (await select())!;
  }
  environments.set(key, environment);
  return environment;
}
