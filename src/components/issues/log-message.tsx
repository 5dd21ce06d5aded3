import type { LogentryView } from "@/lib/event-payload";
import { DataList } from "./data-list";

/** The event's message as formatted, then (when the SDK sent them) its template and parameters. */
export function LogMessage({ logentry }: { logentry: LogentryView }) {
  return (
    <div className="space-y-2">
      <pre className="rounded-md border border-border bg-muted p-3 font-mono text-xs wrap-break-word whitespace-pre-wrap">{logentry.formatted}</pre>
      {logentry.template ? (
        <p className="text-xs">
          <span className="text-muted-foreground">Template: </span>
          <code className="font-mono wrap-break-word">{logentry.template}</code>
        </p>
      ) : null}
      {logentry.params.length > 0 ? (
        <div>
          <h4 className="mb-1 text-xs font-semibold text-muted-foreground">Parameters</h4>
          <DataList entries={logentry.params} label="Message parameters" />
        </div>
      ) : null}
    </div>
  );
}
