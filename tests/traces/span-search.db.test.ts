import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSpanSearch } from "@/server/spans/parse-span-search";
import { searchSpans } from "@/server/spans/search-spans";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { testDialect } from "../support/test-database";
import { dsnFor, runSdkScript, uniqueToken } from "../support/sdk-helpers";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../support/two-team-projects";

/**
 * `events?dataset=spans|transactions` over stored spans: the real @sentry/node's traced request
 * (traced-request.mjs) is listed by `trace:`; aggregates over transactions sent as a v2 span container with
 * known durations and statuses give exact count, avg, p50 and failure_rate; a member sees only their projects.
 */
describe(`searching spans on ${testDialect}`, { timeout: 60_000 }, () => {
  let setup: TwoTeamProjects;
  let server: IngestServer;
  let traceId: string;
  const search = async (query: string, who: "admin" | "member" = "admin") => searchSpans(await setup.contextOf(setup[who]), parseSpanSearch(new URLSearchParams(query)));

  beforeAll(async () => {
    setup = await createTwoTeamProjects("spans");
    server = await startIngestServer(setup.database);
    const keyOf = async (projectId: number) => (await setup.database.db.selectFrom("project_keys").select("public_key").where("project_id", "=", projectId).executeTakeFirstOrThrow()).public_key;
    const token = uniqueToken();
    const run = await runSdkScript("traced-request.mjs", { LANTERN_TEST_DSN: dsnFor(server, await keyOf(setup.shopId), setup.shopId), LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "staging", LANTERN_TEST_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    traceId = (run.facts as { traceId: string }).traceId;

    // Five transactions of the other project: GET /a four times (10–40 ms, one failed), GET /b once (100 ms).
    const start = Date.now() / 1000 - 600;
    const segments = [10, 20, 30, 40, 100].map((ms, index) => ({
      trace_id: randomBytes(16).toString("hex"),
      span_id: randomBytes(8).toString("hex"),
      is_segment: true,
      name: index < 4 ? "GET /a" : "GET /b",
      start_timestamp: start + index,
      end_timestamp: start + index + ms / 1000,
      status: index === 2 ? "internal_error" : "ok",
      attributes: { "sentry.op": { type: "string", value: "http.server" } },
    }));
    const body = [JSON.stringify({}), JSON.stringify({ type: "span", content_type: "application/vnd.sentry.items.span.v2+json", item_count: 5 }), JSON.stringify({ items: segments })].join("\n");
    const answer = await fetch(`${server.url}/api/${setup.otherId}/envelope/?sentry_key=${await keyOf(setup.otherId)}`, { method: "POST", body });
    expect(answer.status).toBe(200);
    await server.service.digest.drain();
  });
  afterAll(async () => {
    await server?.close();
    await setup?.database.destroy();
  });

  it("lists the spans of a trace with Sentry's default span fields, and the segments for dataset=transactions", async () => {
    const fields = "field=id&field=span.op&field=span.description&field=span.duration&field=transaction&field=timestamp&field=project&field=trace";
    const listed = await search(`dataset=spans&${fields}&query=trace:${traceId}&sort=timestamp`);
    expect(listed.data.map((row) => row["span.op"])).toEqual(["http.server", "db", "db", "http.client", "http.server", "function"]);
    expect(listed.data[1]).toMatchObject({ "span.description": "SELECT * FROM users WHERE id = ?", transaction: "GET /checkout/7", project: "spans-shop", trace: traceId, id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(listed.data.every((row) => typeof row["span.duration"] === "number" && (row["span.duration"] as number) > 0 && !Number.isNaN(Date.parse(row.timestamp as string)))).toBe(true);
    expect(listed.meta.fields).toMatchObject({ id: "string", "span.duration": "duration", timestamp: "date" });
    expect(listed.meta.units).toMatchObject({ "span.duration": "millisecond", id: null });
    expect(listed.hasMore).toBe(false);

    const queries = await search(`dataset=spans&field=span.description&query=trace:${traceId} span.op:db span.duration:>0ms`);
    expect(queries.data.map((row) => row["span.description"]).sort()).toEqual(["SELECT * FROM users WHERE id = ?", "UPDATE carts SET total = ? WHERE id = ?"]);
    const wildcard = await search(`dataset=spans&field=span.description&query=trace:${traceId} span.description:*carts*`);
    expect(wildcard.data).toEqual([{ "span.description": "UPDATE carts SET total = ? WHERE id = ?" }]);
    // Wildcards ignore case on both databases (SQLite's LIKE would, PostgreSQL's would not).
    expect((await search(`dataset=spans&field=span.description&query=trace:${traceId} span.description:*CARTS*`)).data).toEqual(wildcard.data);
    const segments = await search(`dataset=transactions&field=transaction&query=trace:${traceId}&sort=transaction`);
    expect(segments.data.map((row) => row.transaction)).toEqual(["GET /checkout/7", "GET /ping/42"]);
    expect((await search(`dataset=spans&field=id&query=trace:${traceId} is_transaction:true`)).data).toHaveLength(2);
  });

  it("aggregates by the other fields: count, avg, p50 and failure_rate per transaction", async () => {
    const result = await search(`dataset=transactions&field=transaction&field=count()&field=avg(span.duration)&field=p50(span.duration)&field=p95(span.duration)&field=failure_rate()&project=${setup.otherId}&sort=-count()`);
    expect(result.data).toHaveLength(2);
    expect(result.data[0]).toMatchObject({ transaction: "GET /a", "count()": 4, "failure_rate()": 0.25 });
    expect(result.data[0]!["avg(span.duration)"]).toBeCloseTo(25, 1);
    expect(result.data[0]!["p50(span.duration)"]).toBeCloseTo(25, 1);
    expect(result.data[0]!["p95(span.duration)"]).toBeCloseTo(38.5, 1);
    expect(result.data[1]).toMatchObject({ transaction: "GET /b", "count()": 1, "failure_rate()": 0 });
    expect(result.data[1]!["p50(span.duration)"]).toBeCloseTo(100, 1);
    expect(result.meta).toMatchObject({ fields: { "count()": "integer", "failure_rate()": "percentage", "p50(span.duration)": "duration" }, units: { "p50(span.duration)": "millisecond", "count()": null } });

    const firstPage = await search(`dataset=transactions&field=transaction&field=count()&project=${setup.otherId}&sort=-count()&per_page=1`);
    expect(firstPage).toMatchObject({ data: [{ transaction: "GET /a", "count()": 4 }], hasMore: true });
    const secondPage = await search(`dataset=transactions&field=transaction&field=count()&project=${setup.otherId}&sort=-count()&per_page=1&cursor=0:1:0`);
    expect(secondPage).toMatchObject({ data: [{ transaction: "GET /b", "count()": 1 }], hasMore: false });
    const failed = await search(`dataset=spans&field=count()&project=${setup.otherId}&query=!span.status:ok`);
    expect(failed.data).toEqual([{ "count()": 1 }]);
  });

  it("shows a member only their team's projects", async () => {
    expect((await search("dataset=spans&field=project&field=count()", "member")).data).toEqual([{ project: "spans-shop", "count()": 6 }]);
    expect((await rejection(search(`dataset=spans&field=id&project=${setup.otherId}`, "member"))).message).toMatch(/No project .* that you can see/);
  });
});
