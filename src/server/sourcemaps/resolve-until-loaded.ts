import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ArtifactSource } from "./artifact-source";

/**
 * Resolution needs at most this many rounds of reads: lookup by URL, the minified file's map reference, the
 * map's lookup, the map, an uploaded source's lookup and the source (a debug ID lookup brings its map along).
 */
export const maxLoadRounds = 8;

/**
 * Runs `run` (which resolves synchronously against `source`), and while it missed something, loads that
 * from the database and runs it again. A warm cache answers in the first run, without a query or a promise.
 * After the last round whatever is still missing stays unresolved.
 */
export async function resolveUntilLoaded<T>(source: ArtifactSource, db: Kysely<Database>, run: () => T): Promise<T> {
  let result = run();
  for (let round = 0; source.hasMisses && round < maxLoadRounds; round++) {
    await source.load(db);
    result = run();
  }
  return result;
}
