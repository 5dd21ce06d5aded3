import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent, type EventPatch } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { AppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { deleteIssues } from "./delete-issues";
import { mergeIssues } from "./merge-issues";
import { resolveIssue } from "./resolve-issue";

const perIssueTables = ["issue_hourly_counts", "issue_users", "issue_environments", "issue_tag_values", "issue_activity", "issue_comments", "issue_hashes"] as const;

describe(`deleteIssues on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
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
    await mergeIssues(context, { issueIds: [checkout, merged] });
    await resolveIssue(context, { issueId: checkout, kind: "now" });
    await database.db.insertInto("issue_comments").values({ issue_id: checkout, author: "user:ada@lantern.test", body: "looking", created_at: Date.now() }).execute();
    const kept = await message("Nightly export failed");
    const keptBefore = await rowsOf(kept);

    expect(await deleteIssues(context, { issueIds: [checkout] })).toBe(2);

    expect(await database.db.selectFrom("issues").select("id").execute()).toEqual([{ id: kept }]);
    expect(await rowsOf(checkout)).toEqual(nothing);
    expect(await rowsOf(merged)).toEqual(nothing);
    expect(await rowsOf(kept)).toEqual(keptBefore);
    expect(keptBefore).toMatchObject({ events: 1, issue_hashes: 1, issue_tag_values: expect.any(Number) as number });
  });

  it("starts a new issue when an event with a deleted issue's hash arrives", async () => {
    const first = await send("node-exception.envelope");
    await deleteIssues(context, { issueIds: [first] });
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

    expect(await deleteIssues(context, { issueIds: [event.issue_id!] })).toBe(1);
    expect(await database.db.selectFrom("attachments").select("event_id").execute()).toEqual([]);
  });

  it("counts a repeated id once, refuses ids of issues that do not exist (deleting nothing) and an empty selection", async () => {
    const issue = await message("Disk almost full");
    // Access is checked before anything is deleted: an unknown id is not_found, like another team's issue.
    await expect(deleteIssues(context, { issueIds: [issue, 999_999] })).rejects.toMatchObject({ code: "not_found" });
    expect(await database.db.selectFrom("issues").select("id").execute()).toEqual([{ id: issue }]);
    expect(await deleteIssues(context, { issueIds: [issue, issue] })).toBe(1);
    await expect(deleteIssues(context, { issueIds: [issue] })).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteIssues(context, { issueIds: [] })).rejects.toBeInstanceOf(AppError);
  });
});
