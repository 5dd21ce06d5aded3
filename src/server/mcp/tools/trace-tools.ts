import { z } from "zod";
import { codeSpan, table } from "@/lib/mcp-markdown";
import { getTrace } from "../../traces/get-trace";
import { defineTool } from "../mcp-tool";
import { checkOrganization, organizationSlug, pageUrl, regionUrl } from "./arguments";

/** Spans listed at most: a deep trace is summarized by its slowest spans, and the page shows the rest. */
const maxListedSpans = 40;

export const getTraceDetails = defineTool({
  name: "get_trace_details",
  title: "Trace details",
  description: "A trace's overview: its transactions and slowest spans as a tree, and the errors that happened in it, with their issues.",
  input: { organizationSlug, regionUrl, traceId: z.string().regex(/^[0-9a-fA-F]{32}$/), spanId: z.string().min(1).max(32).optional().describe("Focus on this span and its children.") },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const trace = await getTrace(context, { traceId: args.traceId.toLowerCase() });
    const focus = args.spanId ? trace.spans.findIndex((span) => span.spanId === args.spanId) : -1;
    const spans = focus === -1 ? trace.spans : trace.spans.slice(focus, focus + 1 + countDescendants(trace.spans, focus));
    const durationMs = (trace.endUs - trace.startUs) / 1000;
    const lines = [
      `# Trace ${codeSpan(trace.traceId)}`,
      "",
      `- Spans: ${trace.spans.length}${trace.isCapped ? ` (the first ${trace.maxSpans} read)` : ""}; errors: ${trace.errorCount}`,
      `- Duration: ${durationMs.toFixed(1)} ms, from ${new Date(trace.startUs / 1000).toISOString()}`,
      `- Page: ${pageUrl(context, `/traces/${trace.traceId}`)}`,
      "",
      "## Spans",
      "",
    ];
    const shown = spans.length <= maxListedSpans ? spans : [...spans].sort((a, b) => b.durationUs - a.durationUs).slice(0, maxListedSpans).sort((a, b) => spans.indexOf(a) - spans.indexOf(b));
    for (const span of shown) {
      const indent = "  ".repeat(Math.min(span.depth, 12));
      const label = span.isSegment ? `**${span.op}**` : span.op;
      lines.push(`${indent}- ${label} ${codeSpan(span.description ?? span.segmentName ?? "")} — ${(span.durationUs / 1000).toFixed(1)} ms${span.isFailed ? `, ${span.status}` : ""} (${codeSpan(span.projectSlug)}, span ${codeSpan(span.spanId)})`);
    }
    if (shown.length < spans.length) lines.push("", `${spans.length - shown.length} faster spans not listed.`);
    const errors = [...trace.spans.flatMap((span) => span.errors), ...trace.unpinnedErrors];
    if (errors.length > 0) {
      lines.push("", "## Errors", "", table(["Issue", "Title", "Level", "Project", "Event id", "Span"], errors.slice(0, 25).map((error) => [error.issueId, error.issueTitle, error.level, error.projectSlug, error.eventId, error.spanId])));
    }
    return lines.join("\n");
  },
});

function countDescendants(spans: readonly { depth: number }[], index: number): number {
  let count = 0;
  for (let next = index + 1; next < spans.length && spans[next]!.depth > spans[index]!.depth; next++) count++;
  return count;
}
