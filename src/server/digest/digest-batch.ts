import type { LanternDatabase } from "../db/create-database";
import { digestEnvelope } from "./digest-envelope";

/**
 * Digests up to `limit` waiting envelopes in one short write transaction and marks them digested in it,
 * so a crash either keeps all of a batch's writes or none. PostgreSQL instances claim rows with
 * SKIP LOCKED, so several of them can digest side by side. Returns how many were digested.
 */
export async function digestBatch(database: LanternDatabase, limit = 200): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("intake").select(["id", "project_id", "received_at", "client_ip", "body"]).where("digested_at", "is", null).orderBy("id").limit(limit);
    if (database.dialect === "postgres") query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    const now = Date.now();
    for (const row of rows) {
      let problems: string[];
      try {
        problems = await digestEnvelope(trx, row);
      } catch (error) {
        problems = [(error as Error).message];
      }
      await trx
        .updateTable("intake")
        .set({ digested_at: now, digest_error: problems.length > 0 ? problems.join("; ").slice(0, 2000) : null })
        .where("id", "=", row.id)
        .execute();
    }
    return rows.length;
  });
}
