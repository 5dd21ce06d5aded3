import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { listIssueEvents } from "./list-issue-events";

describe(`listIssueEvents on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  let issueId: number;
  /** Event ids newest first, with the facts each was sent with. */
  const sent: { eventId: string; timestamp: number; release: string; environment: string; user: string }[] = [];
  const start = Date.now() - 10 * 3_600_000;

  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    sent.length = 0;
    for (let index = 0; index < 12; index += 1) {
      // Every fourth event shares its timestamp with the one before, to exercise the (timestamp, id) keyset.
      const timestamp = start + Math.floor(index / 2) * 60_000 + (index % 4 === 3 ? 0 : index);
      const facts = { timestamp, release: `shop@1.${index % 3}.0`, environment: index % 2 === 0 ? "production" : "staging", user: `user-${index % 5}` };
      await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
        event.timestamp = timestamp / 1000;
        event.release = facts.release;
        event.environment = facts.environment;
        event.user = { id: facts.user };
        sent.push({ eventId: event.event_id as string, ...facts });
      });
    }
    while ((await digestBatch(database)) > 0);
    issueId = (await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id;
  });
  afterEach(() => database.destroy());

  const newestFirst = () => [...sent].sort((a, b) => b.timestamp - a.timestamp || sent.indexOf(b) - sent.indexOf(a));

  it("pages through every event newest first without repeating or skipping one", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listIssueEvents(context, { issueId, cursor, limit: 5 });
      expect(page.events.length).toBeLessThanOrEqual(5);
      seen.push(...page.events.map((event) => event.eventId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(newestFirst().map((event) => event.eventId));
  });

  it("returns the list columns, never the payload", async () => {
    const { events } = await listIssueEvents(context, { issueId, limit: 1 });
    const newest = newestFirst()[0]!;
    expect(events).toEqual([
      { id: expect.any(Number), eventId: newest.eventId, timestamp: newest.timestamp, title: "Error: Checkout failed", release: newest.release, environment: newest.environment, userKey: `id:${newest.user}`, level: "error" },
    ]);
  });

  it("filters by environment, release and text in the title (case-insensitive, wildcards literal)", async () => {
    const staging = await listIssueEvents(context, { issueId, environment: "staging" });
    expect(staging.events.map((event) => event.eventId)).toEqual(newestFirst().filter((event) => event.environment === "staging").map((event) => event.eventId));
    const release = await listIssueEvents(context, { issueId, environment: "production", release: "shop@1.2.0" });
    expect(release.events.map((event) => event.eventId)).toEqual(newestFirst().filter((event) => event.environment === "production" && event.release === "shop@1.2.0").map((event) => event.eventId));
    expect((await listIssueEvents(context, { issueId, query: "CHECKOUT" })).events).toHaveLength(12);
    expect((await listIssueEvents(context, { issueId, query: "check%" })).events).toHaveLength(0);
    expect((await listIssueEvents(context, { issueId, query: "refund" })).events).toHaveLength(0);
  });

  it("refuses a cursor it did not make", async () => {
    const error = await listIssueEvents(context, { issueId, cursor: "1; drop table events" }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("bad_request");
  });
});
