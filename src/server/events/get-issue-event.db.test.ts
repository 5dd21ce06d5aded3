import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { getIssueEvent } from "./get-issue-event";

describe(`getIssueEvent on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  /** Stores real captured exceptions at the given times (seconds apart), digests them, returns their ids in sending order. */
  async function sendAt(times: number[]): Promise<{ issueId: number; eventIds: string[] }> {
    const eventIds: string[] = [];
    for (const time of times) {
      await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
        event.timestamp = time / 1000;
        eventIds.push(event.event_id as string);
      });
    }
    while ((await digestBatch(database)) > 0);
    const { issue_id } = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventIds[0]!).executeTakeFirstOrThrow();
    return { issueId: issue_id!, eventIds };
  }

  const start = Date.now() - 3_600_000;

  it("shows the newest event by default with its payload, and the oldest and older ids around it", async () => {
    // Sent out of order: navigation follows the events' own timestamps, not arrival.
    const { issueId, eventIds } = await sendAt([start + 2000, start, start + 1000]);
    const latest = await getIssueEvent(context, { projectId, issueId, event: "latest" });
    expect(latest).toMatchObject({ eventId: eventIds[0], olderEventId: eventIds[2], newerEventId: null, oldestEventId: eventIds[1], latestEventId: eventIds[0], timestamp: start + 2000 });
    expect((latest!.payload.exception as { values: unknown[] }).values).toHaveLength(2);

    const oldest = await getIssueEvent(context, { projectId, issueId, event: "oldest" });
    expect(oldest).toMatchObject({ eventId: eventIds[1], olderEventId: null, newerEventId: eventIds[2], oldestEventId: eventIds[1], latestEventId: eventIds[0] });

    const middle = await getIssueEvent(context, { projectId, issueId, event: { eventId: eventIds[2]!.toUpperCase() } });
    expect(middle).toMatchObject({ eventId: eventIds[2], olderEventId: eventIds[1], newerEventId: eventIds[0] });
  });

  it("orders events with the same timestamp by their id, so every event is reachable by stepping", async () => {
    const { issueId, eventIds } = await sendAt([start, start, start, start]);
    const visited: string[] = [];
    let current = await getIssueEvent(context, { projectId, issueId, event: "oldest" });
    while (current) {
      visited.push(current.eventId);
      current = current.newerEventId ? await getIssueEvent(context, { projectId, issueId, event: { eventId: current.newerEventId } }) : null;
    }
    expect(visited).toEqual(eventIds);
  });

  it("refuses an event of another issue or project, and answers null for an issue without stored events", async () => {
    const { issueId } = await sendAt([start]);
    await storeFixtureEvent(database.db, projectId, "node-message.envelope");
    while ((await digestBatch(database)) > 0);
    const other = await database.db.selectFrom("events").select(["event_id", "issue_id"]).where("issue_id", "!=", issueId).executeTakeFirstOrThrow();
    const error = await getIssueEvent(context, { projectId, issueId, event: { eventId: other.event_id } }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("not_found");
    const otherProject = (await insertProject(database.db, { name: "elsewhere" })).project.id;
    expect(await getIssueEvent(context, { projectId: otherProject, issueId, event: "latest" })).toBeNull();
    await database.db.deleteFrom("events").where("issue_id", "=", issueId).execute();
    expect(await getIssueEvent(context, { projectId, issueId, event: "oldest" })).toBeNull();
  });
});
