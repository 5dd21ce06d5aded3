import { statfs } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { sql } from "kysely";
import { ConfigError, loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";

const minimumFreeBytes = 1024 * 1024 * 1024;

/** Prints one line per check; returns whether all passed. */
export async function runDoctor(env: Record<string, string | undefined>): Promise<boolean> {
  let isHealthy = true;
  const report = (isOk: boolean, line: string) => {
    console.log(`${isOk ? "ok  " : "FAIL"} ${line}`);
    if (!isOk) isHealthy = false;
  };

  let config;
  try {
    config = loadConfig(env);
    report(true, "configuration is valid");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) report(false, `configuration: ${problem}`);
    return false;
  }

  const database = createDatabase(config.database);
  try {
    await sql`select 1`.execute(database.db);
    report(true, `database reachable (${config.database.dialect})`);
  } catch (error) {
    report(false, `database unreachable (${config.database.dialect}): ${(error as Error).message}`);
  } finally {
    await database.close();
  }

  if (config.database.dialect === "sqlite") {
    const stats = await statfs(dirname(resolve(config.database.path)));
    const free = stats.bavail * stats.bsize;
    report(free >= minimumFreeBytes, `disk space free next to the database: ${(free / 1024 ** 3).toFixed(1)} GiB${free < minimumFreeBytes ? " (less than 1 GiB: ingest will fail when the disk fills)" : ""}`);
  }
  return isHealthy;
}
