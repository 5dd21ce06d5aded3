import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LanternDatabase } from "../src/server/db/create-database";
import { isOwnSourceMapsRegistered, registerOwnSourceMaps } from "../src/server/sourcemaps/register-own-source-maps";

/** Next's build directory, beside cli/ (and dist/, in the server bundle). */
export const buildDirectory = fileURLToPath(new URL("../.next", import.meta.url));

/** `lantern register-own-source-maps` (hidden; run by `lantern start`): registers this build's maps in the Lantern project. */
export async function runRegisterOwnSourceMaps(database: LanternDatabase, projectId: number): Promise<void> {
  const registered = await registerOwnSourceMaps(database, projectId, buildDirectory);
  if (registered.state === "registered") console.log(`lantern: this build's source maps registered in the Lantern project (${registered.files} files)`);
}

/**
 * For `lantern start`: a new build's maps are registered by a child process (this module's own CLI), so the
 * ~50 MB it reads and compresses never stays in the server's memory (it left the server about 50 MB larger);
 * a build already registered costs one query. Never stops the start: a failure is logged.
 */
export async function registerOwnSourceMapsAtStart(database: LanternDatabase, projectId: number): Promise<void> {
  try {
    if (await isOwnSourceMapsRegistered(database, projectId, buildDirectory)) return;
    const command = fileURLToPath(import.meta.url.endsWith(".ts") ? new URL("./lantern.mjs", import.meta.url) : import.meta.url);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [command, "register-own-source-maps"], { stdio: ["ignore", "inherit", "pipe"] });
      let errors = "";
      child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
      child.once("error", reject);
      child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(errors.trim() || `exit code ${code}`))));
    });
  } catch (error) {
    console.error(`lantern: this build's source maps were not registered: ${error instanceof Error ? error.message : String(error)}`);
  }
}
