import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLanternCli, type CliRun } from "../tests/support/run-lantern-cli";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest, migrationNames } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { insertProject } from "../src/server/projects/insert-project";
import { storeFixtureEvent } from "../tests/support/event-envelopes";
import { recordServerUrl } from "../src/server/instance/recorded-server-url";
import packageJson from "../package.json" with { type: "json" };

/**
 * The real `lantern` command in a child process, on a fresh SQLite file. (PostgreSQL is covered by the
 * storage tests; the CLI has no option to work in a schema of its own.)
 */
const commandTimeout = 30_000;

function lantern(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runLanternCli(args, env, commandTimeout);
}

describe("lantern CLI", () => {
  let directory: string;
  let databaseUrl: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "lantern-cli-"));
    databaseUrl = `file:${join(directory, "lantern.db")}`;
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it("migrate applies the migrations, then reports the database up to date", { timeout: 2 * commandTimeout }, async () => {
    const first = await lantern(["migrate"], { DATABASE_URL: databaseUrl });
    expect(first).toMatchObject({ code: 0, stdout: `Applied ${migrationNames.join(", ")}.\n` });
    expect(migrationNames.slice(0, 2)).toEqual(["0001-initial", "0002-ingest-and-digest"]);
    const second = await lantern(["migrate"], { DATABASE_URL: databaseUrl });
    expect(second).toMatchObject({ code: 0, stdout: "The database is up to date.\n" });
  });

  it("project create prints only the new DSN, on localhost:3000 by default, and project list shows it", { timeout: 2 * commandTimeout }, async () => {
    const created = await lantern(["project", "create", "demo"], { DATABASE_URL: databaseUrl });
    expect(created.code).toBe(0);
    const lines = created.stdout.split("\n").filter((line) => line !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^http:\/\/[0-9a-f]{32}@localhost:3000\/\d+$/);

    const listed = await lantern(["project", "list"], { DATABASE_URL: databaseUrl });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^demo\\s+other\\s+${lines[0]!.replace(/[.:/]/g, "\\$&")}$`, "m"));
  });

  it("project list and create, in a shell without PORT or LANTERN_URL, print DSNs for the URL the running server recorded and say so on stderr", { timeout: 5 * commandTimeout }, async () => {
    const created = await lantern(["project", "create", "Checkout"], { DATABASE_URL: databaseUrl });
    expect(created.stderr).toContain("lantern: DSNs use http://localhost:3000 — the default; no server has recorded its URL in this database yet.");
    // What `lantern start` does once it listens, here for a server on port 3111.
    const database = createDatabase({ dialect: "sqlite", path: databaseUrl.slice("file:".length) });
    try {
      await recordServerUrl(database.db, "http://127.0.0.1:3111", Date.UTC(2026, 10, 29, 0, 50, 12));
    } finally {
      await database.close();
    }

    const listed = await lantern(["project", "list"], { DATABASE_URL: databaseUrl });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^checkout\s+other\s+http:\/\/[0-9a-f]{32}@127\.0\.0\.1:3111\/\d+$/m);
    expect(listed.stderr).toBe("lantern: DSNs use http://127.0.0.1:3111 — recorded by the server started at 2026-11-29 00:50:12 UTC; set LANTERN_URL to override.\n");

    const another = await lantern(["project", "create", "Billing"], { DATABASE_URL: databaseUrl, PORT: "4000" });
    expect(another.stdout).toMatch(/^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:3111\/\d+\n$/);
    expect(another.stderr).toContain("lantern: warning: PORT=4000 here would make http://localhost:4000, but the server started at 2026-11-29 00:50:12 UTC serves http://127.0.0.1:3111");

    const explicit = await lantern(["project", "list"], { DATABASE_URL: databaseUrl, LANTERN_URL: "https://errors.example.com" });
    expect(explicit.stdout).toMatch(/^billing\s+other\s+https:\/\/[0-9a-f]{32}@errors\.example\.com\/\d+$/m);
    expect(explicit.stderr).toContain("lantern: warning: the server started at 2026-11-29 00:50:12 UTC serves http://127.0.0.1:3111, not LANTERN_URL's https://errors.example.com");
  });

  it("--version and -V print package.json's version", { timeout: 2 * commandTimeout }, async () => {
    for (const flag of ["--version", "-V"]) {
      const run = await lantern([flag], {});
      expect(run).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
    }
  });

  it("project create acts as the system actor and is recorded as cli in the audit log", { timeout: 2 * commandTimeout }, async () => {
    const created = await lantern(["project", "create", "Audited"], { DATABASE_URL: databaseUrl });
    expect(created.code).toBe(0);
    const database = createDatabase({ dialect: "sqlite", path: databaseUrl.slice("file:".length) });
    try {
      const entries = await database.db.selectFrom("audit_log").select(["action", "actor", "target"]).where("action", "=", "project.created").execute();
      expect(entries).toEqual([{ action: "project.created", actor: "cli", target: "project:audited" }]);
    } finally {
      await database.close();
    }
  });

  it("project create uses LANTERN_URL for the DSN", async () => {
    const created = await lantern(["project", "create", "Web Shop"], { DATABASE_URL: databaseUrl, LANTERN_URL: "https://errors.example.com/lantern/" });
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toMatch(/^https:\/\/[0-9a-f]{32}@errors\.example\.com\/lantern\/\d+$/);
  });

  it("project create refuses an empty name without printing a DSN", async () => {
    const created = await lantern(["project", "create", " "], { DATABASE_URL: databaseUrl });
    expect(created.code).not.toBe(0);
    expect(created.stdout).not.toMatch(/http/);
    expect(created.stderr).toContain("Give the project a name");
  });

  // PORT is set out of the range other services use, in case the bad configuration were not caught and a server started.
  it("start exits at once with an error naming DATABASE_URL when it is not SQLite or PostgreSQL", async () => {
    const run = await lantern(["start"], { DATABASE_URL: "mysql://x", PORT: "39217" });
    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.milliseconds).toBeLessThan(10_000);
    expect(run.stderr).toContain("DATABASE_URL: expected file:");
    expect(run.stdout).toBe("");
  });

  it("start exits at once with an error naming PORT when it is not a number", async () => {
    const run = await lantern(["start"], { DATABASE_URL: databaseUrl, PORT: "abc" });
    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.milliseconds).toBeLessThan(10_000);
    expect(run.stderr).toContain('PORT: expected a TCP port number (got "abc")');
  });

  it("digest prints the URL of the event tagged with the digest, and exits 1 with a message when none is", { timeout: 2 * commandTimeout }, async () => {
    const database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") });
    let eventId = "";
    try {
      await migrateToLatest(database.db);
      const { project } = await insertProject(database.db, { name: "Web Shop" });
      await storeFixtureEvent(database.db, project.id, "node-exception.envelope", (event) => {
        event.tags = { digest: "3141592653" };
        eventId = event.event_id as string;
      });
      await digestBatch(database);
    } finally {
      await database.close();
    }

    const found = await lantern(["digest", "3141592653"], { DATABASE_URL: databaseUrl, LANTERN_URL: "https://errors.example.com/lantern/" });
    expect(found.stderr).toBe("lantern: Links use https://errors.example.com/lantern — LANTERN_URL set here.\n");
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(new RegExp(`^https://errors\\.example\\.com/lantern/projects/web-shop/issues/\\d+/events/${eventId}\n$`));

    const missing = await lantern(["digest", "2718281828"], { DATABASE_URL: databaseUrl });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain('no event carries the digest "2718281828"');
  });

  it("doctor exits 0 with only ok lines on a good configuration", async () => {
    const run = await lantern(["doctor"], { DATABASE_URL: databaseUrl });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("ok   configuration is valid");
    expect(run.stdout).toContain("ok   database reachable (sqlite)");
    expect(run.stdout).not.toContain("FAIL");
  });

  it("doctor exits non-zero with a FAIL line for each bad variable", async () => {
    const run = await lantern(["doctor"], { DATABASE_URL: "mysql://x", PORT: "abc" });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL configuration: DATABASE_URL: /m);
    expect(run.stdout).toMatch(/^FAIL configuration: PORT: /m);
  });

  it("doctor exits non-zero with a FAIL line when the database cannot be reached", async () => {
    const run = await lantern(["doctor"], { DATABASE_URL: "postgres://lantern:lantern@127.0.0.1:1/lantern" });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("ok   configuration is valid");
    expect(run.stdout).toMatch(/^FAIL database unreachable \(postgres\): /m);
  });
});
