import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { createProjectDsn, freePort, lanternEnvironment, startLanternProcess } from "./support/lantern-process";

const execFileAsync = promisify(execFile);

/** `lantern <args>` against `environment`, never throwing: exit code and output. */
async function lantern(args: string[], environment: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ["cli/lantern.mjs", ...args], { env: environment, encoding: "utf8" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/**
 * The production server (`lantern start` from the build, its bundle in dist/) with LANTERN_BACKUP_DIR: it
 * takes backups on schedule in child processes and keeps the newest; `lantern restore` refuses its file
 * while it runs, and restores once it is stopped.
 */
test("lantern start takes scheduled backups and keeps the newest; restore refuses while it runs", async () => {
  test.setTimeout(180_000);
  const directory = mkdtempSync(join(tmpdir(), "lantern-e2e-backup-"));
  const backups = join(directory, "backups");
  const databasePath = join(directory, "lantern.db");
  const environment = { ...lanternEnvironment(await freePort(), databasePath), LANTERN_BACKUP_DIR: backups, LANTERN_BACKUP_INTERVAL: "3s", LANTERN_BACKUP_KEEP: "2" };
  try {
    await createProjectDsn(environment, "Backed up");
    const server = await startLanternProcess(environment);
    try {
      await expect.poll(() => (server.output().match(/lantern: scheduled backup: Backed up to /g) ?? []).length, { timeout: 90_000, intervals: [500] }).toBeGreaterThanOrEqual(3);
      expect(server.output()).not.toContain("scheduled backup failed");
      const files = readdirSync(backups).sort();
      expect(files.length).toBeLessThanOrEqual(2);
      for (const name of files) expect(name).toMatch(/^lantern-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/);
      const newest = join(backups, files.at(-1)!);
      const copy = new BetterSqlite3(newest, { readonly: true });
      try {
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(copy.prepare("select name from projects where is_internal = 0").pluck().all()).toEqual(["Backed up"]);
      } finally {
        copy.close();
      }

      const refused = await lantern(["restore", newest], environment);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is in use: a Lantern server (or another process) has it open");
      expect(server.isRunning()).toBe(true);

      await server.stop();
      const restored = await lantern(["restore", newest], environment);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/^Restored .* into the SQLite database .*lantern\.db in [\d.]+ s\.\n$/);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
