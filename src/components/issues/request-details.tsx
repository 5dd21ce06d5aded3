import type { ReactNode } from "react";
import type { RequestView } from "@/lib/event-payload";
import { KeyValueList } from "./key-value-list";
import { SafeLink } from "./safe-link";

/** Pairs as a list; text that is not pairs (a scrubbed "[Filtered]") as it is. */
function PairsOrText({ value, label }: { value: [string, string][] | string; label: string }) {
  if (typeof value === "string") return <p className="font-mono text-xs wrap-break-word" aria-label={label}>{value}</p>;
  return <KeyValueList entries={value} label={label} />;
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h4 className="mb-1 text-xs font-semibold text-muted-foreground">{title}</h4>
      {children}
    </div>
  );
}

/** The request the event happened in: method and URL, then query, body, headers, cookies and environment. */
export function RequestDetails({ request }: { request: RequestView }) {
  return (
    <div className="space-y-3">
      {request.method || request.url ? (
        <p className="font-mono text-xs wrap-break-word">
          {request.method ? <span className="mr-2 rounded bg-muted px-1.5 py-0.5 font-semibold">{request.method}</span> : null}
          {request.url ? <SafeLink href={request.url}>{request.url}</SafeLink> : null}
        </p>
      ) : null}
      {/* Side by side from medium widths: short blocks, read together. */}
      <div className="grid gap-3 md:grid-cols-2">
        {request.query.length > 0 ? (
          <Block title="Query">
            <PairsOrText value={request.query} label="Query" />
          </Block>
        ) : null}
        {request.body !== null ? (
          <Block title="Body">
            <pre tabIndex={0} aria-label="Request body" className="max-h-64 overflow-auto rounded-md border border-border bg-muted p-2 font-mono text-xs wrap-break-word whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">{request.body}</pre>
          </Block>
        ) : null}
        {request.headers.length > 0 ? (
          <Block title="Headers">
            <KeyValueList entries={request.headers} label="Headers" />
          </Block>
        ) : null}
        {request.cookies.length > 0 ? (
          <Block title="Cookies">
            <PairsOrText value={request.cookies} label="Cookies" />
          </Block>
        ) : null}
        {request.env.length > 0 ? (
          <Block title="Environment">
            <KeyValueList entries={request.env} label="Request environment" />
          </Block>
        ) : null}
      </div>
    </div>
  );
}
