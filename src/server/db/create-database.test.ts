import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { createDatabase } from "./create-database";

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
