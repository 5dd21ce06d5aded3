import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { loadDigestConfigs } from "../projects/load-digest-configs";
import { decodeRawBody, type StoredRawBody } from "../intake/raw-body";
import { ArtifactSource } from "../sourcemaps/artifact-source";
import { resolveUntilLoaded } from "../sourcemaps/resolve-until-loaded";
import type { SourceMapCache } from "../sourcemaps/source-map-cache";
import { digestEnvelope, emptyDigestRows, type DigestRows } from "./digest-envelope";

/** A waiting envelope as digest reads it from the intake: the row and its stored body. */
export type IntakeForDigest = Omit<Parameters<typeof digestEnvelope>[0], "body"> & StoredRawBody;

/** What digesting some envelopes gives the writer: rows to insert and which envelopes were clean or failed. */
export interface Digest {
  rows: DigestRows;
  clean: number[];
  failed: { id: number; problems: string }[];
  /** Artifact bundles that resolved frames and whose last_used_at is due (at most hourly per bundle). */
  usedBundles: number[];
}

/**
 * The CPU part of digest for some waiting envelopes: decompress, parse, scrub, normalize, resolve source
 * maps, group, tag. Reads only (project settings, uploaded source maps), so it runs on any thread with a
 * connection of its own; the rows go to the one writer (digest-batch).
 */
export async function digestIntake(db: Kysely<Database>, intake: IntakeForDigest[], sourceMapCache: SourceMapCache): Promise<Digest> {
  const configOf = await loadDigestConfigs(db, intake.map((row) => row.project_id));
  const sourceMaps = new ArtifactSource(sourceMapCache);
  await sourceMaps.loadProjects(db, intake.map((row) => row.project_id));
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

/** Digests of parts of one batch, as one (in the order given). */
export function mergeDigests(digests: Digest[]): Digest {
  const merged: Digest = { rows: emptyDigestRows(), clean: [], failed: [], usedBundles: [] };
  for (const digest of digests) {
    for (const key of Object.keys(merged.rows) as (keyof DigestRows)[]) (merged.rows[key] as unknown[]).push(...digest.rows[key]);
    merged.clean.push(...digest.clean);
    merged.failed.push(...digest.failed);
    merged.usedBundles.push(...digest.usedBundles);
  }
  merged.usedBundles = [...new Set(merged.usedBundles)];
  return merged;
}

type RowCounts = { [K in keyof DigestRows]: number };

function rowCounts(rows: DigestRows): RowCounts {
  return Object.fromEntries(Object.entries(rows).map(([key, list]) => [key, (list as unknown[]).length])) as RowCounts;
}

function truncateRows(rows: DigestRows, lengths: RowCounts): void {
  for (const key of Object.keys(lengths) as (keyof DigestRows)[]) rows[key].length = lengths[key];
}
