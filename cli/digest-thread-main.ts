import { parentPort, workerData } from "node:worker_threads";
import { createDatabase } from "../src/server/db/create-database";
import { WriteGate } from "../src/server/db/write-gate";
import { DigestWorker } from "../src/server/digest/digest-worker";
import { digestIntake } from "../src/server/digest/digest-intake";
import { DigestPool } from "../src/server/digest/digest-pool";
import { processSourceMapCache } from "../src/server/sourcemaps/source-map-cache";
import { digestYoungGenerationMb, type DigestThreadData } from "./digest-thread";

const port = parentPort!;
const { database: settings, retention, writeGate, diskBudgetBytes, sourceMapCacheBytes, sourceMapRetention, digestWorkers, housekeepingLeaseMs } = workerData as DigestThreadData;
const database = createDatabase(settings, writeGate ? { writeGate: WriteGate.join(writeGate, "digest"), walCheckpoints: "manual" } : {});
// The pool's threads digest parts of each batch beside this one; this thread alone writes.
const pool =
  digestWorkers > 1
    ? new DigestPool((intake) => digestIntake(database.db, intake, processSourceMapCache(sourceMapCacheBytes)), {
        threads: digestWorkers,
        entry: new URL("./digest-pool-entry.mjs", import.meta.url),
        workerData: { database: settings, sourceMapCacheBytes },
        resourceLimits: { maxYoungGenerationSizeMb: digestYoungGenerationMb },
      })
    : undefined;
const worker = new DigestWorker(database, { batchSize: 50, retention, diskBudgetBytes, sourceMapCacheBytes, sourceMapRetention, housekeepingLeaseMs, ...(pool ? { pool } : {}), ...(writeGate ? { checkpointEveryMs: 250 } : {}), onDigested: (rows) => port.postMessage({ type: "digested", rows }) });
worker.start();

port.on("message", (message: "wake" | "drain" | "stop") => {
  if (message === "wake") worker.wake();
  else if (message === "drain") void worker.drain().then(() => port.postMessage({ type: "drained" }));
  else void worker.stop().then(() => pool?.close()).then(() => database.close()).then(() => port.close());
});
