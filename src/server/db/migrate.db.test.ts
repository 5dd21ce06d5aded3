import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { migrateToLatest } from "./migrate";

describe(`migrations on ${testDialect}`, () => {
  let database: TestDatabase;
  afterEach(() => database.destroy());

  it("apply on an empty database and then have nothing left to do", async () => {
    database = await createTestDatabase({ isEmpty: true });
    expect(await migrateToLatest(database.db)).toEqual(["0001-initial", "0002-ingest-and-digest", "0003-issues", "0004-issue-search", "0005-data-scrubbing", "0006-list-sort-indexes", "0007-accounts", "0008-status-last-seen-index"]);
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await database.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(["projects", "project_keys", "intake", "events", "attachments", "stored_items", "session_counts", "outcomes", "issues", "issue_hashes", "issue_hourly_counts", "issue_users", "issue_environments", "issue_activity", "releases"]));
  });

  it("enforce foreign keys", async () => {
    database = await createTestDatabase();
    await expect(
      database.db.insertInto("project_keys").values({ project_id: 9999, public_key: "a".repeat(32), label: "x", created_at: Date.now() }).execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it("refuse a public key that is not 32 characters", async () => {
    database = await createTestDatabase();
    const project = await database.db.insertInto("projects").values({ slug: "p", name: "p", platform: "other", created_at: 1 }).returning("id").executeTakeFirstOrThrow();
    await expect(database.db.insertInto("project_keys").values({ project_id: project.id, public_key: "short", label: "x", created_at: 1 }).execute()).rejects.toThrow(/check/i);
  });
});
