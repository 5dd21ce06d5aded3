import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { readTraceSpans } from "@/server/spans/read-trace-spans";
import { parseIssueQuery } from "@/server/issues/search/parse-issue-query";
import { searchIssues } from "@/server/issues/search/search-issues";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { dsnFor, runSdkScript, uniqueToken } from "../support/sdk-helpers";

/**
 * Acceptance 1 of issue 28 at the storage level: the real @sentry/node with tracesSampleRate 1 serving a
 * request (tests/fixtures/sdk-scripts/traced-request.mjs) → every span it sent is stored in the trace, with
 * its parent, op, normalized description and the transaction it belongs to, and the error inside links to it.
 */
describe(`@sentry/node transactions into the ${testDialect} spans table`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  it("stores the server transaction, its db, http and function spans, and links the error to its span", async () => {
    const token = uniqueToken();
    const run = await runSdkScript("traced-request.mjs", { LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id), LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "staging", LANTERN_TEST_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();
    const facts = run.facts as { traceId: string; transactionSpanId: string; errorSpanId: string; eventId: string };
    const failures = await database.db.selectFrom("intake").select("digest_error").where("digest_error", "is not", null).execute();
    expect(failures).toEqual([]);

    const spans = await readTraceSpans(database.db, facts.traceId, [shop.project.id], { withExtra: true });
    const checkout = spans.find((span) => span.spanId === facts.transactionSpanId)!;
    expect(checkout).toMatchObject({ op: "http.server", isSegment: true, segmentName: "GET /checkout/7", release: `shop@${token}`, environment: "staging", status: 0 });
    const children = spans.filter((span) => span.parentSpanId === checkout.spanId);
    expect(children.map((span) => [span.op, span.description])).toEqual([
      ["db", "SELECT * FROM users WHERE id = ?"],
      ["db", "UPDATE carts SET total = ? WHERE id = ?"],
      ["http.client", expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/ping\/\*$/)],
      ["function", "checkout"],
    ]);
    // The description as sent stays in the payload; every child belongs to the server transaction.
    expect(children[0]!.extra).toMatchObject({ description: "SELECT * FROM users WHERE id = 1", data: { "db.system": "sqlite" } });
    expect(children.every((span) => span.segmentName === "GET /checkout/7" && span.durationUs > 0 && span.startUs >= checkout.startUs)).toBe(true);
    // The upstream server's own transaction joins the same trace under the outgoing request's span.
    const upstream = spans.find((span) => span.isSegment && span.segmentName === "GET /ping/42")!;
    expect(upstream.parentSpanId).toBe(children[2]!.spanId);

    const error = await database.db.selectFrom("events").select(["trace_id", "title"]).where("project_id", "=", shop.project.id).executeTakeFirstOrThrow();
    expect(error).toMatchObject({ trace_id: facts.traceId, title: `Error: checkout failed ${token}` });
    expect(children[3]!.spanId).toBe(facts.errorSpanId);
  });

  async function runTracedRequest(queries: number) {
    const token = uniqueToken();
    const run = await runSdkScript("traced-request.mjs", { LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id), LANTERN_TEST_RELEASE: "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "production", LANTERN_TEST_TOKEN: token, LANTERN_TEST_QUERIES: String(queries) });
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();
    return run.facts as { traceId: string };
  }

  const performanceIssues = () => database.db.selectFrom("issues").select(["id", "title", "culprit", "times_seen", "type", "level"]).where("project_id", "=", shop.project.id).where("type", "=", "performance").execute();

  it("turns ten sequential identical SELECTs into one N+1 performance issue that a second request joins; three are not one", async () => {
    await runTracedRequest(3);
    expect(await performanceIssues()).toEqual([]);

    const first = await runTracedRequest(10);
    const [issue] = await performanceIssues();
    expect(issue).toMatchObject({ title: "N+1 Query: SELECT * FROM users WHERE id = ?", culprit: "GET /checkout/7", times_seen: 1, level: "info" });
    const event = await database.db.selectFrom("events").select(["trace_id", "payload"]).where("issue_id", "=", issue!.id).executeTakeFirstOrThrow();
    expect(event.trace_id).toBe(first.traceId);
    const payload = JSON.parse((await import("node:zlib")).inflateSync(event.payload).toString("utf8")) as { extra: Record<string, unknown> };
    expect(payload.extra["Repeating spans"]).toBe(10);
    const spans = await readTraceSpans(database.db, first.traceId, [shop.project.id]);
    const offending = (payload.extra["Offending spans"] as { span_id: string }[]).map((span) => span.span_id);
    expect(offending.every((id) => spans.some((span) => span.spanId === id && span.op === "db"))).toBe(true);

    await runTracedRequest(10);
    expect(await performanceIssues()).toMatchObject([{ id: issue!.id, times_seen: 2 }]);
    // Triage and search as for errors: issue.category:performance finds it and no error issue.
    const parsed = parseIssueQuery("issue.category:performance");
    if (!parsed.ok) throw new Error(parsed.error.message);
    const found = await searchIssues(database.db, { query: parsed.query, sort: "last_seen", limit: 100, now: Date.now(), me: "user:test", visibleProjectIds: null });
    expect(found.issues.map((row) => row.id)).toEqual([issue!.id]);
  });
});
