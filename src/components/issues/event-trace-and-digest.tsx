import Link from "next/link";
import { Tooltip } from "@/components/ui/tooltip";
import { readTraceAndDigest, readTraceSpanId } from "@/lib/read-trace-and-digest";
import { parseTraceId } from "@/lib/trace-id";

/**
 * The event header's trace id and Next.js digest, when the event has them. The digest links to the digest
 * lookup, which lists every event that carries it (the same error, again or in other projects); the trace
 * id links to the trace page (its waterfall with the event's span highlighted, then every error event of the
 * trace: "View in trace") and stays selectable text
 * with one click, to paste into a tracing tool or a log search. Both are rendered as text only.
 */
export function EventTraceAndDigest({ payload }: { payload: Record<string, unknown> }) {
  const { traceId, digest } = readTraceAndDigest(payload);
  // Only a valid id links: the trace page looks events up by the id digest stored (32 lowercase hex).
  const traceLink = traceId === null ? null : parseTraceId(traceId);
  const spanId = readTraceSpanId(payload);
  if (traceId === null && digest === null) return null;
  return (
    <dl aria-label="Trace and digest" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      {traceId !== null ? (
        <div className="flex min-w-0 gap-1.5">
          <dt>Trace ID</dt>
          <dd className="font-mono wrap-break-word text-foreground">
            {traceLink !== null ? (
              <Tooltip content={spanId ? "The trace's waterfall, this error's span highlighted" : "The trace's waterfall and every error event of it"} describes>
                <Link href={`/traces/${traceLink}${spanId ? `?span=${spanId}` : ""}`} prefetch={false} className="text-primary select-all underline-offset-2 hover:underline">
                  {traceId}
                </Link>
              </Tooltip>
            ) : (
              <span className="select-all">{traceId}</span>
            )}
          </dd>
        </div>
      ) : null}
      {digest !== null ? (
        <div className="flex min-w-0 gap-1.5">
          <dt>Digest</dt>
          <dd className="font-mono wrap-break-word">
            <Tooltip content="Find every event with this digest">
              <Link href={`/digest?value=${encodeURIComponent(digest)}`} prefetch={false} className="text-primary underline-offset-2 hover:underline">
                {digest}
              </Link>
            </Tooltip>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
