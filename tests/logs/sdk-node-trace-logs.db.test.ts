import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeTraceMeta } from "@/server/api/traces/serialize-trace";
import { listLogsAroundEvent } from "@/server/logs/logs-around-event";
import { listTraceLogs } from "@/server/logs/list-trace-logs";
import { getTrace } from "@/server/traces/get-trace";
import { dsnFor, runSdkScript, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { testDialect } from "../support/test-database";
import { createTwoTeamProjects, type TwoTeamProjects } from "../support/two-team-projects";

/**
 * Issue 29, "where logs meet the rest", through the real @sentry/node (tests/fixtures/sdk-scripts/traced-logs.mjs):
 * logger.info/warn/error inside a span, and an error captured in that span → the lines carry the span's id and
 * the trace-logs verb returns them on that span of the waterfall's trace; the issue's "logs around this
 * event" lists them first, as lines of its trace. A member of another team sees none of them.
 */
describe(`@sentry/node logs on their trace and beside their error on ${testDialect}`, { timeout: 60_000 }, () => {
  let setup: TwoTeamProjects;
  let server: IngestServer;
  let facts: { token: string; traceId: string; rootSpanId: string; checkoutSpanId: string; eventId: string };

  beforeAll(async () => {
    setup = await createTwoTeamProjects("sdklogs");
    server = await startIngestServer(setup.database);
    const key = await setup.database.db.selectFrom("project_keys").select("public_key").where("project_id", "=", setup.shopId).executeTakeFirstOrThrow();
    const token = uniqueToken();
    const run = await runSdkScript("traced-logs.mjs", { LANTERN_TEST_DSN: dsnFor(server, key.public_key, setup.shopId), LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "staging", LANTERN_TEST_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();
    const failures = await setup.database.db.selectFrom("intake").select(["item_types", "digest_error"]).where("digest_error", "is not", null).execute();
    expect(failures).toEqual([]);
    facts = run.facts as typeof facts;
    // Starting the SDK in a child process takes seconds on a loaded machine: more than a hook's default 10 s.
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await setup?.database.destroy();
  });

  it("returns the trace's lines from the trace-logs verb, each on the span it was logged in", async () => {
    const member = await setup.contextOf(setup.member);
    const [logs, trace] = await Promise.all([listTraceLogs(member, { traceId: facts.traceId }), getTrace(member, { traceId: facts.traceId })]);
    const { token } = facts;
    expect(logs.lines.map((line) => [line.severity, line.message, line.spanId])).toEqual([
      ["info", `request received ${token}`, facts.rootSpanId],
      ["info", `cart 7 loaded for ${token}`, facts.checkoutSpanId],
      ["warn", `coupon <img src=x onerror="window.__logXss=1"> rejected ${token}`, facts.checkoutSpanId],
      ["error", `payment declined ${token}`, facts.checkoutSpanId],
    ]);
    expect(logs).toMatchObject({ total: 4, isCapped: false });
    // The lines' spans are the waterfall's: the checkout span, with the error pinned on it too.
    const checkout = trace.spans.find((span) => span.spanId === facts.checkoutSpanId);
    expect(checkout).toMatchObject({ op: "function", description: "checkout", errors: [expect.objectContaining({ issueTitle: `Error: checkout failed ${token}` })] });
    expect(trace.spans.find((span) => span.spanId === facts.rootSpanId)).toMatchObject({ op: "http.server", isSegment: true });
    expect((await listTraceLogs(await setup.contextOf(setup.outsider), { traceId: facts.traceId })).lines).toEqual([]);
    // trace-meta's logsCount: one line read, the others counted.
    const counted = await listTraceLogs(member, { traceId: facts.traceId, maxLines: 1 });
    expect(counted).toMatchObject({ total: 4, isCapped: true });
    expect(serializeTraceMeta(trace, counted.total)).toMatchObject({ logsCount: 4, spansCount: 2, errorsCount: 1 });
  });

  it("lists the trace's lines first, newest first, among the logs around the error's event", async () => {
    const event = await setup.database.db.selectFrom("events").select(["issue_id", "event_id"]).where("trace_id", "=", facts.traceId).executeTakeFirstOrThrow();
    expect(event.event_id).toBe(facts.eventId.replaceAll("-", ""));
    const around = await listLogsAroundEvent(await setup.contextOf(setup.member), { issueId: Number(event.issue_id), eventId: event.event_id });
    const { token } = facts;
    expect(around).toMatchObject({ traceId: facts.traceId, serverName: "sdk-script-host", release: `shop@${token}` });
    expect(around.lines.map((line) => [line.relation, line.message])).toEqual([
      ["trace", `payment declined ${token}`],
      ["trace", `coupon <img src=x onerror="window.__logXss=1"> rejected ${token}`],
      ["trace", `cart 7 loaded for ${token}`],
      ["trace", `request received ${token}`],
    ]);
    // Logged just before the error was captured.
    for (const line of around.lines) expect(Math.abs(line.timestampUs / 1000 - around.eventTimestampMs)).toBeLessThan(5_000);
  });
});
