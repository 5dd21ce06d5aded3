import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { PruneStep } from "../issues/prune-events";
import { insertProject } from "../projects/insert-project";
import { measureDatabaseSize } from "./budget-database-size";
import { pruneToDiskBudget } from "./budget-prune-oldest";
import { readDiskBudgetStatus, readLastBudgetPrune } from "./budget-status";

const minuteMs = 60_000;
const start = Date.UTC(2026, 9, 1);

describe(`the disk budget on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  /**
   * Two projects, three issues each, 600 events of 4 KB (random, so nothing compresses them away) spread
   * over 600 minutes, the projects' events interleaved in time; each issue's counters as digest keeps them.
   */
  async function seed(): Promise<void> {
    const projects = [(await insertProject(database.db, { name: "shop" })).project.id, (await insertProject(database.db, { name: "blog" })).project.id];
    const issues: { id: number; projectId: number; times: number[] }[] = [];
    for (const projectId of projects) {
      for (let index = 0; index < 3; index += 1) {
        const issue = await database.db
          .insertInto("issues")
          .values({ project_id: projectId, type: "error", title: `issue ${index}`, culprit: "", level: "error", platform: "node", status: "unresolved", first_seen: 0, last_seen: 0, times_seen: 0, users_seen: 0, status_changed_at: start })
          .returning("id")
          .executeTakeFirstOrThrow();
        issues.push({ id: issue.id, projectId, times: [] });
      }
    }
    const rows = Array.from({ length: 600 }, (_, index) => {
      const issue = issues[(index * 7) % issues.length]!;
      const timestamp = start + index * minuteMs;
      issue.times.push(timestamp);
      return { project_id: issue.projectId, event_id: `event-${index}`, intake_id: index + 1, type: "error", timestamp, received_at: timestamp, level: "error", platform: "node", title: "Error", payload: randomBytes(4096), issue_id: issue.id };
    });
    for (let first = 0; first < rows.length; first += 50) await database.db.insertInto("events").values(rows.slice(first, first + 50)).execute();
    for (const issue of issues) {
      await database.db.updateTable("issues").set({ first_seen: Math.min(...issue.times), last_seen: Math.max(...issue.times), times_seen: issue.times.length }).where("id", "=", issue.id).execute();
    }
  }

  it("prunes the oldest events of all projects, at most stepSize a step, until the database is under 90 % of a budget it went past; issues keep their counts and their first and newest events", async () => {
    await seed();
    const size = await measureDatabaseSize(database.db);
    const budget = Math.floor(size * 0.75);
    const issuesBefore = await database.db.selectFrom("issues").select(["id", "times_seen", "first_seen", "last_seen"]).orderBy("id").execute();

    const steps: PruneStep[] = [];
    const result = await pruneToDiskBudget(database, budget, { stepSize: 40, onStep: (step) => steps.push(step) });

    expect(result).not.toBeNull();
    expect(result!.bytesBefore).toBe(size);
    expect(result!.bytesAfter).toBeLessThan(budget * 0.9);
    expect(await measureDatabaseSize(database.db)).toBeLessThan(budget * 0.9);
    expect(result!.deleted).toBeGreaterThan(0);
    expect(steps.length).toBeGreaterThanOrEqual(Math.ceil(result!.deleted / 40));
    for (const step of steps) expect(step.deleted).toBeLessThanOrEqual(40);

    // Oldest first, over both projects: every deleted event is older than every kept event that was deletable.
    const kept = await database.db.selectFrom("events").select(["event_id", "timestamp", "issue_id", "project_id"]).orderBy("timestamp").execute();
    const keptIds = new Set(kept.map((event) => event.event_id));
    const deletedTimes = Array.from({ length: 600 }, (_, index) => index).filter((index) => !keptIds.has(`event-${index}`)).map((index) => start + index * minuteMs);
    expect(deletedTimes).toHaveLength(result!.deleted);
    const newestDeleted = Math.max(...deletedTimes);
    const issuesAfter = await database.db.selectFrom("issues").select(["id", "times_seen", "first_seen", "last_seen"]).orderBy("id").execute();
    expect(issuesAfter).toEqual(issuesBefore);
    for (const issue of issuesAfter) {
      const own = kept.filter((event) => event.issue_id === issue.id);
      expect(own[0]!.timestamp).toBe(issue.first_seen);
      expect(own.at(-1)!.timestamp).toBe(issue.last_seen);
      // Past an issue's first event, nothing older than the newest deleted event is left.
      expect(own.slice(1).every((event) => event.timestamp > newestDeleted)).toBe(true);
    }
    // Both projects gave up events (event i belongs to issue i mod 6: issues 0–2 are shop's, 3–5 blog's).
    expect(new Set(deletedTimes.map((time) => ((time - start) / minuteMs) % 6 < 3)).size).toBe(2);

    expect(await readLastBudgetPrune(database.db)).toMatchObject({ budgetBytes: budget, bytesBefore: size, deleted: result!.deleted });
    // The dashboard's banner: under budget again, and pruned within the hour (then no longer).
    expect(await readDiskBudgetStatus(database.db, budget)).toMatchObject({ budgetBytes: budget, isOverBudget: false, prunedRecently: true });
    expect(await readDiskBudgetStatus(database.db, budget, Date.now() + 2 * 3_600_000)).toMatchObject({ isOverBudget: false, prunedRecently: false });
  });

  it("does nothing under the budget, or without one", async () => {
    await seed();
    const size = await measureDatabaseSize(database.db);
    expect(await pruneToDiskBudget(database, size + 1)).toBeNull();
    expect(await pruneToDiskBudget(database, null)).toBeNull();
    expect(await database.db.selectFrom("events").select("id").execute()).toHaveLength(600);
    expect(await readLastBudgetPrune(database.db)).toBeNull();
  });
});
