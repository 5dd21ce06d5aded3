/**
 * Spans as a tree in display order: a span's parent is the span its `parentSpanId` names; a span whose parent
 * is not among them (not sent, in a project the viewer cannot see, beyond the cap) is a root. Depth first,
 * siblings by start time; iterative, because a hostile SDK can nest spans thousands deep, and a cycle of
 * parents (a names b, b names a) is broken at its earliest span, so every span is placed exactly once.
 */
export interface TreeSpan {
  spanId: string;
  parentSpanId: string | null;
  startUs: number;
}

export interface ArrangedSpan<Span> {
  span: Span;
  depth: number;
  childCount: number;
}

export function arrangeSpanTree<Span extends TreeSpan>(spans: readonly Span[]): ArrangedSpan<Span>[] {
  const byStart = [...spans].sort((a, b) => a.startUs - b.startUs || a.spanId.localeCompare(b.spanId));
  const ids = new Set(byStart.map((span) => span.spanId));
  const children = new Map<string, Span[]>();
  const roots: Span[] = [];
  for (const span of byStart) {
    if (span.parentSpanId !== null && span.parentSpanId !== span.spanId && ids.has(span.parentSpanId)) {
      const siblings = children.get(span.parentSpanId);
      if (siblings) siblings.push(span);
      else children.set(span.parentSpanId, [span]);
    } else roots.push(span);
  }
  const arranged: ArrangedSpan<Span>[] = [];
  const placed = new Set<string>();
  const walk = (root: Span) => {
    const stack: { span: Span; depth: number }[] = [{ span: root, depth: 0 }];
    while (stack.length > 0) {
      const { span, depth } = stack.pop()!;
      if (placed.has(span.spanId)) continue;
      placed.add(span.spanId);
      const under = (children.get(span.spanId) ?? []).filter((child) => !placed.has(child.spanId));
      arranged.push({ span, depth, childCount: under.length });
      for (let index = under.length - 1; index >= 0; index -= 1) stack.push({ span: under[index]!, depth: depth + 1 });
    }
  };
  for (const root of roots) walk(root);
  // Spans left are on a cycle of parents: the earliest of each becomes a root.
  for (const span of byStart) if (!placed.has(span.spanId)) walk(span);
  return arranged;
}
