import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent, type EventPatch } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { digestBatch } from "../digest/digest-batch";
import { AppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { deleteIssues } from "./delete-issues";
import { mergeIssues } from "./merge-issues";
import { resolveIssue } from "./resolve-issue";

const actor = "user:test";
const perIssueTables = ["issue_hourly_counts", "issue_users", "issue_environments", "issue_tag_values", "issue_activity", "issue_comments", "issue_hashes"] as const;

describe(`deleteIssues on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  async function send(fixture: string, patch?: EventPatch): Promise<number> {
    let eventId = "";
    await storeFixtureEvent(database.db, projectId, fixture, (event) => {
      event.user = { id: "u1" };
      event.tags = { "browser.name": "Chrome" };
      patch?.(event);
      eventId = event.event_id as string;
    });
    await digestBatch(database);
    return (await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow()).issue_id!;
  }
  const message = (text: string) => send("node-message.envelope", (event) => (event.message = text));

  async function rowsOf(issueId: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of perIssueTables) {
      const { count } = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).where("issue_id", "=", issueId).executeTakeFirstOrThrow();
      counts[table] = Number(count);
    }
    const { count } = await database.db.selectFrom("events").select((eb) => eb.fn.countAll<number>().as("count")).where("issue_id", "=", issueId).executeTakeFirstOrThrow();
    counts.events = Number(count);
    return counts;
  }
  const nothing = { events: 0, ...Object.fromEntries(perIssueTables.map((table) => [table, 0])) };

  it("deletes the issues with their events, hashes, counters, tags, activity and comments, and the issues merged into them", async () => {
    const checkout = await send("node-exception.envelope");
    await send("node-exception.envelope");
    const merged = await message("Token refresh failed");
    await mergeIssues(database, { issueIds: [checkout, merged], actor });
    await resolveIssue(database, { issueId: checkout, actor, kind: "now" });
    await database.db.insertInto("issue_comments").values({ issue_id: checkout, author: actor, body: "looking", created_at: Date.now() }).execute();
    const kept = await message("Nightly export failed");
    const keptBefore = await rowsOf(kept);

    expect(await deleteIssues(database, { issueIds: [checkout] })).toBe(2);

    expect(await database.db.selectFrom("issues").select("id").execute()).toEqual([{ id: kept }]);
    expect(await rowsOf(checkout)).toEqual(nothing);
    expect(await rowsOf(merged)).toEqual(nothing);
    expect(await rowsOf(kept)).toEqual(keptBefore);
    expect(keptBefore).toMatchObject({ events: 1, issue_hashes: 1, issue_tag_values: expect.any(Number) as number });
  });

  it("starts a new issue when an event with a deleted issue's hash arrives", async () => {
    const first = await send("node-exception.envelope");
    await deleteIssues(database, { issueIds: [first] });
    const second = await send("node-exception.envelope");
    expect(second).not.toBe(first);
    expect(await database.db.selectFrom("issues").select(["times_seen", "status", "substatus"]).where("id", "=", second).executeTakeFirstOrThrow()).toEqual({ times_seen: 1, status: "unresolved", substatus: "new" });
  });

  it("deletes the attachments of the deleted events", async () => {
    const body = new Uint8Array(readFileSync(new URL("../../../tests/fixtures/envelopes/binary-attachment.envelope", import.meta.url)));
    await storeEnvelope(database.db, projectId, body, { eventId: null, itemTypes: ["attachment", "event"], summary: null, sdkName: null });
    await digestBatch(database);
    const event = await database.db.selectFrom("events").select(["issue_id", "event_id"]).executeTakeFirstOrThrow();
    expect(await database.db.selectFrom("attachments").select("event_id").execute()).toEqual([{ event_id: event.event_id }]);

    expect(await deleteIssues(database, { issueIds: [event.issue_id!] })).toBe(1);
    expect(await database.db.selectFrom("attachments").select("event_id").execute()).toEqual([]);
  });

  it("counts only issues that existed and refuses an empty selection", async () => {
    const issue = await message("Disk almost full");
    expect(await deleteIssues(database, { issueIds: [issue, issue, 999_999] })).toBe(1);
    expect(await deleteIssues(database, { issueIds: [issue] })).toBe(0);
    await expect(deleteIssues(database, { issueIds: [] })).rejects.toBeInstanceOf(AppError);
  });
});
