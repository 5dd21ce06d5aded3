// `lantern start` for a benchmark that needs the whole server: the production build (built first unless
// --skip-build says it is current), a fresh SQLite file in a temp directory, one project, the server's
// output in a log file there. The directory is removed at the end of a run that passed and kept for a look
// otherwise.
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Builds if needed, creates the database and the project, and starts the server (without waiting for it:
 * call `waitUntilServing` inside the try whose `finally` calls `stop`). `exit` is null while the server runs.
 */
export function startLantern({ name, port }) {
  // A build older than the sources fails in confusing ways (its bundled migrations miss the newest one), so
  // the benchmark builds unless told the build is current.
  if (!process.argv.includes("--skip-build") || !existsSync("dist/BUILD_ID")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });

  const directory = mkdtempSync(join(tmpdir(), `lantern-${name}-`));
  const databasePath = join(directory, "lantern.db");
  const logPath = join(directory, "server.log");
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${databasePath}`, LANTERN_URL: origin, LANTERN_SELF_TRACES_SAMPLE_RATE: "0" };
  const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", name], { env, encoding: "utf8" }).trim();

  const log = openSync(logPath, "w");
  const server = spawn(process.execPath, ["cli/lantern.mjs", "start"], { env, stdio: ["ignore", log, log] });
  const lantern = {
    directory,
    databasePath,
    logPath,
    origin,
    dsn,
    server,
    exit: null,
    async waitUntilServing() {
      for (let attempt = 0; attempt < 600; attempt += 1) {
        if (lantern.exit) throw new Error(`lantern start exited: ${JSON.stringify(lantern.exit)}; see ${logPath}`);
        try {
          if ((await fetch(`${origin}/api/health`)).ok) return;
        } catch {
          // not yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("lantern start did not answer");
    },
    async stop({ isPassed }) {
      server.kill("SIGTERM");
      await new Promise((resolve) => (lantern.exit ? resolve() : server.once("exit", resolve)));
      closeSync(log);
      if (isPassed) rmSync(directory, { recursive: true, force: true });
      else console.log(`kept ${directory} (database and server log) for a look`);
    },
  };
  server.on("exit", (code, signal) => (lantern.exit = { code, signal }));
  return lantern;
}
