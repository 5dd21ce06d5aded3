import type { LanternDatabase } from "./create-database";

const deadlockDetected = "40P01";

/**
 * Runs a write transaction again when PostgreSQL chose it as the victim of a deadlock. Lock ordering
 * (lock-against-digest.ts) keeps deadlocks rare, but a deletion and a digester can still meet on rows no
 * order covers (a cascade reaching rows claimed a moment earlier); PostgreSQL then aborts one of the two
 * and the survivor commits, so the rolled-back one succeeds when run again.
 */
export async function retryDeadlocks<T>(database: LanternDatabase, transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (database.dialect !== "postgres" || attempt >= attempts || (error as { code?: unknown }).code !== deadlockDetected) throw error;
    }
  }
}
