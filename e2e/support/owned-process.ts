import type { ChildProcess } from "node:child_process";

/**
 * A server process a test started and alone ends, by its PID: its output, whether it still runs, SIGKILL (a
 * crash), and stop() — SIGTERM, then SIGKILL if it has not exited within 10 s.
 */
export interface OwnedProcess {
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the process is gone, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  kill(): void;
  stop(): Promise<void>;
}

/** Takes a just-spawned child (stdout and stderr piped) under the test's ownership. */
export function ownProcess(child: ChildProcess, name: string): OwnedProcess {
  const chunks: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  let isGone = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once("exit", (code, signal) => {
      isGone = true;
      resolveExit({ code, signal });
    }),
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} could not be spawned`);
  return {
    pid,
    output: () => chunks.join(""),
    exited,
    isRunning: () => !isGone,
    kill: () => {
      if (!isGone) process.kill(pid, "SIGKILL");
    },
    stop: async () => {
      if (isGone) return;
      process.kill(pid, "SIGTERM");
      const timer = new Promise<"timeout">((resolveTimer) => setTimeout(() => resolveTimer("timeout"), 10_000));
      if ((await Promise.race([exited, timer])) === "timeout" && !isGone) {
        process.kill(pid, "SIGKILL");
        await exited;
      }
    },
  };
}

/**
 * Polls `isServing` until it holds; if the process exits first or the time runs out, kills it and throws with
 * its output.
 */
export async function waitUntilServing(owned: OwnedProcess, name: string, isServing: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!owned.isRunning()) throw new Error(`${name} exited early:\n${owned.output()}`);
    try {
      if (await isServing()) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  owned.kill();
  await owned.exited;
  throw new Error(`${name} did not serve within ${timeoutMs} ms:\n${owned.output()}`);
}
