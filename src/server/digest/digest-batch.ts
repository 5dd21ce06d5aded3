import type { Insertable, Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { LanternDatabase } from "../db/create-database";
import type { Database, OutcomesTable, ReleasesTable } from "../db/schema";
import { writeSessionCounts } from "./write-session-counts";
import { writeTransaction } from "../db/write-transaction";
import { storeEvents } from "../issues/generated-issue-events";
import { recordCheckIns, type CheckInProblem } from "../monitors/record-check-ins";
import { evaluateFeedbackAlerts, type NewFeedback } from "../alerts/evaluate-feedback-alerts";
import type { DigestRows } from "./digest-envelope";
import { digestIntake, type Digest, type IntakeForDigest } from "./digest-intake";
import { selectIntakeWithBodies } from "../intake/intake-writer";
import { encodeRawBodySync } from "../intake/raw-body";
import { deleteRawEnvelopes } from "../storage/raw-delete-envelopes";
import { writeSpans } from "../spans/write-spans";
import { writeLogs } from "../logs/write-logs";
import { writeReplays } from "../replays/write-replays";
import { processSourceMapCache, type SourceMapCache } from "../sourcemaps/source-map-cache";

/** Runs digest's CPU steps over some envelopes: here (digestIntake) or on a pool of threads (DigestPool). */
export type IntakeDigester = (intake: IntakeForDigest[]) => Promise<Digest>;

interface BatchOptions {
  /** LANTERN_RAW_RETENTION_HOURS; 0 deletes each raw envelope in the transaction that digests it. */
  rawHours?: number;
  /** Parsed source maps and artifact lookups kept between batches (default: this process's). */
  sourceMaps?: SourceMapCache;
  /** Where the CPU steps run (default: on this thread, reading through `database`). */
  digestWith?: IntakeDigester;
}

/**
 * Digests up to `limit` waiting envelopes and marks them digested in the same write transaction as their
 * rows, so a crash either keeps all of a batch's writes or none. On SQLite (one instance, one digester)
 * the envelopes are read and normalized before the write lock is taken, so ingest's commits are held up
 * only by the inserts; PostgreSQL instances claim rows with FOR UPDATE SKIP LOCKED inside the
 * transaction, so several can digest side by side. Returns how many were digested.
 */
export async function digestBatch(database: LanternDatabase, limit = 200, options: BatchOptions = {}): Promise<number> {
  const keepsBodies = options.rawHours !== 0;
  const sourceMaps = options.sourceMaps ?? processSourceMapCache();
  const digestHere = (db: Kysely<Database>, intake: IntakeForDigest[]) => digestIntake(db, intake, sourceMaps);
  if (database.dialect === "postgres") {
    return database.db.transaction().execute(async (trx) => {
      const intake = await selectWaiting(trx, limit).forUpdate("intake").skipLocked().execute();
      if (intake.length === 0) return 0;
      await writeDigest(trx, database, await (options.digestWith ?? ((rows) => digestHere(trx, rows)))(intake), keepsBodies);
      return intake.length;
    });
  }
  const intake = await selectWaiting(database.db, limit).execute();
  if (intake.length === 0) return 0;
  let digest = await (options.digestWith ?? ((rows) => digestHere(database.db, rows)))(intake);
  return writeTransaction(database, async (trx) => {
    // Read before the lock: should another digester (a second process on the same file) have taken some of
    // these envelopes meanwhile, digest only the ones still waiting, so no counter is added twice.
    const stillWaiting = await trx.selectFrom("intake").select("id").where("id", "in", intake.map((row) => row.id)).where("digested_at", "is", null).execute();
    if (stillWaiting.length !== intake.length) {
      const waiting = new Set(stillWaiting.map((row) => row.id));
      digest = await digestHere(trx, intake.filter((row) => waiting.has(row.id)));
    }
    await writeDigest(trx, database, digest, keepsBodies);
    return stillWaiting.length;
  });
}

function selectWaiting(db: Kysely<Database>, limit: number) {
  return selectIntakeWithBodies(db)
    .select(["intake.id", "intake.project_id", "intake.received_at", "intake.client_ip", "intake.body_bytes", "intake_bodies.body", "intake_bodies.encoding"])
    .where("intake.digested_at", "is", null)
    .orderBy("intake.id")
    .limit(limit);
}

async function writeDigest(trx: Kysely<Database>, database: LanternDatabase, { rows, clean: digested, failed: unreadable, usedBundles }: Digest, keepsBodies: boolean): Promise<void> {
  const checkInProblems = await writeRows(trx, database, rows);
  const { clean, failed } = withCheckInProblems(digested, unreadable, checkInProblems);
  // Retention keeps bundles that still resolve frames.
  if (usedBundles.length > 0) await trx.updateTable("artifact_bundles").set({ last_used_at: Date.now() }).where("id", "in", usedBundles).execute();
  // Nothing raw outlives digest at LANTERN_RAW_RETENTION_HOURS=0: neither the body nor its row in the received list.
  if (!keepsBodies) return deleteRawEnvelopes(trx, [...clean, ...failed.map((row) => row.id)]);
  const now = Date.now();
  for (let start = 0; start < clean.length; start += 500) {
    await trx.updateTable("intake").set({ digested_at: now }).where("id", "in", clean.slice(start, start + 500)).execute();
  }
  for (const { id, problems } of failed) await trx.updateTable("intake").set({ digested_at: now, digest_error: problems }).where("id", "=", id).execute();
  for (const { id, body, summary } of rows.scrubbedBodies) {
    const stored = encodeRawBodySync(body);
    await trx.updateTable("intake_bodies").set({ body: stored.body, encoding: stored.encoding }).where("intake_id", "=", id).execute();
    await trx.updateTable("intake").set({ body_bytes: body.length, summary }).where("id", "=", id).execute();
  }
}

/** Envelopes whose check-ins named no monitor they could create keep that reason, as items digest could not read do. */
function withCheckInProblems(clean: number[], failed: Digest["failed"], problems: CheckInProblem[]): Pick<Digest, "clean" | "failed"> {
  if (problems.length === 0) return { clean, failed };
  const reasons = new Map<number, string[]>();
  for (const { intakeId, reason } of problems) reasons.set(intakeId, [...(reasons.get(intakeId) ?? []), reason]);
  const merged = failed.map((row) => (reasons.has(row.id) ? { id: row.id, problems: `${row.problems}; ${reasons.get(row.id)!.join("; ")}`.slice(0, 2000) } : row));
  const failedIds = new Set(failed.map((row) => row.id));
  for (const [id, list] of reasons) if (!failedIds.has(id)) merged.push({ id, problems: `check-in not recorded: ${list.join("; ")}`.slice(0, 2000) });
  return { clean: clean.filter((id) => !reasons.has(id)), failed: merged };
}

/** Writes a batch's rows; returns the check-ins that could not be recorded. */
async function writeRows(trx: Kysely<Database>, { dialect, sqlite }: LanternDatabase, rows: DigestRows): Promise<CheckInProblem[]> {
  await storeEvents(trx, dialect, rows.events);
  for (const chunk of chunks(rows.attachments)) {
    await trx.insertInto("attachments").values(chunk).onConflict((conflict) => conflict.columns(["intake_id", "filename"]).doNothing()).execute();
  }
  for (const chunk of chunks(rows.storedItems)) {
    await trx.insertInto("stored_items").values(chunk).onConflict((conflict) => conflict.columns(["intake_id", "item_index"]).doNothing()).execute();
  }
  // Only feedback inserted now is alerted on: a repeated one (same event id) is neither stored nor sent twice.
  const newFeedback: NewFeedback[] = [];
  for (const chunk of chunks(rows.feedback)) {
    const inserted = await trx
      .insertInto("feedback")
      .values(chunk)
      .onConflict((conflict) => conflict.columns(["project_id", "event_id"]).doNothing())
      .returning(["id", "project_id", "linked_event_id", "name", "email", "message", "url", "environment", "received_at"])
      .execute();
    newFeedback.push(...inserted.map((row) => ({ ...row, id: Number(row.id), project_id: Number(row.project_id), received_at: Number(row.received_at) })));
  }
  await evaluateFeedbackAlerts(trx, newFeedback);
  const checkInProblems = await recordCheckIns(trx, dialect, rows.checkIns);
  await writeSpans(trx, rows.spanItems);
  await writeLogs(trx, dialect, rows.logItems, sqlite);
  await writeReplays(trx, dialect, rows);
  await writeSessionCounts(trx, dialect, rows.sessionCounts, Date.now());
  // After the events' releases (written in issue assignment): both sets in (project, version) order, so two
  // PostgreSQL digesters meet a new release row in the same order.
  const sessionReleases = new Map<string, Insertable<ReleasesTable>>();
  for (const release of rows.sessionReleases) {
    const key = `${release.project_id}\u0000${release.version}`;
    if (!sessionReleases.has(key)) sessionReleases.set(key, release);
  }
  for (const key of [...sessionReleases.keys()].sort()) {
    await trx.insertInto("releases").values(sessionReleases.get(key)!).onConflict((conflict) => conflict.columns(["project_id", "version"]).doNothing()).execute();
  }
  for (const outcome of sumOutcomes(rows.outcomes)) {
    await trx
      .insertInto("outcomes")
      .values(outcome)
      .onConflict((conflict) => conflict.columns(["project_id", "hour", "outcome", "reason", "category"]).doUpdateSet((eb) => ({ quantity: eb("outcomes.quantity", "+", eb.ref("excluded.quantity")) })))
      .execute();
  }
  return checkInProblems;
}

function sumOutcomes(outcomes: Insertable<OutcomesTable>[]): Insertable<OutcomesTable>[] {
  return sumBy(outcomes, (outcome) => [outcome.project_id, outcome.hour, outcome.outcome, outcome.reason, outcome.category].join("\u0000"));
}

function sumBy<T extends { quantity: number }>(rows: T[], keyOf: (row: T) => string): T[] {
  const sums = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const existing = sums.get(key);
    if (existing) existing.quantity += row.quantity;
    else sums.set(key, { ...row });
  }
  return [...sums.values()];
}
