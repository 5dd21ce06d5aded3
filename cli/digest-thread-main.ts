import { parentPort, workerData } from "node:worker_threads";
import type { LanternConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { DigestWorker } from "../src/server/digest/digest-worker";

const port = parentPort!;
const { database: settings, retention } = workerData as { database: LanternConfig["database"]; retention: LanternConfig["retention"] };
const database = createDatabase(settings);
const worker = new DigestWorker(database, { batchSize: 50, retention, onDigested: (rows) => port.postMessage({ type: "digested", rows }) });
worker.start();

port.on("message", (message: "wake" | "drain" | "stop") => {
  if (message === "wake") worker.wake();
  else if (message === "drain") void worker.drain().then(() => port.postMessage({ type: "drained" }));
  else void worker.stop().then(() => database.close()).then(() => port.close());
});
