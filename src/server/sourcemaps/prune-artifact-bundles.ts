import { sql } from "kysely";
import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { deleteUnreferencedArtifactFiles } from "./artifact-files";

const dayMs = 86_400_000;
/** Chunks wait this long for their assemble request; sentry-cli sends it right after the upload. */
const chunkMaxAgeMs = dayMs;
const rowsPerStep = 100;
/** Per pass; the next pass (10 minutes later) goes on. */
const stepsPerPass = 100;

export interface PrunedArtifacts {
  bundles: number;
  chunks: number;
  files: number;
}

/**
 * Source-map retention (config.sourceMaps): a bundle neither uploaded nor used by resolution within
 * `retentionDays` is deleted, unless it is among its project's newest `keepPerProject`; upload chunks no
 * assemble request used within a day, and assembly records as old, go too; then the files no bundle holds
 * any more. Each step is one short write transaction of at most 100 rows, the write lock let go between them.
 */
export async function pruneArtifactBundles(database: LanternDatabase, settings: Pick<LanternConfig["sourceMaps"], "retentionDays" | "keepPerProject">, now = Date.now()): Promise<PrunedArtifacts> {
  const pruned: PrunedArtifacts = { bundles: 0, chunks: 0, files: 0 };
  const cutoff = now - settings.retentionDays * dayMs;
  for (let step = 0; step < stepsPerPass; step += 1) {
    // Found before the write lock is taken, so an instance with nothing to delete never takes it.
    const ranked = database.db
      .selectFrom("artifact_bundles")
      .select(["id", "checksum", "created_at", "last_used_at"])
      .select(sql<number>`row_number() over (partition by project_id order by created_at desc, id desc)`.as("rank"));
    const rows = await database.db
      .selectFrom(ranked.as("ranked"))
      .select(["id", "checksum"])
      .where("rank", ">", settings.keepPerProject)
      .where("created_at", "<", cutoff)
      .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", cutoff)]))
      .limit(rowsPerStep)
      .execute();
    if (rows.length === 0) break;
    pruned.bundles += await writeTransaction(database, async (trx) => {
      // Looked at again under the write lock (the rows locked on PostgreSQL): a bundle uploaded again since
      // it was found has a new upload time and stays (store-artifact-bundle).
      let stillDue = trx
        .selectFrom("artifact_bundles")
        .select(["id", "checksum"])
        .where("id", "in", rows.map((row) => Number(row.id)))
        .where("created_at", "<", cutoff)
        .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", cutoff)]))
        .orderBy("id");
      if (database.dialect === "postgres") stillDue = stillDue.forUpdate();
      const due = await stillDue.execute();
      if (due.length === 0) return 0;
      const ids = due.map((row) => Number(row.id));
      await trx.deleteFrom("artifact_bundle_files").where("bundle_id", "in", ids).execute();
      await trx.deleteFrom("artifact_bundles").where("id", "in", ids).execute();
      await trx.deleteFrom("artifact_assemblies").where("checksum", "in", [...new Set(due.map((row) => row.checksum))]).execute();
      return due.length;
    });
    if (rows.length < rowsPerStep) break;
  }
  const stale = now - chunkMaxAgeMs;
  pruned.chunks = await inSteps(async () => {
    const chunks = await database.db.selectFrom("upload_chunks").select("sha1").where("created_at", "<", stale).limit(rowsPerStep).execute();
    if (chunks.length > 0) await writeTransaction(database, (trx) => trx.deleteFrom("upload_chunks").where("sha1", "in", chunks.map((chunk) => chunk.sha1)).execute());
    return chunks.length;
  });
  await inSteps(async () => {
    const checksums = await database.db.selectFrom("artifact_assemblies").select("checksum").distinct().where("updated_at", "<", stale).limit(rowsPerStep).execute();
    if (checksums.length > 0) await writeTransaction(database, (trx) => trx.deleteFrom("artifact_assemblies").where("checksum", "in", checksums.map((row) => row.checksum)).where("updated_at", "<", stale).execute());
    return checksums.length;
  });
  pruned.files = await inSteps(() => writeTransaction(database, (trx) => deleteUnreferencedArtifactFiles(trx, rowsPerStep)));
  return pruned;
}

/** Runs `step` (which deletes at most rowsPerStep rows and says how many) until it finds fewer, or the pass ends. */
async function inSteps(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let count = 0; count < stepsPerPass; count += 1) {
    const deleted = await step();
    total += deleted;
    if (deleted < rowsPerStep) break;
  }
  return total;
}
