import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseLogEventsRequest, parseLogQuery } from "./parse-log-search";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("parseLogQuery", () => {
  it("reads free text, columns, severities, attributes, comparisons, has: and negation", () => {
    expect(parseLogQuery('payment "card declined" severity:[warn,error] release:shop@1.* trace:5b8efff798038103d269b633813fc60c user.id:42 !origin:auto.log.console message.parameter.0:alice batch.size:>=100 has:http.status_code !has:order.id severity_number:<17')).toEqual([
      { kind: "text", text: "payment", negated: false },
      { kind: "text", text: "card declined", negated: false },
      { kind: "severity", levels: ["warn", "error"], negated: false },
      { kind: "column", key: "release", values: ["shop@1.*"], negated: false },
      { kind: "column", key: "trace", values: ["5b8efff798038103d269b633813fc60c"], negated: false },
      { kind: "attribute", key: "user.id", values: ["42"], negated: false },
      { kind: "attribute", key: "sentry.origin", values: ["auto.log.console"], negated: true },
      { kind: "attribute", key: "sentry.message.parameter.0", values: ["alice"], negated: false },
      { kind: "compare", key: "batch.size", op: ">=", value: 100, negated: false },
      { kind: "has", key: "http.status_code", negated: false },
      { kind: "has", key: "order.id", negated: true },
      { kind: "severityNumber", op: "<", value: 17, negated: false },
    ]);
  });

  it("refuses what it cannot answer, naming it", () => {
    expect(refusal(() => parseLogQuery("severity:loud"))).toMatch(/severity is one of trace, debug, info, warn, error, fatal/);
    expect(refusal(() => parseLogQuery("a OR b"))).toMatch(/OR and parentheses/);
    expect(refusal(() => parseLogQuery("x".repeat(2001)))).toMatch(/2,000 characters/);
    expect(refusal(() => parseLogQuery("<script>:1"))).toMatch(/is not a key/);
  });
});

describe("parseLogEventsRequest", () => {
  it("reads fields, attributes, count(), sort, window and paging as Sentry's clients send them", () => {
    const request = parseLogEventsRequest(new URLSearchParams("dataset=logs&field=message&field=severity&field=tags[user.id]&field=count()&sort=-count()&query=severity:error&statsPeriod=24h&per_page=50&cursor=0:100:0&referrer=api.mcp.search-events"), 1_764_000_000_000);
    expect(request.fields).toEqual([
      { name: "message", kind: "property", property: "message" },
      { name: "severity", kind: "property", property: "severity" },
      { name: "tags[user.id]", kind: "attribute", key: "user.id" },
      { name: "count()", kind: "count" },
    ]);
    expect(request.sortField).toEqual({ name: "count()", kind: "count" });
    expect(request.search).toMatchObject({ window: { startUs: (1_764_000_000_000 - 86_400_000) * 1000 }, limit: 50, offset: 100, sort: { key: "timestamp", descending: true } });
  });

  it("refuses unknown parameters, functions, sorts outside the fields and attribute sorts without count()", () => {
    expect(refusal(() => parseLogEventsRequest(new URLSearchParams("dataset=logs&field=message&colour=red")))).toMatch(/Unknown query parameter "colour"/);
    expect(refusal(() => parseLogEventsRequest(new URLSearchParams("dataset=logs&field=p95(message)")))).toMatch(/logs answer count\(\)/);
    expect(refusal(() => parseLogEventsRequest(new URLSearchParams("dataset=logs&field=message&sort=timestamp")))).toMatch(/sort must name one of the fields/);
    expect(refusal(() => parseLogEventsRequest(new URLSearchParams("dataset=logs&field=user.id&sort=user.id")))).toMatch(/Without count\(\)/);
    expect(refusal(() => parseLogEventsRequest(new URLSearchParams("dataset=logs")))).toMatch(/at least one field/);
  });
});
