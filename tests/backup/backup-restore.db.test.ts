import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackupError } from "@/server/backup/backup-error";
import { listBackups } from "@/server/backup/list-backups";
import { restoreBackup } from "@/server/backup/restore-backup";
import { scheduleBackups } from "@/server/backup/schedule-backups";
import { serverApplicationName } from "@/server/backup/server-application-name";
import { takeBackup } from "@/server/backup/take-backup";
import type { LanternConfig } from "@/server/config";
import { createDatabase } from "@/server/db/create-database";
import { migrateTo, migrationNames } from "@/server/db/migrate";
import { digestBatch } from "@/server/digest/digest-batch";
import { insertProject } from "@/server/projects/insert-project";
import { storeFixtureEvent } from "../support/event-envelopes";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * `lantern backup` and `lantern restore` on the real database of each dialect: SQLite's online backup API,
 * and PostgreSQL's own pg_dump / pg_restore (never skipped: without them the backup fails, and so does this).
 */
describe(`backup and restore on ${testDialect}`, () => {
  let database: TestDatabase;
  let directory: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    directory = mkdtempSync(join(tmpdir(), "lantern-backup-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  async function seedIssues(count: number): Promise<number> {
    const { project } = await insertProject(database.db, { name: "Shop", platform: "node" });
    for (let index = 0; index < count; index++) {
      await storeFixtureEvent(database.db, project.id, "node-exception.envelope", (event) => (event.message = `before backup ${index}`));
    }
    while ((await digestBatch(database)) > 0);
    return project.id;
  }

  /** Where the restore goes: a fresh SQLite file in a new directory, or the same PostgreSQL schema (nothing may use it). */
  function restoreTarget(): LanternConfig["database"] {
    return database.settings.dialect === "sqlite" ? { dialect: "sqlite", path: join(directory, "restored", "lantern.db") } : database.settings;
  }

  async function currentSchemaName(): Promise<string> {
    return (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema;
  }

  async function countRows(settings: LanternConfig["database"]): Promise<{ projects: number; events: number; intake: number }> {
    const opened = createDatabase(settings);
    try {
      const count = async (table: "projects" | "events" | "intake") => Number((await opened.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
      return { projects: await count("projects"), events: await count("events"), intake: await count("intake") };
    } finally {
      await opened.close();
    }
  }

  it("restores exactly what was there at backup time", async () => {
    await seedIssues(12);
    const before = await countRows(database.settings);
    expect(before.events).toBe(12);

    const file = join(directory, testDialect === "sqlite" ? "lantern.db" : "lantern.dump");
    const backup = await takeBackup(database.settings, file);
    expect(backup.file).toBe(file);
    expect(backup.bytes).toBeGreaterThan(10_000);
    expect(backup.method).toMatch(testDialect === "sqlite" ? /online backup API/ : /^pg_dump --format=custom \(pg_dump 1\d\.\d+.*server 1\d\.\d+/);
    if (testDialect === "postgres") {
      // npm test's throwaway server is PostgreSQL 15, as Debian 12's pg_dump is: the tool is never older than the server.
      const [, dumpMajor, serverMajor] = /pg_dump (\d+)\..*server (\d+)\./.exec(backup.method)!;
      expect(Number(dumpMajor)).toBeGreaterThanOrEqual(Number(serverMajor));
    }

    // What changes after the backup is not in the restored database.
    await insertProject(database.db, { name: "After the backup" });
    // The schema version travels with the data: the migration forgotten here is back after the restore.
    if (testDialect === "postgres") await database.db.deleteFrom("lantern_migrations" as never).where("name" as never, "=", migrationNames.at(-1) as never).execute();

    const restored = await restoreBackup(restoreTarget(), file);
    expect(await countRows(restoreTarget())).toEqual(before);
    expect(restored.migrated).toEqual([]);
  });

  it("restores onto a machine that has no database yet", async () => {
    await seedIssues(3);
    const before = await countRows(database.settings);
    const file = join(directory, "to-a-new-machine.backup");
    await takeBackup(database.settings, file);
    // SQLite: a path in a directory that does not exist yet. PostgreSQL: the schema is gone (a new database).
    const target = database.settings.dialect === "sqlite" ? restoreTarget() : database.settings;
    if (database.settings.dialect === "postgres") await sql.raw(`drop schema "${await currentSchemaName()}" cascade`).execute(database.db);
    await restoreBackup(target, file);
    expect(await countRows(target)).toEqual(before);
  });

  it("refuses a backup made by a newer Lantern, and leaves the database as it was", async () => {
    await seedIssues(1);
    await database.db.insertInto("lantern_migrations" as never).values({ name: "9999-from-the-future", timestamp: new Date().toISOString() } as never).execute();
    const file = join(directory, "newer.backup");
    await takeBackup(database.settings, file);
    await database.db.deleteFrom("lantern_migrations" as never).where("name" as never, "=", "9999-from-the-future" as never).execute();
    const before = await countRows(database.settings);
    await insertProject(database.db, { name: "Stays" });

    const restoring = restoreBackup(database.settings.dialect === "sqlite" ? restoreTarget() : database.settings, file);
    await expect(restoring).rejects.toThrow(BackupError);
    await expect(restoring).rejects.toThrow(/newer Lantern: it has migration 9999-from-the-future/);
    expect(await countRows(database.settings)).toEqual({ ...before, projects: before.projects + 1 });
    if (testDialect === "sqlite") expect(existsSync(join(directory, "restored", "lantern.db"))).toBe(false);
  });

  it("migrates a backup of an older Lantern forward after restoring it", async () => {
    const older = await createTestDatabase({ isEmpty: true });
    try {
      await migrateTo(older.db, migrationNames[migrationNames.length - 3]!);
      await insertProject(older.db, { name: "From an older version" });
      const file = join(directory, "older.backup");
      await takeBackup(older.settings, file);
      const target = older.settings.dialect === "sqlite" ? restoreTarget() : older.settings;
      const restored = await restoreBackup(target, file);
      expect(restored.migrated).toEqual(migrationNames.slice(-2));
      expect((await countRows(target)).projects).toBe(1);
    } finally {
      await older.destroy();
    }
  });

  it("refuses a file that is not a backup, saying so", async () => {
    const file = join(directory, "notes.txt");
    execFileSync("sh", ["-c", `printf 'not a database at all' > '${file}'`]);
    await expect(restoreBackup(restoreTarget(), file)).rejects.toThrow(testDialect === "sqlite" ? /not a readable SQLite database/ : /not a readable pg_dump archive/);
  });

  it("refuses while a Lantern server uses the database", async () => {
    await seedIssues(1);
    const file = join(directory, "in-use.backup");
    await takeBackup(database.settings, file);
    if (database.settings.dialect === "sqlite") {
      // The test's own connection is open on the file, as lantern start's would be.
      await expect(restoreBackup(database.settings, file)).rejects.toThrow(/is in use: a Lantern server \(or another process\) has it open/);
      return;
    }
    // A connection named as lantern start names its own (cli/main.ts sets PGAPPNAME).
    const server = new pg.Client({ connectionString: database.settings.url, application_name: serverApplicationName });
    await server.connect();
    try {
      await expect(restoreBackup(database.settings, file)).rejects.toThrow(/connection\(s\) of a running Lantern server/);
    } finally {
      await server.end();
    }
    await expect(restoreBackup(database.settings, file)).resolves.toMatchObject({ migrated: [] });
  });

  it("scheduled backups are named by time and only the newest are kept", async () => {
    await seedIssues(2);
    const backups = join(directory, "scheduled");
    let taken = 0;
    const schedule = scheduleBackups({ directory: backups, intervalMs: 150, keep: 2 }, testDialect, async (file) => {
      await takeBackup(database.settings, file);
      taken++;
    });
    try {
      const deadline = Date.now() + 15_000;
      while (taken < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      schedule.stop();
    }
    expect(taken).toBeGreaterThanOrEqual(4);
    // Let a prune that was running finish.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const kept = await listBackups(backups);
    expect(kept).toHaveLength(2);
    expect(readdirSync(backups).sort()).toEqual(kept.map((backup) => backup.file.slice(backups.length + 1)).sort());
    for (const backup of kept) expect(backup.file).toMatch(testDialect === "sqlite" ? /lantern-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/ : /\.dump$/);
    if (testDialect === "sqlite") {
      const copy = new BetterSqlite3(kept[0]!.file, { readonly: true });
      try {
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(copy.prepare("select count(*) from events").pluck().get()).toBe(2);
      } finally {
        copy.close();
      }
    }
  });
});
