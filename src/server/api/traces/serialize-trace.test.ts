import { describe, expect, it } from "vitest";
import type { TraceSpanView, TraceView } from "@/lib/views/traces";
import { arrangeSpanTree } from "../../traces/arrange-span-tree";
import { maxApiTraceNesting, serializeTrace, type ApiTraceSpan } from "./serialize-trace";

const spanView = (spanId: string, parentSpanId: string | null, startUs: number): TraceSpanView => ({
  spanId,
  parentSpanId,
  depth: 0,
  childCount: 0,
  projectId: 1,
  projectSlug: "shop",
  op: "function",
  description: `step ${spanId}`,
  segmentName: "GET /deep",
  isSegment: parentSpanId === null,
  startUs,
  durationUs: 10,
  status: "ok",
  isFailed: false,
  release: null,
  environment: null,
  extra: parentSpanId === null ? { event_id: "e".repeat(32), measurements: { lcp: { value: 1200, unit: "millisecond" }, bogus: { value: "x" } } } : {},
  errors: [],
});

function traceOf(spans: TraceSpanView[]): TraceView {
  const arranged = arrangeSpanTree(spans).map(({ span, depth, childCount }) => ({ ...span, depth, childCount }));
  return { traceId: "a".repeat(32), spans: arranged, unpinnedErrors: [], errorCount: 0, isCapped: false, maxSpans: 10_000, startUs: 0, endUs: 100_000 };
}

describe("serializeTrace", () => {
  it("nests a hostile 10,000-deep chain at most 100 levels, keeping every span, and the JSON stays writable", () => {
    const chain = Array.from({ length: 10_000 }, (_, index) => spanView(`s${index}`, index === 0 ? null : `s${index - 1}`, index));
    const items = serializeTrace(traceOf(chain)) as ApiTraceSpan[];
    let depth = 0;
    let count = 0;
    const walk = (nodes: ApiTraceSpan[], level: number) => {
      for (const node of nodes) {
        count += 1;
        depth = Math.max(depth, level);
        walk(node.children, level + 1);
      }
    };
    walk(items, 0);
    expect(count).toBe(10_000);
    expect(depth).toBe(maxApiTraceNesting);
    expect(() => JSON.stringify(items)).not.toThrow();
  });

  it("names each span's transaction by its event id and copies numeric measurements and web vitals", () => {
    const [root] = serializeTrace(traceOf([spanView("r", null, 0), spanView("c", "r", 5)])) as ApiTraceSpan[];
    expect(root).toMatchObject({ event_id: "e".repeat(32), transaction_id: "e".repeat(32), parent_span_id: null, duration: 0.01, measurements: { "measurements.lcp": 1200 }, browser_web_vital: { "browser.web_vital.lcp.value": 1200 } });
    expect(root!.children[0]).toMatchObject({ event_id: "c", transaction_id: "e".repeat(32), parent_span_id: "r" });
  });
});
