import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { insertProject } from "../projects/insert-project";
import { pruneEvents, type PruneStep } from "./prune-events";

const dayMs = 86_400_000;
const now = Date.UTC(2026, 10, 25);

describe(`pruneEvents in bounded steps on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  /** An issue with one event per timestamp (and an attachment on each), its counters as digest keeps them. */
  async function seedIssue(title: string, timestamps: number[]): Promise<number> {
    const issue = await database.db
      .insertInto("issues")
      .values({ project_id: projectId, type: "error", title, culprit: "", level: "error", platform: "node", status: "unresolved", first_seen: Math.min(...timestamps), last_seen: Math.max(...timestamps), times_seen: timestamps.length, users_seen: 0, status_changed_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rows = timestamps.map((timestamp, index) => ({
      project_id: projectId,
      event_id: `${title}-${index}`,
      intake_id: index + 1,
      type: "error",
      timestamp,
      received_at: timestamp,
      level: "error",
      platform: "node",
      title,
      payload: new Uint8Array([1, 2, 3]),
      issue_id: issue.id,
    }));
    for (let start = 0; start < rows.length; start += 50) {
      const chunk = rows.slice(start, start + 50);
      await database.db.insertInto("events").values(chunk).execute();
      await database.db
        .insertInto("attachments")
        .values(chunk.map((row) => ({ project_id: projectId, event_id: row.event_id, intake_id: row.intake_id + 1_000_000 * issue.id, filename: "log.txt", content_type: "text/plain", attachment_type: "event.attachment", size: 3, body: new Uint8Array([4, 5, 6]) })))
        .execute();
    }
    return issue.id;
  }

  const eventsOf = (issueId: number) => database.db.selectFrom("events").select(["event_id", "timestamp"]).where("issue_id", "=", issueId).orderBy("timestamp").orderBy("id").execute();
  const issueCounters = () => database.db.selectFrom("issues").select(["id", "times_seen", "first_seen", "last_seen"]).orderBy("id").execute();

  it("deletes old events at most stepSize per step, keeps each issue's first and newest event, their attachments go too, counters stay", async () => {
    const daysAgo = (days: number) => now - days * dayMs;
    // 40 events past 90 days and 5 within it; an issue entirely past it; an issue of one old event.
    const busy = await seedIssue("busy", [...Array.from({ length: 40 }, (_, index) => daysAgo(200 - index)), ...Array.from({ length: 5 }, (_, index) => daysAgo(5 - index))]);
    const stale = await seedIssue("stale", Array.from({ length: 12 }, (_, index) => daysAgo(300 - index)));
    const single = await seedIssue("single", [daysAgo(400)]);
    const countersBefore = await issueCounters();

    const steps: PruneStep[] = [];
    const deleted = await pruneEvents(database, { days: 90, maxEventsPerIssue: 10_000 }, now, { stepSize: 7, onStep: (step) => steps.push(step) });

    // busy loses 39 of its 40 old events (its first stays), stale 10 of 12 (first and newest stay), single none.
    expect(deleted).toBe(39 + 10);
    expect(steps.length).toBeGreaterThan(Math.ceil(deleted / 7) - 1);
    for (const step of steps) {
      expect(step.examined).toBeLessThanOrEqual(7);
      expect(step.deleted).toBeLessThanOrEqual(7);
    }
    expect((await eventsOf(busy)).map((event) => event.event_id)).toEqual(["busy-0", "busy-40", "busy-41", "busy-42", "busy-43", "busy-44"]);
    expect((await eventsOf(stale)).map((event) => event.event_id)).toEqual(["stale-0", "stale-11"]);
    expect((await eventsOf(single)).map((event) => event.event_id)).toEqual(["single-0"]);
    const attachments = await database.db.selectFrom("attachments").select("event_id").orderBy("event_id").execute();
    const events = await database.db.selectFrom("events").select("event_id").orderBy("event_id").execute();
    expect(attachments).toEqual(events);
    expect(await issueCounters()).toEqual(countersBefore);

    // Nothing left to delete: a second run deletes nothing and changes nothing.
    expect(await pruneEvents(database, { days: 90, maxEventsPerIssue: 10_000 }, now, { stepSize: 7 })).toBe(0);
    expect(await database.db.selectFrom("events").select("event_id").orderBy("event_id").execute()).toEqual(events);
  });

  it("caps an issue at its newest events plus its first, in steps of at most stepSize, and leaves issues under the cap alone", async () => {
    const big = await seedIssue("big", Array.from({ length: 30 }, (_, index) => now - (30 - index) * 60_000));
    const small = await seedIssue("small", Array.from({ length: 4 }, (_, index) => now - (4 - index) * 60_000));
    await database.db.updateTable("projects").set({ max_events_per_issue: 4 }).where("id", "=", projectId).execute();
    const steps: PruneStep[] = [];
    const deleted = await pruneEvents(database, { days: 90, maxEventsPerIssue: 10_000 }, now, { stepSize: 5, onStep: (step) => steps.push(step) });
    expect(deleted).toBe(30 - 4 - 1);
    const capSteps = steps.filter((step) => step.kind === "cap");
    expect(capSteps.length).toBeGreaterThanOrEqual(5);
    for (const step of capSteps) expect(step.deleted).toBeLessThanOrEqual(5);
    expect((await eventsOf(big)).map((event) => event.event_id)).toEqual(["big-0", "big-26", "big-27", "big-28", "big-29"]);
    expect(await eventsOf(small)).toHaveLength(4);
    expect((await issueCounters()).map((issue) => issue.times_seen)).toEqual([30, 4]);
  });
});
