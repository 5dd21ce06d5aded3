import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Files are shared by content between bundles, so storing a bundle (which skips the files already there)
 * and deleting the files no bundle holds race on PostgreSQL: the deleter cannot see the uncommitted
 * references of a bundle being stored, and would delete a file it is about to point at. Storing takes this
 * lock shared (stores run side by side), deleting takes it exclusively: the deleter waits until the bundles
 * being stored have committed their references, and a store that starts after a deletion sees the file
 * gone and writes it again. Both hold it to the end of their transaction. SQLite has one writer already.
 */
const artifactFilesLock = sql`hashtextextended('lantern:artifact_files', 0)`;

function isPostgres(trx: Kysely<Database>): boolean {
  return trx.getExecutor().adapter instanceof PostgresAdapter;
}

export async function lockArtifactFilesForStoring(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock_shared(${artifactFilesLock})`.execute(trx);
}

export async function lockArtifactFilesForDeleting(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${artifactFilesLock})`.execute(trx);
}
