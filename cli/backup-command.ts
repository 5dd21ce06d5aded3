import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import bytes from "bytes";
import type { LanternConfig } from "../src/server/config";
import { BackupError } from "../src/server/backup/backup-error";
import { takeBackup } from "../src/server/backup/take-backup";

/** `lantern backup <file>`: prints what was written, how big and how long it took; returns the exit code. */
export async function runBackupCommand(config: LanternConfig, file: string): Promise<number> {
  try {
    const result = await takeBackup(config.database, file);
    console.log(`Backed up to ${result.file}: ${bytes(result.bytes, { unitSeparator: " " })} in ${(result.milliseconds / 1000).toFixed(1)} s (${result.method}).`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`lantern backup: ${error.message}`);
    return 1;
  }
}

/**
 * The scheduled backup of `lantern start`: `lantern backup <file>` in a child process, so the copy (one
 * SQLite backup step, or pg_dump) never holds up a thread that answers requests. This module's own file
 * runs it: cli/lantern.mjs from source, or dist/lantern.mjs — the whole CLI — in the server bundle.
 */
export function spawnBackupProcess(file: string): Promise<void> {
  const command = fileURLToPath(import.meta.url.endsWith(".ts") ? new URL("./lantern.mjs", import.meta.url) : import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, "backup", file], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) {
        console.log(`lantern: scheduled backup: ${output.trim()}`);
        resolve();
      } else reject(new Error(output.trim() || `lantern backup exited with ${code}`));
    });
  });
}
