import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupFileName } from "@/server/backup/list-backups";
import { spawnBackupProcess } from "../../cli/backup-command";
import { runLanternCli } from "../support/run-lantern-cli";

/** The `lantern backup`, `restore` and `doctor` commands as an operator runs them, in child processes. */
const day = 86_400_000;

const lantern = (args: string[], env: Record<string, string>) => runLanternCli(args, env);

describe("lantern backup, restore and doctor", () => {
  let directory: string;
  let databaseUrl: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "lantern-backup-cli-"));
    databaseUrl = `file:${join(directory, "lantern.db")}`;
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it("backup of PostgreSQL without pg_dump on PATH exits 1 and says how to install it", async () => {
    // An empty PATH directory: no pg_dump (node itself is started by its full path). The check comes before any connection.
    const emptyPath = join(directory, "bin");
    mkdirSync(emptyPath);
    const run = await lantern(["backup", join(directory, "x.dump")], { DATABASE_URL: "postgres://lantern:secret@127.0.0.1:1/lantern", PATH: emptyPath });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("lantern backup: pg_dump was not found on PATH.");
    expect(run.stderr).toContain("apt-get install postgresql-client");
    expect(existsSync(join(directory, "x.dump"))).toBe(false);
  });

  it("backup refuses to write over the database itself", async () => {
    expect((await lantern(["migrate"], { DATABASE_URL: databaseUrl })).code).toBe(0);
    const run = await lantern(["backup", join(directory, "lantern.db")], { DATABASE_URL: databaseUrl });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("lantern.db is the database itself: name another file for the backup.");
    const database = new BetterSqlite3(join(directory, "lantern.db"), { readonly: true });
    try {
      expect(database.prepare("select count(*) from lantern_migrations").pluck().get()).toBeGreaterThan(0);
    } finally {
      database.close();
    }
  });

  it("restore of a missing file exits 1 with the reason, creating nothing", async () => {
    const run = await lantern(["restore", join(directory, "nothing.db")], { DATABASE_URL: databaseUrl });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^lantern restore: cannot open .*nothing\.db as SQLite/);
    expect(existsSync(join(directory, "lantern.db"))).toBe(false);
  });

  it("the scheduled backup's child process (lantern start's) writes a sound copy", async () => {
    expect((await lantern(["project", "create", "Scheduled"], { DATABASE_URL: databaseUrl })).code).toBe(0);
    const file = join(directory, "backups", backupFileName(Date.now(), "sqlite"));
    mkdirSync(dirname(file));
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = databaseUrl;
    try {
      await spawnBackupProcess(file);
    } finally {
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
    }
    const copy = new BetterSqlite3(file, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.prepare("select name from projects where is_internal = 0").pluck().all()).toEqual(["Scheduled"]);
    } finally {
      copy.close();
    }
  });

  it("doctor reports the newest backup's age and warns without a disk budget", async () => {
    const backups = join(directory, "backups");
    mkdirSync(backups);
    expect((await lantern(["migrate"], { DATABASE_URL: databaseUrl })).code).toBe(0);
    const newest = join(backups, backupFileName(Date.now() - 3 * 3_600_000, "sqlite"));
    expect((await lantern(["backup", newest], { DATABASE_URL: databaseUrl })).code).toBe(0);

    const run = await lantern(["doctor"], { DATABASE_URL: databaseUrl, LANTERN_BACKUP_DIR: backups, LANTERN_BACKUP_INTERVAL: "1d" });
    expect(run.stdout).toContain(`ok   newest backup 3 h old: ${newest}\n`);
    expect(run.stdout).toContain("warn no disk budget (LANTERN_DISK_BUDGET)");
    expect(run.code).toBe(0);
  });

  it("doctor fails when the newest backup is more than two intervals old, and is quiet about a set budget", async () => {
    const backups = join(directory, "backups");
    mkdirSync(backups);
    expect((await lantern(["migrate"], { DATABASE_URL: databaseUrl })).code).toBe(0);
    const stale = join(backups, backupFileName(Date.now() - 3 * day, "sqlite"));
    expect((await lantern(["backup", stale], { DATABASE_URL: databaseUrl })).code).toBe(0);

    const run = await lantern(["doctor"], { DATABASE_URL: databaseUrl, LANTERN_BACKUP_DIR: backups, LANTERN_BACKUP_INTERVAL: "1d", LANTERN_DISK_BUDGET: "20GB" });
    expect(run.stdout).toContain(`FAIL newest backup 3 days old: ${stale} (backups are due every 24 h: is lantern start running, and does its log show backup errors?)`);
    expect(run.stdout).not.toContain("disk budget");
    expect(run.code).toBe(1);
  });

  it("doctor warns when no backups are scheduled", async () => {
    expect((await lantern(["migrate"], { DATABASE_URL: databaseUrl })).code).toBe(0);
    const run = await lantern(["doctor"], { DATABASE_URL: databaseUrl });
    expect(run.stdout).toContain("warn no scheduled backups (LANTERN_BACKUP_DIR unset): take them with lantern backup <file>");
    expect(run.code).toBe(0);
  });
});
