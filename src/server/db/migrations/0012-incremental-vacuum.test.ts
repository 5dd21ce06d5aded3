import { mkdtempSync, rmSync, statfsSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createDatabase } from "../create-database";
import { migrateTo, migrateToLatest } from "../migrate";

// SQLite only: on PostgreSQL the migration does nothing.
let directory: string;
beforeEach(() => (directory = mkdtempSync(join(tmpdir(), "lantern-0012-"))));
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(directory, { recursive: true, force: true });
});

it("converts a SQLite file made before it to incremental auto-vacuum, keeping its data and giving its free pages back", async () => {
  const path = join(directory, "lantern.db");
  // A file as Lantern created it before: WAL mode, auto_vacuum NONE, tables present.
  const old = new BetterSqlite3(path);
  old.pragma("journal_mode = WAL");
  old.close();
  const database = createDatabase({ dialect: "sqlite", path });
  try {
    await migrateTo(database.db, "0009-intake-bodies");
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as Record<string, number>)[0];
    expect(await pragma("auto_vacuum")).toBe(0);
    const project = await database.db.insertInto("projects").values({ slug: "p", name: "p", platform: "other", created_at: 1 }).returning("id").executeTakeFirstOrThrow();
    for (let index = 0; index < 2_000; index += 1) {
      await sql`insert into intake (project_id, received_at, item_types, body_bytes) values (${project.id}, ${index}, ${"event"}, ${4000})`.execute(database.db);
    }
    await sql`insert into intake_bodies (intake_id, body) select id, randomblob(4000) from intake`.execute(database.db);
    await sql`delete from intake where received_at % 2 = 1`.execute(database.db);
    database.checkpointWal();
    const freePagesBefore = Number(await pragma("freelist_count"));
    const bytesBefore = statSync(path).size;
    expect(freePagesBefore).toBeGreaterThan(900);

    // Up to this migration only: later ones write their own tables to the WAL.
    await migrateTo(database.db, "0012-incremental-vacuum");

    expect(await pragma("auto_vacuum")).toBe(2);
    expect(await pragma("freelist_count")).toBe(0);
    expect(statSync(path).size).toBeLessThanOrEqual(bytesBefore - freePagesBefore * 4096);
    // The VACUUM's copy of the whole file left the WAL; only the migration bookkeeping written after it remains.
    expect(statSync(`${path}-wal`).size).toBeLessThan(64 * 1024);
    const kept = await database.db.selectFrom("intake_bodies").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(kept.n).toBe(1_000);
    expect(await pragma("integrity_check")).toBe("ok");
  } finally {
    await database.close();
  }
});

it("leaves a file created with incremental auto-vacuum as it is (no VACUUM)", async () => {
  const path = join(directory, "new.db");
  const database = createDatabase({ dialect: "sqlite", path });
  try {
    await migrateTo(database.db, "0009-intake-bodies");
    await sql`insert into projects (slug, name, platform, created_at) values ('p', 'p', 'other', 1)`.execute(database.db);
    await sql`delete from projects`.execute(database.db);
    const freeBefore = (await sql<{ freelist_count: number }>`pragma freelist_count`.execute(database.db)).rows[0]!.freelist_count;
    await migrateToLatest(database.db);
    // A VACUUM would have emptied the free list; the migration ran without one.
    expect((await sql<{ freelist_count: number }>`pragma freelist_count`.execute(database.db)).rows[0]!.freelist_count).toBe(freeBefore);
    expect((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(database.db)).rows[0]!.auto_vacuum).toBe(2);
  } finally {
    await database.close();
  }
});

it("leaves a file it has no room to VACUUM as it is, says how to convert it later, and lets Lantern start", async () => {
  const path = join(directory, "lantern.db");
  const old = new BetterSqlite3(path);
  old.pragma("journal_mode = WAL");
  old.exec("create table kept (id integer primary key, text text not null); insert into kept (text) values ('still here')");
  old.close();
  // A sparse tail makes the file larger than half the volume's free space without using any of it; SQLite
  // goes by the page count in its header and never reads the tail.
  const { bavail, bsize } = statfsSync(directory);
  truncateSync(path, Math.ceil((bavail * bsize) / 2 / 4096 + 1) * 4096);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const database = createDatabase({ dialect: "sqlite", path });
  try {
    await migrateToLatest(database.db);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/keeps auto_vacuum = NONE .*Space given back/));
    expect((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(database.db)).rows[0]!.auto_vacuum).toBe(0);
    expect((await sql<{ text: string }>`select text from kept`.execute(database.db)).rows).toEqual([{ text: "still here" }]);
    expect(await migrateToLatest(database.db)).toEqual([]);
  } finally {
    await database.close();
  }
});
