import { spawn } from "node:child_process";
import { BackupError } from "./backup-error";

export type PostgresTool = "pg_dump" | "pg_restore";

export interface ToolRun {
  stdout: string;
  stderr: string;
}

const installHelp = "Install PostgreSQL's client tools of the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq) and try again.";

/**
 * The connection for PostgreSQL's own tools: the URL without its password, which goes in PGPASSWORD, so
 * it never shows in the process list. (libpq reads `options=-c search_path=…` in the URL, as node-pg does.)
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  // libpq reads "+" as a plus, where URLSearchParams (and node-pg) read a space: spell spaces as %20.
  parsed.search = [...parsed.searchParams].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs pg_dump or pg_restore; a missing tool or a failure becomes a BackupError with its own words. */
export function runPostgresTool(tool: PostgresTool, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "ENOENT" ? new BackupError(`${tool} was not found on PATH. ${installHelp}`) : error);
    });
    child.once("close", (code) => {
      const run = { stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") };
      if (code === 0) resolve(run);
      else reject(new BackupError(`${tool} failed (exit ${code}): ${run.stderr.trim() || "no message"}`));
    });
  });
}

/** "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → 15.18 (Debian 15.18-0+deb12u1) */
export async function postgresToolVersion(tool: PostgresTool): Promise<string> {
  const { stdout } = await runPostgresTool(tool, ["--version"]);
  return stdout.trim().replace(/^\S+\s+\(PostgreSQL\)\s*/, "");
}
