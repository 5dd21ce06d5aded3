import { parentPort, workerData } from "node:worker_threads";
import type { LanternConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { digestIntake } from "../src/server/digest/digest-intake";
import type { FromPoolThread, ToPoolThread } from "../src/server/digest/digest-pool";
import { processSourceMapCache } from "../src/server/sourcemaps/source-map-cache";

// A pool thread only reads (project settings, source maps): the rows go back to the digest thread, which writes.
const port = parentPort!;
const { database: settings, sourceMapCacheBytes } = workerData as { database: LanternConfig["database"]; sourceMapCacheBytes?: number };
const database = createDatabase(settings);
const sourceMaps = processSourceMapCache(sourceMapCacheBytes);

port.on("message", ({ id, intake }: ToPoolThread) => {
  digestIntake(database.db, intake, sourceMaps).then(
    (digest) => port.postMessage({ id, digest } satisfies FromPoolThread),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies FromPoolThread),
  );
});
