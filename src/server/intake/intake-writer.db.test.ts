import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { isForeignKeyViolation } from "../db/is-foreign-key-violation";
import { insertProject } from "../projects/insert-project";
import { IntakeWriter, type NewIntakeEnvelope, selectIntakeWithBodies } from "./intake-writer";

function row(projectId: number, eventId: string): NewIntakeEnvelope {
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
    const { project } = await insertProject(database.db, { name: "shop" });
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

  it("keeps each envelope's own body when hundreds share one commit", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    const writer = new IntakeWriter(database);
    const eventIds = Array.from({ length: 250 }, (_, index) => index.toString(16).padStart(32, "0"));
    await Promise.all(eventIds.map((eventId) => writer.append(row(project.id, eventId))));

    const stored = await selectIntakeWithBodies(database.db).select(["event_id", "body"]).execute();
    expect(stored).toHaveLength(eventIds.length);
    for (const envelope of stored) expect(Buffer.from(envelope.body).toString()).toBe(`{"event_id":"${envelope.event_id}"}\n`);
  });

  it("deletes an envelope's body with its project", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    await new IntakeWriter(database).append(row(project.id, "d".repeat(32)));
    await database.db.deleteFrom("projects").where("id", "=", project.id).execute();
    expect(await database.db.selectFrom("intake_bodies").select("intake_id").execute()).toEqual([]);
  });
});
