import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { promisify } from "node:util";

/**
 * A second `lantern start` next to the one global setup runs: its own port and SQLite file, from the
 * production build global setup made. Started as `node cli/lantern.mjs start` directly (no npm, no shell),
 * so the PID is the server itself and a SIGKILL hits exactly it.
 */
export interface LanternProcess {
  pid: number;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the process is gone, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** SIGKILL by PID: no shutdown hook, no flush — a crash. */
  kill(): void;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

const execFileAsync = promisify(execFile);
const reservedPorts = { from: 3000, to: 3300 };

/** Environment of a Lantern instance on `port` with the SQLite file `databasePath`; self-monitoring off. */
export function lanternEnvironment(port: number, databasePath: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${databasePath}`,
    LANTERN_URL: `http://127.0.0.1:${port}`,
    LANTERN_SELF_MONITORING: "false",
  };
}

/** A free TCP port on 127.0.0.1 chosen by the kernel, never one in 3000–3300 (the dev server's and the e2e server's range). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        const chosen = typeof address === "object" && address ? address.port : 0;
        server.close(() => resolvePort(chosen));
      });
    });
    if (port > 0 && (port < reservedPorts.from || port > reservedPorts.to)) return port;
  }
  throw new Error("no free port outside 3000–3300");
}

/** `lantern project create <name>` against the given environment; returns the printed DSN. */
export async function createProjectDsn(environment: NodeJS.ProcessEnv, name: string): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ["cli/lantern.mjs", "project", "create", name], { env: environment, encoding: "utf8" });
  const dsn = stdout.trim().split("\n").pop() ?? "";
  if (!/^https?:\/\/[0-9a-f]{32}@[^/]+\/\d+$/.test(dsn)) throw new Error(`lantern project create printed no DSN: ${JSON.stringify(stdout)}`);
  return dsn;
}

/** Starts `lantern start` and resolves once its ingest endpoint answers (after migrations and Next's prepare). */
export async function startLanternProcess(environment: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<LanternProcess> {
  const child: ChildProcess = spawn(process.execPath, ["cli/lantern.mjs", "start"], { env: environment, stdio: ["ignore", "pipe", "pipe"] });
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
  if (pid === undefined) throw new Error("lantern start could not be spawned");
  const baseUrl = `http://127.0.0.1:${environment.PORT}`;
  const lantern: LanternProcess = {
    pid,
    baseUrl,
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

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isGone) throw new Error(`lantern start exited early:\n${lantern.output()}`);
    try {
      // The ingest paths answer on the plain Node server, which listens only after migrations and Next's prepare.
      const response = await fetch(`${baseUrl}/api/1/envelope/`, { method: "OPTIONS" });
      if (response.status === 204) return lantern;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  lantern.kill();
  await exited;
  throw new Error(`lantern start did not serve within ${timeoutMs} ms:\n${lantern.output()}`);
}
