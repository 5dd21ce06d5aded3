import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { isForeignKeyViolation } from "../db/is-foreign-key-violation";
import type { NewIntakeRow } from "../db/schema";
import { createProject } from "../projects/create-project";
import { IntakeWriter } from "./intake-writer";

function row(projectId: number, eventId: string): NewIntakeRow {
  const body = Buffer.from(`{"event_id":"${eventId}"}\n`);
  return { project_id: projectId, received_at: Date.now(), event_id: eventId, item_types: "event", summary: "x", sdk_name: "test", body_bytes: body.length, body, client_ip: null };
}

describe(`the intake's group commit on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it("commits the rows of one group together, and one refused row (a deleted project) fails only itself", async () => {
    const { project } = await createProject(database.db, { name: "shop" });
    const writer = new IntakeWriter(database);
    // Appended in one tick, so they share a commit.
    const results = await Promise.allSettled([
      writer.append(row(project.id, "a".repeat(32))),
      writer.append(row(987654, "b".repeat(32))),
      writer.append(row(project.id, "c".repeat(32))),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(isForeignKeyViolation((results[1] as PromiseRejectedResult).reason)).toBe(true);
    const stored = await database.db.selectFrom("intake").select("event_id").orderBy("id").execute();
    expect(stored.map((stored) => stored.event_id)).toEqual(["a".repeat(32), "c".repeat(32)]);
  });
});
