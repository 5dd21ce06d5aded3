import type { Insertable, Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Dialect, LanternDatabase } from "../db/create-database";
import type { Database, OutcomesTable, ReleasesTable, SessionCountsTable } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { assignEventsToIssues } from "../issues/assign-events-to-issues";
import { loadDigestConfigs, type DigestConfigOf } from "../projects/load-digest-configs";
import { digestEnvelope, emptyDigestRows, type DigestRows } from "./digest-envelope";
import { selectIntakeWithBodies } from "../intake/intake-writer";
import { decodeRawBody, encodeRawBodySync, type StoredRawBody } from "../intake/raw-body";
import { deleteRawEnvelopes } from "../storage/raw-delete-envelopes";
import { ArtifactSource } from "../sourcemaps/artifact-source";
import { resolveUntilLoaded } from "../sourcemaps/resolve-until-loaded";
import { processSourceMapCache, type SourceMapCache } from "../sourcemaps/source-map-cache";

type IntakeForDigest = Omit<Parameters<typeof digestEnvelope>[0], "body"> & StoredRawBody;

interface BatchOptions {
  /** LANTERN_RAW_RETENTION_HOURS; 0 deletes each raw envelope in the transaction that digests it. */
  rawHours?: number;
  /** Parsed source maps and artifact lookups kept between batches (default: this process's). */
  sourceMaps?: SourceMapCache;
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
  if (database.dialect === "postgres") {
    return database.db.transaction().execute(async (trx) => {
      const intake = await selectWaiting(trx, limit).forUpdate("intake").skipLocked().execute();
      if (intake.length === 0) return 0;
      const configOf = await loadDigestConfigs(trx, intake.map((row) => row.project_id));
      const sourceMaps = await artifactSourceFor(trx, intake, options);
      await writeDigest(trx, database.dialect, await digestRows(trx, intake, configOf, sourceMaps), keepsBodies);
      return intake.length;
    });
  }
  const intake = await selectWaiting(database.db, limit).execute();
  if (intake.length === 0) return 0;
  const configOf = await loadDigestConfigs(database.db, intake.map((row) => row.project_id));
  const sourceMaps = await artifactSourceFor(database.db, intake, options);
  let digest = await digestRows(database.db, intake, configOf, sourceMaps);
  return writeTransaction(database, async (trx) => {
    // Read before the lock: should another digester (a second process on the same file) have taken some of
    // these envelopes meanwhile, digest only the ones still waiting, so no counter is added twice.
    const stillWaiting = await trx.selectFrom("intake").select("id").where("id", "in", intake.map((row) => row.id)).where("digested_at", "is", null).execute();
    if (stillWaiting.length !== intake.length) {
      const waiting = new Set(stillWaiting.map((row) => row.id));
      digest = await digestRows(trx, intake.filter((row) => waiting.has(row.id)), configOf, sourceMaps);
    }
    await writeDigest(trx, database.dialect, digest, keepsBodies);
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

interface Digest {
  rows: DigestRows;
  clean: number[];
  failed: { id: number; problems: string }[];
  /** Artifact bundles that resolved frames and whose last_used_at is due (at most hourly per bundle). */
  usedBundles: number[];
}

/** The batch's view of uploaded source maps; which of its projects have any is read once, up front. */
async function artifactSourceFor(db: Kysely<Database>, intake: { project_id: number }[], options: BatchOptions): Promise<ArtifactSource> {
  const source = new ArtifactSource(options.sourceMaps ?? processSourceMapCache());
  await source.loadProjects(db, intake.map((row) => row.project_id));
  return source;
}

async function digestRows(db: Kysely<Database>, intake: IntakeForDigest[], configOf: DigestConfigOf, sourceMaps: ArtifactSource): Promise<Digest> {
  const digest: Digest = { rows: emptyDigestRows(), clean: [], failed: [], usedBundles: [] };
  for (const row of intake) {
    let problems: string[];
    try {
      // Inside the try: a body that cannot be decoded is that envelope's problem, not the batch's.
      const intakeRow = { ...row, body: decodeRawBody(row) };
      const lengths = rowCounts(digest.rows);
      // A run that missed source maps is dropped and repeated once they are loaded (cold cache only).
      problems = await resolveUntilLoaded(sourceMaps, db, () => {
        truncateRows(digest.rows, lengths);
        return digestEnvelope(intakeRow, digest.rows, configOf, sourceMaps);
      });
    } catch (error) {
      problems = [(error as Error).message];
    }
    if (problems.length === 0) digest.clean.push(row.id);
    else digest.failed.push({ id: row.id, problems: problems.join("; ").slice(0, 2000) });
  }
  digest.usedBundles = sourceMaps.dueBundleUses();
  return digest;
}

type RowCounts = { [K in keyof DigestRows]: number };

function rowCounts(rows: DigestRows): RowCounts {
  return Object.fromEntries(Object.entries(rows).map(([key, list]) => [key, (list as unknown[]).length])) as RowCounts;
}

function truncateRows(rows: DigestRows, lengths: RowCounts): void {
  for (const key of Object.keys(lengths) as (keyof DigestRows)[]) rows[key].length = lengths[key];
}

async function writeDigest(trx: Kysely<Database>, dialect: Dialect, { rows, clean, failed, usedBundles }: Digest, keepsBodies: boolean): Promise<void> {
  await writeRows(trx, dialect, rows);
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

async function writeRows(trx: Kysely<Database>, dialect: Dialect, rows: DigestRows): Promise<void> {
  const assignments = await assignEventsToIssues(trx, dialect, rows.events.map((event) => event.grouped));
  // An event id the project already has is neither counted nor stored again.
  const events = rows.events.flatMap(({ row }, index) => {
    const assignment = assignments[index];
    return assignment ? [{ ...row, issue_id: assignment.issueId, group_hash: assignment.groupHash }] : [];
  });
  for (const chunk of chunks(events)) {
    await trx.insertInto("events").values(chunk).onConflict((conflict) => conflict.columns(["project_id", "event_id"]).doNothing()).execute();
  }
  for (const chunk of chunks(rows.attachments)) {
    await trx.insertInto("attachments").values(chunk).onConflict((conflict) => conflict.columns(["intake_id", "filename"]).doNothing()).execute();
  }
  for (const chunk of chunks(rows.storedItems)) {
    await trx.insertInto("stored_items").values(chunk).onConflict((conflict) => conflict.columns(["intake_id", "item_index"]).doNothing()).execute();
  }
  for (const count of sumSessionCounts(rows.sessionCounts)) {
    await trx
      .insertInto("session_counts")
      .values(count)
      .onConflict((conflict) => conflict.columns(["project_id", "release", "environment", "hour", "status"]).doUpdateSet((eb) => ({ quantity: eb("session_counts.quantity", "+", eb.ref("excluded.quantity")) })))
      .execute();
  }
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
}

/** One upsert per counter key: PostgreSQL refuses a statement that touches the same key twice. */
function sumSessionCounts(counts: Insertable<SessionCountsTable>[]): Insertable<SessionCountsTable>[] {
  return sumBy(counts, (count) => [count.project_id, count.release, count.environment, count.hour, count.status].join("\u0000"));
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
