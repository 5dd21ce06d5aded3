import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import { sql } from "kysely";
import type { LanternDatabase } from "../db/create-database";

/** Bytes an unprivileged writer can still use on a volume, or null when it cannot be told. */
export type FreeSpaceProbe = () => Promise<number | null>;

/** How long one reading of the free space stands: one `statfs` per second at most, whatever the request rate. */
const readingLifetimeMs = 1_000;

/** Free space of the volume that holds `path` (a directory), as `df` shows it to a non-root user. */
export function volumeFreeSpace(directory: string): FreeSpaceProbe {
  return async () => {
    const stats = await statfs(directory);
    return stats.bavail * stats.bsize;
  };
}

/**
 * The floor under the database's volume: ingest asks `isBelowFloor()` before writing anything. Readings are
 * cached for a second, and the callers that find it stale share one probe, so a burst of requests costs one
 * syscall a second. A probe that fails counts as "unknown", which never
 * refuses ingest (a refused SDK loses events; a full disk fails loudly on its own).
 */
export class FreeSpaceGuard {
  private reading: { freeBytes: number | null; at: number } | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly probe: FreeSpaceProbe,
    readonly minFreeBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The free bytes when they are below the floor, else null. */
  async isBelowFloor(): Promise<number | null> {
    if (!this.reading || this.now() - this.reading.at >= readingLifetimeMs) await this.refresh();
    const freeBytes = this.reading?.freeBytes ?? null;
    return freeBytes !== null && freeBytes < this.minFreeBytes ? freeBytes : null;
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.probe()
      .catch(() => null)
      .then((freeBytes) => {
        this.reading = { freeBytes, at: this.now() };
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }
}

/**
 * The guard for this database: SQLite's file lives on a volume of this machine (found from the connection
 * itself, so it is the file actually open). PostgreSQL's disk belongs to its server, which Lantern cannot
 * see (its own limits and alerts apply), and an in-memory database has none.
 */
export async function freeSpaceGuardFor(database: LanternDatabase, minFreeBytes: number, probe?: FreeSpaceProbe): Promise<FreeSpaceGuard | null> {
  if (probe) return new FreeSpaceGuard(probe, minFreeBytes);
  if (database.dialect !== "sqlite") return null;
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(database.db);
  const file = rows.find((row) => row.name === "main")?.file;
  return file ? new FreeSpaceGuard(volumeFreeSpace(dirname(file)), minFreeBytes) : null;
}
