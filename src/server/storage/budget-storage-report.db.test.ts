import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import { insertProject } from "../projects/insert-project";
import { measureDatabaseSize } from "./budget-database-size";
import { readStorageReport } from "./budget-storage-report";

describe(`the storage report on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it("gives the events table its real size, shares it out by each project's events, and adds each project's attachments", async () => {
    const shop = (await insertProject(database.db, { name: "shop" })).project.id;
    const blog = (await insertProject(database.db, { name: "blog" })).project.id;
    const event = (projectId: number, index: number) => ({ project_id: projectId, event_id: `${projectId}-${index}`, intake_id: index, type: "error", timestamp: index, received_at: index, level: "error", platform: "node", title: "E", payload: randomBytes(4096) });
    await database.db.insertInto("events").values(Array.from({ length: 300 }, (_, index) => event(shop, index))).execute();
    await database.db.insertInto("events").values(Array.from({ length: 100 }, (_, index) => event(blog, index))).execute();
    await database.db.insertInto("attachments").values({ project_id: blog, event_id: `${blog}-1`, intake_id: 1, filename: "a.bin", content_type: null, attachment_type: "event.attachment", size: 50_000, body: randomBytes(50_000) }).execute();

    const report = await readStorageReport(systemContext(database, createTestConfig({ LANTERN_DISK_BUDGET: "100MB" })));
    const events = report.tables.find((table) => table.table === "events")!;
    // 400 events of 4 KB: their table holds at least that, and not wildly more.
    expect(events.bytes).toBeGreaterThan(400 * 4096);
    expect(events.bytes).toBeLessThan(400 * 4096 * 1.6);
    expect(report.tables[0]!.table).toBe("events");
    expect(report.projects.map((project) => [project.name, project.events])).toEqual([
      ["shop", 300],
      ["blog", 100],
    ]);
    expect(report.projects[0]!.bytes).toBe(Math.round((events.bytes * 300) / 400));
    expect(report.projects[1]!.bytes).toBe(Math.round((events.bytes * 100) / 400) + 50_000);
    expect(report.budget).toMatchObject({ budgetBytes: 100 * 1024 ** 2, isOverBudget: false, lastPrune: null, prunedRecently: false });
    expect(report.budget!.bytes).toBe(await measureDatabaseSize(database.db));
  });
});
