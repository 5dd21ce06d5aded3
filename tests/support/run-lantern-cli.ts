import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";

/** The repository's root, where `cli/lantern.mjs` runs from. */
export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  milliseconds: number;
}

/**
 * The real `lantern` command in a child process, as an operator runs it. Its environment is only what the
 * command needs plus `env`, so LANTERN_URL or DATABASE_URL of the machine running the tests cannot leak in.
 */
export function runLanternCli(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<CliRun> {
  const started = Date.now();
  const child = spawn(process.execPath, ["cli/lantern.mjs", ...args], {
    cwd: repositoryRoot,
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env },
    timeout: timeoutMs,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, milliseconds: Date.now() - started }));
  });
}
