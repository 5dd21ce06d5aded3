import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import type { KyselyPlugin } from "kysely";
import { afterEach, expect, it } from "vitest";
import { createDatabase } from "../db/create-database";
import { migrateToLatest } from "../db/migrate";
import { insertProject } from "./insert-project";

const directory = mkdtempSync(join(tmpdir(), "lantern-insert-project-"));
afterEach(() => rmSync(directory, { recursive: true, force: true }));

it("creates the project when another connection commits between its slug read and its write (SQLite, a stale snapshot)", async () => {
  const path = join(directory, "lantern.db");
  const database = createDatabase({ dialect: "sqlite", path });
  await migrateToLatest(database.db);
  const other = new BetterSqlite3(path);
  let commits = 0;
  // Right after the transaction's first read (the free slug), the other connection commits, as the digest thread does.
  const commitAfterFirstRead: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      if (commits === 0) {
        commits += 1;
        other.prepare("insert into instance_settings (key, value) values ('stale-read', '1')").run();
      }
      return args.result;
    },
  };
  try {
    const created = await insertProject(database.db.withPlugin(commitAfterFirstRead), { name: "Checkout" });
    expect(created.project.slug).toBe("checkout");
    expect(commits).toBe(1);
  } finally {
    other.close();
    await database.close();
  }
});
