import { parentPort, workerData } from "node:worker_threads";
import type { LanternConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { WriteGate } from "../src/server/db/write-gate";
import { DigestWorker } from "../src/server/digest/digest-worker";

const port = parentPort!;
const { database: settings, retention, writeGate, diskBudgetBytes, sourceMapCacheBytes, sourceMapRetention, housekeepingLeaseMs } = workerData as { database: LanternConfig["database"]; retention: LanternConfig["retention"]; writeGate?: SharedArrayBuffer; diskBudgetBytes: number | null; sourceMapCacheBytes?: number; sourceMapRetention?: LanternConfig["sourceMaps"]; housekeepingLeaseMs?: number };
const database = createDatabase(settings, writeGate ? { writeGate: WriteGate.join(writeGate, "digest"), walCheckpoints: "manual" } : {});
const worker = new DigestWorker(database, { batchSize: 50, retention, diskBudgetBytes, sourceMapCacheBytes, sourceMapRetention, housekeepingLeaseMs, ...(writeGate ? { checkpointEveryMs: 250 } : {}), onDigested: (rows) => port.postMessage({ type: "digested", rows }) });
worker.start();

port.on("message", (message: "wake" | "drain" | "stop") => {
  if (message === "wake") worker.wake();
  else if (message === "drain") void worker.drain().then(() => port.postMessage({ type: "drained" }));
  else void worker.stop().then(() => database.close()).then(() => port.close());
});
