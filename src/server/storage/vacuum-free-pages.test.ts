import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createDatabase, sqlitePageSize, type LanternDatabase } from "../db/create-database";
import { WriteGate } from "../db/write-gate";
import { vacuumFreePages } from "./vacuum-free-pages";

// SQLite only (PostgreSQL has no free-page list to give back; vacuumFreePages returns at once there).
let directory: string;
beforeEach(() => (directory = mkdtempSync(join(tmpdir(), "lantern-vacuum-"))));
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** 2,400 rows of almost a page each (about 2,400 pages), then every other one deleted: ~1,200 free pages inside the file. */
async function fileWithFreePages(database: LanternDatabase): Promise<void> {
  await sql`create table blobs (id integer primary key, body blob not null)`.execute(database.db);
  await sql`insert into blobs (body) select randomblob(${sqlitePageSize - 200}) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 2400) select i from n)`.execute(database.db);
  await sql`delete from blobs where id % 2 = 0`.execute(database.db);
}

async function pageCounts(database: LanternDatabase): Promise<{ pages: number; freePages: number }> {
  const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(database.db)).rows[0]!.page_count;
  const freePages = (await sql<{ freelist_count: number }>`pragma freelist_count`.execute(database.db)).rows[0]!.freelist_count;
  return { pages, freePages };
}

it("creates new SQLite files with incremental auto-vacuum", async () => {
  const database = createDatabase({ dialect: "sqlite", path: join(directory, "new.db") });
  try {
    expect((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(database.db)).rows[0]!.auto_vacuum).toBe(2);
  } finally {
    await database.close();
  }
});

it("gives free pages back in bounded steps until only the kept slack is free, and the file shrinks", async () => {
  const path = join(directory, "lantern.db");
  const database = createDatabase({ dialect: "sqlite", path });
  try {
    await fileWithFreePages(database);
    database.checkpointWal();
    const before = await pageCounts(database);
    const bytesBefore = statSync(path).size;
    expect(before.freePages).toBeGreaterThan(1_100);

    const result = await vacuumFreePages(database, { pagesPerStep: 300, keptFreeShare: 0, minKeptFreePages: 100 });

    const after = await pageCounts(database);
    expect(after.freePages).toBeLessThanOrEqual(100);
    expect(result.pagesReleased).toBe(before.freePages - after.freePages);
    expect(result.steps).toBe(Math.ceil((before.freePages - 100) / 300));
    // Pointer-map pages past the new end go too, so the file can lose a few more pages than were free.
    expect(after.pages).toBeLessThanOrEqual(before.pages - result.pagesReleased);
    expect(statSync(path).size).toBeLessThanOrEqual(bytesBefore - result.pagesReleased * sqlitePageSize);
    expect(await sql<{ n: number }>`select count(*) as n from blobs`.execute(database.db).then((r) => r.rows[0]!.n)).toBe(1_200);
  } finally {
    await database.close();
  }
});

it("keeps a share of the file free for the next inserts, and stops after maxSteps", async () => {
  const database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") });
  try {
    await fileWithFreePages(database);
    const kept = await vacuumFreePages(database, { keptFreeShare: 0.5, minKeptFreePages: 0 });
    expect(kept).toEqual({ pagesReleased: 0, steps: 0 });

    const bounded = await vacuumFreePages(database, { pagesPerStep: 100, maxSteps: 3, keptFreeShare: 0, minKeptFreePages: 0 });
    expect(bounded).toEqual({ pagesReleased: 300, steps: 3 });
  } finally {
    await database.close();
  }
});

it("takes the write gate for each step, so ingest's writes can go between them", async () => {
  const gate = WriteGate.create("digest");
  const ingestSide = WriteGate.join(gate.buffer, "ingest");
  const database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") }, { writeGate: gate });
  try {
    await fileWithFreePages(database);
    let ingestWrites = 0;
    // While vacuum steps run, the other party keeps asking for the gate; alternation lets it in between steps.
    let isVacuuming = true;
    const ingest = (async () => {
      while (isVacuuming) await ingestSide.hold(async () => void (ingestWrites += 1));
    })();
    const result = await vacuumFreePages(database, { pagesPerStep: 50, keptFreeShare: 0, minKeptFreePages: 0 });
    isVacuuming = false;
    await ingest;
    expect(result.steps).toBeGreaterThanOrEqual(19);
    expect(ingestWrites).toBeGreaterThanOrEqual(result.steps - 1);
  } finally {
    await database.close();
  }
});

it("leaves a file without auto_vacuum alone (it still reuses its free pages)", async () => {
  const path = join(directory, "old.db");
  const old = new BetterSqlite3(path);
  old.pragma("journal_mode = WAL");
  old.exec("create table before_vacuum_work (id integer primary key)");
  old.close();
  const database = createDatabase({ dialect: "sqlite", path });
  try {
    expect((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(database.db)).rows[0]!.auto_vacuum).toBe(0);
    await fileWithFreePages(database);
    expect(await vacuumFreePages(database, { keptFreeShare: 0, minKeptFreePages: 0 })).toEqual({ pagesReleased: 0, steps: 0 });
  } finally {
    await database.close();
  }
});
