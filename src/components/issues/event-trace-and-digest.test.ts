import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EventTraceAndDigest } from "./event-trace-and-digest";

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
const render = (payload: Record<string, unknown>) => renderToStaticMarkup(createElement(EventTraceAndDigest, { payload }));

describe("EventTraceAndDigest (the event header's ids)", () => {
  it("links the trace id to the trace page (selectable with one click) and the digest to the digest lookup", () => {
    const html = render({ contexts: { trace: { trace_id: traceId } }, tags: [["digest", "4252315987"]] });
    const link = new RegExp(`<dt>Trace ID</dt><dd[^>]*><a ([^>]*)>${traceId}</a>`).exec(html)?.[1] ?? "";
    expect(link).toContain(`href="/traces/${traceId}"`);
    expect(link).toMatch(/class="[^"]*\bselect-all\b/);
    expect(html).toContain("The trace&#x27;s waterfall and every error event of it");
    expect(html).toMatch(/<dt>Digest<\/dt><dd[^>]*><a [^>]*href="\/digest\?value=4252315987"[^>]*>4252315987<\/a><\/dd>/);
  });

  it("links to the waterfall with the event's span highlighted when the event names its span", () => {
    const html = render({ contexts: { trace: { trace_id: traceId, span_id: "00F067AA0BA902B7" } } });
    expect(html).toContain(`href="/traces/${traceId}?span=00f067aa0ba902b7"`);
    expect(render({ contexts: { trace: { trace_id: traceId, span_id: "x&y=1" } } })).toContain(`href="/traces/${traceId}"`);
  });

  it("links a capitalised trace id to its lowercase page, and leaves one that is not 32 hex digits as selectable text", () => {
    expect(render({ contexts: { trace: { trace_id: traceId.toUpperCase() } } })).toContain(`href="/traces/${traceId}"`);
    const odd = render({ contexts: { trace: { trace_id: "trace-from-a-proxy" } } });
    expect(odd).toContain('<span class="select-all">trace-from-a-proxy</span>');
    expect(odd).not.toContain("/traces/");
  });

  it("shows each id alone when the event has only that one, and nothing when it has neither", () => {
    const traceOnly = render({ contexts: { trace: { trace_id: traceId } } });
    expect(traceOnly).toContain(traceId);
    expect(traceOnly).not.toContain("<dt>Digest</dt>");
    const digestOnly = render({ tags: { digest: "491403947" } });
    expect(digestOnly).toContain('href="/digest?value=491403947"');
    expect(digestOnly).not.toContain("<dt>Trace ID</dt>");
    expect(render({ tags: [["runtime", "node"]] })).toBe("");
  });

  it("renders markup in event data as text and keeps the link's query one value", () => {
    const html = render({ contexts: { trace: { trace_id: "<img src=x onerror=alert(1)>" } }, tags: [["digest", '1&value=2"><script>alert(1)</script>']] });
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain('href="/digest?value=1%26value%3D2%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"');
  });
});
