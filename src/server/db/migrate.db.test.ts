import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { migrateTo, migrateToLatest, migrationNames } from "./migrate";
import { selectIntakeWithBodies } from "../intake/intake-writer";

describe(`migrations on ${testDialect}`, () => {
  let database: TestDatabase;
  afterEach(() => database.destroy());

  it("apply on an empty database and then have nothing left to do", async () => {
    database = await createTestDatabase({ isEmpty: true });
    expect(await migrateToLatest(database.db)).toEqual(migrationNames);
    expect(migrationNames.slice(0, 9)).toEqual(["0001-initial", "0002-ingest-and-digest", "0003-issues", "0004-issue-search", "0005-data-scrubbing", "0006-list-sort-indexes", "0007-accounts", "0008-status-last-seen-index", "0009-intake-bodies"]);
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await database.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(["projects", "project_keys", "intake", "events", "attachments", "stored_items", "session_counts", "outcomes", "issues", "issue_hashes", "issue_hourly_counts", "issue_users", "issue_environments", "issue_activity", "releases"]));
  });

  it("move the intake's envelope bodies to intake_bodies (0009), each to its own row", async () => {
    database = await createTestDatabase({ isEmpty: true });
    await migrateTo(database.db, "0008-status-last-seen-index");
    const project = await database.db.insertInto("projects").values({ slug: "p", name: "p", platform: "other", created_at: 1 }).returning("id").executeTakeFirstOrThrow();
    const bodies = ["first envelope", "second envelope"].map((text) => Buffer.from(text));
    for (const body of bodies) {
      await sql`insert into intake (project_id, received_at, item_types, body_bytes, body) values (${project.id}, ${1}, ${"event"}, ${body.length}, ${body})`.execute(database.db);
    }

    expect(await migrateToLatest(database.db)).toEqual(migrationNames.slice(migrationNames.indexOf("0009-intake-bodies")));
    const moved = await selectIntakeWithBodies(database.db).select(["id", "body"]).orderBy("id").execute();
    expect(moved.map((row) => Buffer.from(row.body).toString())).toEqual(["first envelope", "second envelope"]);
    const columns = (await database.db.introspection.getTables()).find((table) => table.name === "intake")!.columns.map((column) => column.name);
    expect(columns).not.toContain("body");
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
