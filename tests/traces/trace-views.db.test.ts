import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeTrace, serializeTraceMeta, type ApiTraceError, type ApiTraceSpan } from "@/server/api/traces/serialize-trace";
import { parseTraceRequest } from "@/server/api/traces/parse-trace-request";
import { getTrace, type TraceView } from "@/server/traces/get-trace";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { testDialect } from "../support/test-database";
import { dsnFor, runSdkScript, uniqueToken } from "../support/sdk-helpers";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../support/two-team-projects";

/**
 * Acceptance 1 of issue 28 through the views: the real @sentry/node serving a traced request
 * (tests/fixtures/sdk-scripts/traced-request.mjs) → getTrace arranges its spans as one tree with the error
 * on the span it happened in, and the trace / trace-meta API answer in Sentry's shapes; a member of another
 * team sees none of it.
 */
describe(`the trace of a real @sentry/node request on ${testDialect}`, { timeout: 60_000 }, () => {
  let setup: TwoTeamProjects;
  let server: IngestServer;
  let facts: { traceId: string; transactionSpanId: string; errorSpanId: string; eventId: string };
  let trace: TraceView;
  let token: string;

  beforeAll(async () => {
    setup = await createTwoTeamProjects("trace");
    server = await startIngestServer(setup.database);
    const key = await setup.database.db.selectFrom("project_keys").select("public_key").where("project_id", "=", setup.shopId).executeTakeFirstOrThrow();
    token = uniqueToken();
    const run = await runSdkScript("traced-request.mjs", { LANTERN_TEST_DSN: dsnFor(server, key.public_key, setup.shopId), LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "staging", LANTERN_TEST_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();
    facts = run.facts as typeof facts;
    trace = await getTrace(await setup.contextOf(setup.member), { traceId: facts.traceId });
  });
  afterAll(async () => {
    await server?.close();
    await setup?.database.destroy();
  });

  it("arranges every span as one tree under the server transaction, with the error pinned on the span it happened in", () => {
    const outline = trace.spans.map((span) => `${"  ".repeat(span.depth)}${span.op} ${span.description}`);
    expect(outline).toEqual([
      "http.server GET /checkout/7",
      "  db SELECT * FROM users WHERE id = 1",
      "  db UPDATE carts SET total = 3 WHERE id = 9",
      expect.stringMatching(/^ {2}http\.client GET http:\/\/127\.0\.0\.1:\d+\/ping\/42$/),
      "    http.server GET /ping/42",
      "  function checkout",
    ]);
    expect(trace.spans[0]).toMatchObject({ spanId: facts.transactionSpanId, isSegment: true, childCount: 4, status: "ok", isFailed: false, release: `shop@${token}`, environment: "staging" });
    const checkout = trace.spans.find((span) => span.op === "function")!;
    expect(checkout.spanId).toBe(facts.errorSpanId);
    expect(checkout.errors).toEqual([expect.objectContaining({ eventId: facts.eventId.replaceAll("-", ""), spanId: facts.errorSpanId, issueTitle: `Error: checkout failed ${token}`, path: expect.stringMatching(/^\/projects\/[^/]+\/issues\/\d+\/events\/[0-9a-f]{32}$/) })]);
    expect(trace.spans.filter((span) => span.errors.length > 0)).toHaveLength(1);
    expect(trace).toMatchObject({ errorCount: 1, unpinnedErrors: [], isCapped: false });
    expect(trace.endUs).toBeGreaterThan(trace.startUs);
    expect(trace.spans[1]!.extra).toMatchObject({ data: { "db.system": "sqlite" } });
  });

  it("answers the trace API as Sentry's top-level items with children and errors on their span", () => {
    const items = serializeTrace(trace, parseTraceRequest(new URLSearchParams("statsPeriod=14d&project=-1&limit=100&additional_attributes=db.system")).additionalAttributes);
    expect(items).toHaveLength(1);
    const root = items[0] as ApiTraceSpan;
    expect(root).toMatchObject({ event_type: "span", op: "http.server", is_transaction: true, project_slug: "trace-shop", transaction: "GET /checkout/7", errors: [], occurrences: [] });
    // The request came from a client span that was not sent: the root keeps the parent id as sent (an orphan).
    expect(root.parent_span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(root.duration).toBeCloseTo((root.end_timestamp - root.start_timestamp) * 1000, 3);
    expect(root.children.map((child) => child.op)).toEqual(["db", "db", "http.client", "function"]);
    expect(root.children.every((child) => child.transaction_id === root.event_id && child.parent_span_id === facts.transactionSpanId)).toBe(true);
    expect(root.children[0]!.additional_attributes).toEqual({ "db.system": "sqlite" });
    expect(root.children[2]!.children.map((child) => [child.op, child.is_transaction])).toEqual([["http.server", true]]);
    const error = root.children[3]!.errors[0] as ApiTraceError;
    expect(error).toMatchObject({ event_type: "error", event_id: facts.eventId.replaceAll("-", ""), short_id: expect.stringMatching(/^TRACE-SHOP-\d+$/), span_id: facts.errorSpanId, project_slug: "trace-shop" });
  });

  it("answers trace-meta with counts by op and by transaction", () => {
    const meta = serializeTraceMeta(trace);
    expect(meta).toMatchObject({ errorsCount: 1, performanceIssuesCount: 0, logsCount: 0, spansCount: 6, spansCountMap: { "http.server": 2, db: 2, "http.client": 1, function: 1 } });
    expect(meta.transactionChildCountMap.map((entry) => entry["count()"]).sort()).toEqual([4]);
  });

  it("refuses an unknown query parameter and a bad trace id, and shows a member of another team nothing", async () => {
    expect(() => parseTraceRequest(new URLSearchParams("bogus=1"))).toThrow(/Unknown query parameter "bogus"/);
    expect((await rejection(getTrace(await setup.contextOf(setup.member), { traceId: "not-a-trace" }))).code).toBe("bad_request");
    const outsider = await getTrace(await setup.contextOf(setup.outsider), { traceId: facts.traceId });
    expect(outsider).toMatchObject({ spans: [], errorCount: 0 });
  });

  it("keeps the earliest spans and says so when the trace holds more than the cap", async () => {
    const capped = await getTrace(await setup.contextOf(setup.admin), { traceId: facts.traceId, maxSpans: 3 });
    expect(capped.isCapped).toBe(true);
    expect(capped.spans).toHaveLength(3);
  });
});
