import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { createDatabase, walSizeLimitBytes } from "./create-database";

const directory = mkdtempSync(join(tmpdir(), "lantern-create-db-"));
afterEach(() => rmSync(directory, { recursive: true, force: true }));

it("creates the SQLite file and its folder on first use, in WAL mode with foreign keys on", async () => {
  const path = join(directory, "nested", "lantern.db");
  const database = createDatabase({ dialect: "sqlite", path });
  try {
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
    const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
    expect(journal.rows[0]?.journal_mode).toBe("wal");
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
    expect(existsSync(path)).toBe(true);
  } finally {
    await database.close();
  }
});

it("leaves WAL checkpoints to the caller when asked, and checkpoints when called", async () => {
  const path = join(directory, "checkpoints.db");
  const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
  const walPages = async () => (await sql<{ log: number; checkpointed: number }>`pragma wal_checkpoint(noop)`.execute(database.db)).rows[0]!;
  try {
    await sql`create table t (id integer primary key, text text)`.execute(database.db);
    // Far more than SQLite's automatic checkpoint threshold of 1,000 pages.
    for (let round = 0; round < 160; round += 1) await sql`insert into t (text) select hex(randomblob(2000)) from (select 1 union all select 2 union all select 3 union all select 4) a, (select 1 union all select 2 union all select 3 union all select 4) b, (select 1 union all select 2) c`.execute(database.db);
    const before = await walPages();
    expect(before.log).toBeGreaterThan(1_000);
    expect(before.checkpointed).toBe(0);
    database.checkpointWal();
    const after = await walPages();
    expect(after.checkpointed).toBe(after.log);
  } finally {
    await database.close();
  }
});

it("cuts the WAL file back to its limit when the WAL starts over, instead of keeping its largest size", async () => {
  const path = join(directory, "wal-limit.db");
  const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
  try {
    await sql`create table t (id integer primary key, text text)`.execute(database.db);
    const fourMegabytes = sql`insert into t (text) select hex(randomblob(2000)) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) select i from n)`;
    while (statSync(`${path}-wal`).size <= 1.5 * walSizeLimitBytes) await fourMegabytes.execute(database.db);
    const { walBytes, checkpointedBytes } = database.checkpointWal();
    expect(checkpointedBytes).toBe(walBytes);
    await sql`insert into t (text) values ('the next commit starts the WAL over')`.execute(database.db);
    expect(statSync(`${path}-wal`).size).toBeLessThanOrEqual(walSizeLimitBytes);
  } finally {
    await database.close();
  }
});
