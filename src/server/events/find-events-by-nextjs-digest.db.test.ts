import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { serializeEnvelope } from "../ingest/serialize-envelope";
import { listApiIssues } from "../api/issues/list-api-issues";
import { parseIssueListRequest } from "../api/issues/parse-issue-list-request";
import { loadIssueList } from "../issues/search/load-issue-list";
import { insertProject } from "../projects/insert-project";
import { findEventsByDigest } from "./find-events-by-digest";

/**
 * Digest lookup with @sentry/nextjs as its docs set it up (no wrapper, no beforeSend): the events are the ones
 * the real SDKs sent (src/server/digest/nextjs-sdk-events), so the digest is only in the console breadcrumb
 * until digest derives the `digest` tag from it.
 */
type Json = Record<string, unknown>;
const captured = (name: string): Json => JSON.parse(readFileSync(new URL(`../digest/nextjs-sdk-events/${name}.json`, import.meta.url), "utf8")) as Json;

describe(`finding a Next.js server error by the digest on its error page, plain SDK set-up, on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
  });
  afterEach(() => database.destroy());

  async function send(projectId: number, name: string): Promise<{ eventId: string; issueId: number }> {
    const eventId = randomUUID().replaceAll("-", "");
    const event = { ...captured(name), event_id: eventId, timestamp: Date.now() / 1000 };
    const body = serializeEnvelope({ event_id: eventId }, [{ header: { type: "event" }, payload: new TextEncoder().encode(JSON.stringify(event)) }]);
    await storeEnvelope(database.db, projectId, body, { eventId, itemTypes: ["event"], summary: null, sdkName: "sentry.javascript.nextjs" });
    await digestBatch(database);
    const row = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return { eventId, issueId: row.issue_id! };
  }

  it("10.x and 9.x: the digest leads to the server event, not to the browser's redacted copy that carries it too", async () => {
    const { project } = await insertProject(database.db, { name: "Next shop" });
    const server = await send(project.id, "10.x-server-component");
    await send(project.id, "10.x-browser-copy");
    const action = await send(project.id, "10.x-server-action");
    const older = await send(project.id, "9.x-server-component");

    const found = await findEventsByDigest(context, { digest: "4252315987" });
    expect(found.map((match) => [match.eventId, match.issueTitle])).toEqual([[server.eventId, "Error: Fixture server component failure: cart is empty"]]);
    expect(found[0]!.path).toBe(`/projects/next-shop/issues/${server.issueId}/events/${server.eventId}`);
    expect((await findEventsByDigest(context, { digest: "491403947" })).map((match) => match.eventId)).toEqual([action.eventId]);
    expect((await findEventsByDigest(context, { digest: "2739128866" })).map((match) => match.eventId)).toEqual([older.eventId]);
  });

  it("the issue list's search and the API's query= find the issue by digest:", async () => {
    const { project } = await insertProject(database.db, { name: "Next shop" });
    const server = await send(project.id, "10.x-server-component");
    const action = await send(project.id, "10.x-server-action");
    const search = async (query: string) => (await loadIssueList(context, { projectId: project.id, query, sort: "last_seen" })).issues.map((issue) => issue.id);
    const api = async (query: string) => (await listApiIssues(context, { projectId: project.id, request: parseIssueListRequest(new URLSearchParams({ query }), "project") })).issues.map((issue) => Number(issue.id));
    for (const find of [search, api]) {
      expect(await find("digest:4252315987")).toEqual([server.issueId]);
      expect(await find("digest:491403947")).toEqual([action.issueId]);
      expect(await find("digest:1")).toEqual([]);
    }
  });
});
