import type { ReactNode } from "react";
import type { EventAttachmentSummary } from "@/server/events/list-event-attachments";
import type { StoredEventResolution } from "@/server/sourcemaps/resolve-stored-event";
import { readBreadcrumbs, readEntries, readExceptions, readMessage, readNamedContexts, readRequest, readSdk, readTags, readText } from "@/lib/event-payload";
import { BreadcrumbsTimeline } from "./breadcrumbs-timeline";
import { EventAttachments } from "./event-attachments";
import { ExceptionChain } from "./exception-chain";
import { KeyValueList } from "./key-value-list";
import { RequestDetails } from "./request-details";
import { SdkIntegrations } from "./sdk-integrations";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4 min-w-0" aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

interface EventDetailsProps {
  payload: Record<string, unknown>;
  /** The event's time (epoch ms), which breadcrumb times are relative to. */
  timestamp: number;
  attachments: EventAttachmentSummary[];
  /** Where the attachments download from: `<base>/<attachment id>`. */
  attachmentsBase: string;
  /** Source maps applied when shown: frames resolved now, and why the others stay minified. */
  resolution?: StoredEventResolution | null;
}

/**
 * One stored event as text: message, CSP report, exception chain, breadcrumbs, request, user, tags, contexts, SDK,
 * release and environment, and attachments. Sections without data are left out; the raw JSON is the page's JSON tab.
 */
export function EventDetails({ payload, timestamp, attachments, attachmentsBase, resolution }: EventDetailsProps) {
  // The stack traces show today's resolution; the raw JSON (the page's JSON tab) stays the stored event.
  const exceptions = readExceptions(resolution?.payload ?? payload, resolution?.notes);
  const message = readMessage(payload);
  const breadcrumbs = readBreadcrumbs(payload);
  const request = readRequest(payload);
  const user = readEntries(payload.user);
  // A browser's CSP violation report (Lantern's security endpoint): what was blocked, where, by which policy.
  const cspReport = readEntries(payload.csp);
  const tags = readTags(payload);
  const contexts = readNamedContexts(payload);
  const sdk = readSdk(payload);
  const about = (["release", "environment", "dist", "platform", "transaction", "logger", "server_name"] as const).flatMap((field): [string, string][] => {
    const value = readText(payload, field);
    return value ? [[field, value]] : [];
  });
  return (
    <div>
      {message ? (
        <Part title="Message">
          <pre className="rounded-md border border-border bg-muted p-3 font-mono text-xs wrap-break-word whitespace-pre-wrap">{message}</pre>
        </Part>
      ) : null}
      {cspReport.length > 0 ? (
        <Part title="CSP report">
          <KeyValueList entries={cspReport} label="CSP report" />
        </Part>
      ) : null}
      {exceptions.length > 0 ? (
        <Part title="Exception">
          <ExceptionChain exceptions={exceptions} resolvedNow={resolution?.resolvedNow ?? 0} />
        </Part>
      ) : null}
      {breadcrumbs.length > 0 ? (
        <Part title="Breadcrumbs">
          <BreadcrumbsTimeline breadcrumbs={breadcrumbs} eventTimestamp={timestamp} />
        </Part>
      ) : null}
      {request ? (
        <Part title="Request">
          <RequestDetails request={request} />
        </Part>
      ) : null}
      {contexts.length > 0 ? (
        <Part title="Contexts">
          {/* Columns rather than a grid: short contexts stack under each other instead of beside the tallest. */}
          <div className="gap-3 md:columns-2 xl:columns-3">
            {contexts.map((context) => (
              <div key={context.name} className="mb-3 min-w-0 break-inside-avoid rounded-md border border-border p-3">
                <h4 className="mb-1 text-xs font-semibold">{context.title}</h4>
                <KeyValueList entries={context.entries} label={`Context ${context.name}`} humanizeBytes />
              </div>
            ))}
          </div>
        </Part>
      ) : null}
      {/* Short lists side by side: the event reads in one screen more, each list keeps its own section. */}
      <div className="grid gap-x-6 md:grid-cols-2 xl:grid-cols-3">
        {user.length > 0 ? (
          <Part title="User">
            <KeyValueList entries={user} label="User" />
          </Part>
        ) : null}
        {tags.length > 0 ? (
          <Part title="Tags">
            <KeyValueList entries={tags} label="Tags of this event" />
          </Part>
        ) : null}
        {about.length > 0 ? (
          <Part title="Release and environment">
            <KeyValueList entries={about} label="Release and environment" />
          </Part>
        ) : null}
        {sdk ? (
          <Part title="SDK">
            <KeyValueList
              label="SDK"
              entries={[
                ["name", sdk.name ?? "unknown"],
                ["version", sdk.version ?? "unknown"],
                ...(sdk.packages.length > 0 ? [["packages", sdk.packages.join(", ")] as [string, string]] : []),
              ]}
            />
            {sdk.integrations.length > 0 ? <SdkIntegrations integrations={sdk.integrations} /> : null}
          </Part>
        ) : null}
        {attachments.length > 0 ? (
          <Part title="Attachments">
            <EventAttachments attachments={attachments} downloadBase={attachmentsBase} />
          </Part>
        ) : null}
      </div>
    </div>
  );
}
