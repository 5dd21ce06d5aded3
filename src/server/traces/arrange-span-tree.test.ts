import { describe, expect, it } from "vitest";
import { arrangeSpanTree } from "./arrange-span-tree";

const span = (spanId: string, parentSpanId: string | null, startUs: number) => ({ spanId, parentSpanId, startUs });
const shape = (spans: ReturnType<typeof span>[]) => arrangeSpanTree(spans).map(({ span: { spanId }, depth, childCount }) => `${"  ".repeat(depth)}${spanId}(${childCount})`);

describe("arrangeSpanTree", () => {
  it("places children under their parent, siblings by start time, depth first", () => {
    expect(shape([span("c", "a", 30), span("a", null, 0), span("b", "a", 10), span("d", "b", 20), span("e", "x-missing", 5)])).toEqual(["a(2)", "  b(1)", "    d(0)", "  c(0)", "e(0)"]);
  });

  it("makes a span whose parent is missing a root, and a span naming itself a root", () => {
    expect(shape([span("a", "gone", 0), span("b", "b", 1)])).toEqual(["a(0)", "b(0)"]);
  });

  it("breaks a cycle of parents at its earliest span and places every span once", () => {
    const arranged = shape([span("a", "b", 0), span("b", "a", 1), span("c", "b", 2)]);
    expect(arranged).toEqual(["a(1)", "  b(1)", "    c(0)"]);
  });

  it("arranges a chain 10,000 deep without recursion", () => {
    const chain = Array.from({ length: 10_000 }, (_, index) => span(`s${index}`, index === 0 ? null : `s${index - 1}`, index));
    const arranged = arrangeSpanTree(chain);
    expect(arranged).toHaveLength(10_000);
    expect(arranged.at(-1)!.depth).toBe(9_999);
  });
});
