import { describe, expect, it } from "vitest";
import { isAppError } from "../errors";
import { parseSpanQuery, parseSpanSearch } from "./parse-span-search";

const now = Date.UTC(2026, 0, 15);
const parse = (query: string) => parseSpanSearch(new URLSearchParams(query), now);
const refusal = (query: string): string => {
  try {
    parse(query);
  } catch (error) {
    if (isAppError(error) && error.code === "bad_request") return error.message;
    throw error;
  }
  throw new Error(`${query} was accepted`);
};

describe("parseSpanSearch (events?dataset=spans|transactions)", () => {
  it("reads fields, aggregates, sort, the window and paging", () => {
    const search = parse("dataset=transactions&field=transaction&field=count()&field=p95(span.duration)&field=failure_rate()&sort=-p95(span.duration)&statsPeriod=24h&per_page=500&cursor=0:100:0&project=shop&project=-1");
    expect(search.dataset).toBe("transactions");
    expect(search.fields.map((field) => (field.kind === "aggregate" ? `${field.fn}()` : field.property))).toEqual(["transaction", "count()", "p95()", "failure_rate()"]);
    expect(search.sort).toMatchObject({ field: { name: "p95(span.duration)" }, descending: true });
    expect(search.window).toEqual({ startUs: (now - 86_400_000) * 1000, endUs: (now + 60_000) * 1000 });
    expect(search).toMatchObject({ limit: 100, offset: 100, projects: ["shop"] });
    expect(parse("dataset=spans&field=id&field=timestamp")).toMatchObject({ sort: { field: { name: "timestamp" }, descending: true } });
    expect(parse("dataset=spans&field=span.op&field=count()").sort.field.name).toBe("count()");
  });

  it("reads Sentry's query grammar over span keys", () => {
    expect(parseSpanQuery('trace:4bf92f3577b34da6a3ce929d0e0e4736 span.op:db !transaction:"GET /health" span.description:*users* span.duration:>=1.5s is_transaction:true release:[a,b] slow')).toEqual([
      { kind: "string", key: "trace", values: ["4bf92f3577b34da6a3ce929d0e0e4736"], negated: false },
      { kind: "string", key: "span.op", values: ["db"], negated: false },
      { kind: "string", key: "transaction", values: ["GET /health"], negated: true },
      { kind: "string", key: "span.description", values: ["*users*"], negated: false },
      { kind: "duration", op: ">=", us: 1_500_000, negated: false },
      { kind: "is_transaction", value: true, negated: false },
      { kind: "string", key: "release", values: ["a", "b"], negated: false },
      { kind: "string", key: "span.description", values: ["*slow*"], negated: false },
    ]);
    expect(parseSpanQuery("span.duration:100")).toEqual([{ kind: "duration", op: "=", us: 100_000, negated: false }]);
  });

  it("refuses unknown datasets, parameters, fields, functions and keys with a reason", () => {
    expect(refusal("dataset=errors&field=title")).toMatch(/Unsupported dataset "errors"/);
    expect(refusal("field=id")).toMatch(/Unsupported dataset ""/);
    expect(refusal("dataset=spans&field=id&colour=red")).toMatch(/Unknown query parameter "colour"/);
    expect(refusal("dataset=spans")).toMatch(/at least one field/);
    expect(refusal("dataset=spans&field=user.email")).toMatch(/Unknown field "user.email"/);
    expect(refusal("dataset=spans&field=epm()")).toMatch(/Unknown function "epm\(\)"/);
    expect(refusal("dataset=spans&field=p95(span.self_time)")).toMatch(/span.duration only/);
    expect(refusal("dataset=spans&field=id&query=user.email:x")).toMatch(/Unknown key "user.email"/);
    expect(refusal("dataset=spans&field=id&query=span.duration:>fast")).toMatch(/span.duration compares/);
    expect(refusal("dataset=spans&field=id&query=a:1 OR b:2")).toMatch(/OR and parentheses/);
    expect(refusal("dataset=spans&field=id&sort=-count()")).toMatch(/sort must name one of the fields/);
    expect(refusal("dataset=spans&field=id&statsPeriod=2y")).toMatch(/Invalid statsPeriod/);
    expect(refusal("dataset=spans&field=id&start=2026-01-01T00:00:00Z")).toMatch(/both start and end/);
    expect(refusal("dataset=spans&field=id&cursor=0:20000:0")).toMatch(/Pages end after 10,000 rows/);
    expect(refusal("dataset=spans&field=id&query=span.status:broken")).toMatch(/span.status is one of/);
  });
});
