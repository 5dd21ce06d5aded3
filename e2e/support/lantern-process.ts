import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { promisify } from "node:util";
import { ownProcess, waitUntilServing, type OwnedProcess } from "./owned-process";

/**
 * A second `lantern start` next to the one global setup runs: its own port and SQLite file, from the
 * production build global setup made. Started as `node cli/lantern.mjs start` directly (no npm, no shell),
 * so the PID is the server itself and a SIGKILL (`kill()`) hits exactly it: no shutdown hook, no flush — a crash.
 */
export interface LanternProcess extends OwnedProcess {
  baseUrl: string;
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
  const owned = ownProcess(child, "lantern start");
  const baseUrl = `http://127.0.0.1:${environment.PORT}`;
  // The ingest paths answer on the plain Node server, which listens only after migrations and Next's prepare.
  await waitUntilServing(owned, "lantern start", async () => (await fetch(`${baseUrl}/api/1/envelope/`, { method: "OPTIONS" })).status === 204, timeoutMs);
  return { ...owned, baseUrl };
}
