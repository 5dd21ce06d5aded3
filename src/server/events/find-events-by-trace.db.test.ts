import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventPatch } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { sendFixtureEvent } from "../../../tests/support/send-fixture-event";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { loadIssueList } from "../issues/search/load-issue-list";
import { mergeIssues } from "../issues/merge-issues";
import { insertProject } from "../projects/insert-project";
import { findEventsByTrace } from "./find-events-by-trace";
import { dsnFor, runSdkScript, uniqueToken } from "../../../tests/support/sdk-helpers";
import { startIngestServer } from "../../../tests/support/start-ingest-server";

const trace = "4bf92f3577b34da6a3ce929d0e0e4736";
const otherTrace = "0af7651916cd43dd8448eb211c80319c";

describe(`the events of a trace (trace_id, trace:) on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
  });
  afterEach(() => database.destroy());

  const send = (projectId: number, patch: EventPatch, fixture?: string) => sendFixtureEvent(database, projectId, patch, fixture);
  /** The SDK's trace context with this trace id, at `seconds`; `message` makes it another issue (a message event). */
  const inTrace =
    (traceId: unknown, seconds: number, message?: string): EventPatch =>
    (event) => {
      event.contexts = { ...(event.contexts as object), trace: { trace_id: traceId, span_id: "00f067aa0ba902b7" } };
      event.timestamp = seconds;
      if (message !== undefined) event.message = message;
    };
  const storedTraceId = async (eventId: string) => (await database.db.selectFrom("events").select("trace_id").where("event_id", "=", eventId).executeTakeFirstOrThrow()).trace_id;
  const titlesFound = async (query: string, viewer = context) => (await loadIssueList(viewer, { query, sort: "last_seen" })).issues.map((issue) => issue.title).sort();

  it("digest stores contexts.trace.trace_id lowercased, and null for a missing or invalid one", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    const now = Math.floor(Date.now() / 1000);
    const upper = await send(project.id, inTrace(trace.toUpperCase(), now));
    const invalid = await send(project.id, inTrace("not-a-trace-id", now));
    const numeric = await send(project.id, inTrace(42, now));
    const none = await send(project.id, (event) => (event.contexts = {}));
    expect([await storedTraceId(upper.eventId), await storedTraceId(invalid.eventId), await storedTraceId(numeric.eventId), await storedTraceId(none.eventId)]).toEqual([trace, null, null, null]);
  });

  it("lists every event of the trace across issues and projects, newest first, with issue, level and path", async () => {
    const { project: shop } = await insertProject(database.db, { name: "Web Shop" });
    const { project: api } = await insertProject(database.db, { name: "API" });
    const now = Math.floor(Date.now() / 1000);
    const first = await send(shop.id, inTrace(trace, now - 30));
    const second = await send(api.id, inTrace(trace, now - 20, "Payment declined"), "node-message.envelope");
    const third = await send(shop.id, inTrace(trace, now - 10));
    await send(shop.id, inTrace(otherTrace, now - 5));
    expect(first.issueId).toBe(third.issueId);

    const events = await findEventsByTrace(context, { traceId: trace });
    expect(events.map((event) => event.eventId)).toEqual([third.eventId, second.eventId, first.eventId]);
    expect(events[1]).toEqual({ projectSlug: "api", projectName: "API", issueId: second.issueId, issueTitle: "Payment declined", eventId: second.eventId, timestamp: (now - 20) * 1000, level: "warning", path: `/projects/api/issues/${second.issueId}/events/${second.eventId}` });
    expect(events[0]).toMatchObject({ projectSlug: "web-shop", issueTitle: "Error: Checkout failed", level: "error" });
    expect((await findEventsByTrace(context, { traceId: ` ${trace.toUpperCase()} `, limit: 2 })).map((event) => event.eventId)).toEqual([third.eventId, second.eventId]);
    expect(await findEventsByTrace(context, { traceId: "11111111111111111111111111111111" })).toEqual([]);
  });

  it("returns only the events of projects the viewer can see: another project's event is not returned", async () => {
    const { project: shop } = await insertProject(database.db, { name: "shop" });
    const { project: blog } = await insertProject(database.db, { name: "blog" });
    const now = Math.floor(Date.now() / 1000);
    const inShop = await send(shop.id, inTrace(trace, now - 20));
    const inBlog = await send(blog.id, inTrace(trace, now - 10, "Blog comment failed"), "node-message.envelope");
    const config = createTestConfig();
    const member = await createTestUser(database, createTestAuth(database, config), "member");
    const team = await database.db.insertInto("teams").values({ slug: "shop-team", name: "Shop team", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: member.userId }).execute();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: shop.id }).execute();
    const asMember = await createTestContext(database, config, member.userId);

    expect((await findEventsByTrace(asMember, { traceId: trace })).map((event) => [event.projectSlug, event.eventId])).toEqual([["shop", inShop.eventId]]);
    expect((await findEventsByTrace(context, { traceId: trace })).map((event) => event.eventId)).toEqual([inBlog.eventId, inShop.eventId]);
    expect(await titlesFound(`trace:${trace}`, asMember)).toEqual(["Error: Checkout failed"]);
  });

  it("the real @sentry/node: two errors captured in one span are two issues of one trace, found by their trace id", { timeout: 60_000 }, async () => {
    const server = await startIngestServer(database);
    try {
      const { project, key } = await insertProject(database.db, { name: "checkout", platform: "node" });
      const run = await runSdkScript("capture-trace-errors.mjs", { LANTERN_TEST_DSN: dsnFor(server, key.public_key, project.id), LANTERN_TEST_RELEASE: "checkout@1.0.0", LANTERN_TEST_ENVIRONMENT: "test", LANTERN_TEST_TOKEN: uniqueToken() });
      expect(run.code, run.stderr).toBe(0);
      await server.service.digest.drain();
      const traceId = String(run.facts.traceId);
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);

      const events = await findEventsByTrace(context, { traceId });
      expect(events.map((event) => event.eventId).sort()).toEqual([...(run.facts.eventIds as string[])].sort());
      expect(new Set(events.map((event) => event.issueId)).size).toBe(2);
      expect(events.map((event) => event.issueTitle).sort()).toEqual([expect.stringMatching(/^RangeError: amount of order /), expect.stringMatching(/^TypeError: basket of order /)]);
      expect((await loadIssueList(context, { query: `trace:${traceId}`, sort: "last_seen" })).issues.map((issue) => issue.id).sort()).toEqual([...new Set(events.map((event) => event.issueId))].sort());
    } finally {
      await server.close();
    }
  });

  it("refuses an id that is not 32 hex digits and a limit outside 1 to 100, naming the problem", async () => {
    await expect(findEventsByTrace(context, { traceId: "" })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("32 hexadecimal digits") });
    await expect(findEventsByTrace(context, { traceId: `${trace}00` })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("trace id") });
    await expect(findEventsByTrace(context, { traceId: "z".repeat(32) })).rejects.toMatchObject({ code: "bad_request" });
    await expect(findEventsByTrace(context, { traceId: trace, limit: 101 })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("limit") });
    await expect(findEventsByTrace(context, { traceId: trace, limit: 0 })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("trace:<id> in the issue search finds the issues with an event of the trace; !trace: the others; merged events follow their issue", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    const now = Math.floor(Date.now() / 1000);
    const checkout = await send(project.id, inTrace(trace, now - 30));
    const payment = await send(project.id, inTrace(trace, now - 20, "Payment declined"), "node-message.envelope");
    await send(project.id, inTrace(otherTrace, now - 10, "Cache warm-up skipped"), "node-message.envelope");
    await send(project.id, (event) => (event.message = "No trace at all"), "node-message.envelope");

    expect(await titlesFound(`trace:${trace}`)).toEqual(["Error: Checkout failed", "Payment declined"]);
    expect(await titlesFound(`trace:${trace.toUpperCase()} level:warning`)).toEqual(["Payment declined"]);
    expect(await titlesFound(`!trace:${trace}`)).toEqual(["Cache warm-up skipped", "No trace at all"]);
    expect(await titlesFound("trace:11111111111111111111111111111111")).toEqual([]);
    const refused = await loadIssueList(context, { query: "trace:abc", sort: "last_seen" });
    expect(refused.error?.message).toContain("trace: “abc” is not a trace id");

    const { issueId: target } = await mergeIssues(context, { issueIds: [payment.issueId, checkout.issueId] });
    expect((await loadIssueList(context, { query: `trace:${trace}`, sort: "last_seen" })).issues.map((issue) => issue.id)).toEqual([target]);
    expect((await findEventsByTrace(context, { traceId: trace })).map((event) => event.issueId)).toEqual([target, target]);
  });
});
