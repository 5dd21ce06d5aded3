import type { EventAttachmentSummary } from "@/lib/views/events";
import type { StoredEventResolution } from "@/lib/views/sourcemaps";
import { readBreadcrumbs, readDebugImages, readEntries, readExceptions, readExtra, readFingerprint, readLogentry, readModules, readNamedContexts, readProcessingErrors, readRequest, readSdk, readTags, readText, readThreads } from "@/lib/event-payload";
import { BreadcrumbsTimeline } from "./breadcrumbs-timeline";
import { ContextCards } from "./context-cards";
import { DataList } from "./data-list";
import { DebugImages } from "./debug-images";
import { EventAttachments } from "./event-attachments";
import { EventFingerprint } from "./event-fingerprint";
import { EventSection as Part } from "./event-section";
import { ExceptionChain } from "./exception-chain";
import { KeyValueList } from "./key-value-list";
import { LogMessage } from "./log-message";
import { ProcessingErrors } from "./processing-errors";
import { ModulesList } from "./modules-list";
import { RequestDetails } from "./request-details";
import { SdkIntegrations } from "./sdk-integrations";
import { ThreadList } from "./thread-list";

interface EventDetailsProps {
  payload: Record<string, unknown>;
  /** The event's time (epoch ms), which breadcrumb times are relative to. */
  timestamp: number;
  attachments: EventAttachmentSummary[];
  /** Where the attachments download from: `<base>/<attachment id>`. */
  attachmentsBase: string;
  /** Source maps applied when shown: frames resolved now, and why the others stay minified. */
  resolution?: StoredEventResolution | null;
  /** Whether the grouping used the event's fingerprint, in words (lib/fingerprint-use); null when unknown. */
  fingerprintUse?: string | null;
}

/**
 * One stored event as text: message (with its template and parameters), CSP report, exception chain, threads,
 * breadcrumbs, request, contexts, additional data (`extra`), user, tags, release and environment, SDK,
 * fingerprint, attachments, modules and debug images — every field a Sentry user looks for
 * (docs/architecture.md, "Event fields on the page"). Sections without data are left out; long ones (threads,
 * modules, debug images) are folded; the raw JSON is the page's JSON tab.
 */
export function EventDetails({ payload, timestamp, attachments, attachmentsBase, resolution, fingerprintUse = null }: EventDetailsProps) {
  // The stack traces show today's resolution; the raw JSON (the page's JSON tab) stays the stored event.
  const exceptions = readExceptions(resolution?.payload ?? payload, resolution?.notes);
  const logentry = readLogentry(payload);
  const threads = readThreads(resolution?.payload ?? payload);
  const extra = readExtra(payload);
  const fingerprint = readFingerprint(payload);
  const modules = readModules(payload);
  const debugImages = readDebugImages(payload);
  const processingErrors = readProcessingErrors(payload);
  const breadcrumbs = readBreadcrumbs(payload);
  const request = readRequest(payload);
  const user = readEntries(payload.user);
  // A browser's CSP violation report (Lantern's security endpoint): what was blocked, where, by which policy.
  const cspReport = readEntries(payload.csp);
  const tags = readTags(payload);
  const contexts = readNamedContexts(payload);
  const sdk = readSdk(payload);
  // server_name is a tag once stored (Relay moves it there too); it is listed here when an older event kept it.
  const about = (["release", "environment", "dist", "level", "platform", "transaction", "logger", "server_name"] as const).flatMap((field): [string, string][] => {
    const value = readText(payload, field);
    return value ? [[field, value]] : [];
  });
  return (
    <div>
      {logentry ? (
        <Part title="Message">
          <LogMessage logentry={logentry} />
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
      {threads.length > 0 ? (
        <Part title="Threads">
          <ThreadList threads={threads} />
        </Part>
      ) : null}
      {breadcrumbs.length > 0 ? (
        <Part title="Breadcrumbs" summary={`(${breadcrumbs.length})`} foldsOnPhone>
          <BreadcrumbsTimeline breadcrumbs={breadcrumbs} eventTimestamp={timestamp} />
        </Part>
      ) : null}
      {request ? (
        <Part title="Request" foldsOnPhone>
          <RequestDetails request={request} />
        </Part>
      ) : null}
      {contexts.length > 0 ? (
        <Part title="Contexts" summary={`(${contexts.length})`} foldsOnPhone>
          <ContextCards contexts={contexts} />
        </Part>
      ) : null}
      {extra.length > 0 ? (
        <Part title="Additional data" summary={`(${extra.length})`} foldsOnPhone>
          <DataList entries={extra} label="Additional data" />
        </Part>
      ) : null}
      {/* Short lists side by side: the event reads in one screen more, each list keeps its own section. */}
      <div className="grid gap-x-6 md:grid-cols-2 xl:grid-cols-3">
        {user.length > 0 ? (
          <Part title="User" foldsOnPhone>
            <KeyValueList entries={user} label="User" />
          </Part>
        ) : null}
        {tags.length > 0 ? (
          <Part title="Tags" summary={`(${tags.length})`} foldsOnPhone>
            <KeyValueList entries={tags} label="Tags of this event" />
          </Part>
        ) : null}
        {about.length > 0 ? (
          <Part title="Release and environment" foldsOnPhone>
            <KeyValueList entries={about} label="Release and environment" />
          </Part>
        ) : null}
        {sdk ? (
          <Part title="SDK" foldsOnPhone>
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
        {fingerprint ? (
          <Part title="Fingerprint" foldsOnPhone>
            <EventFingerprint fingerprint={fingerprint} use={fingerprintUse} />
          </Part>
        ) : null}
        {attachments.length > 0 ? (
          <Part title="Attachments" summary={`(${attachments.length})`} foldsOnPhone>
            <EventAttachments attachments={attachments} downloadBase={attachmentsBase} />
          </Part>
        ) : null}
        {modules.length > 0 ? (
          <Part title="Modules">
            <ModulesList modules={modules} />
          </Part>
        ) : null}
        {processingErrors.length > 0 ? (
          <Part title="Processing errors">
            <ProcessingErrors errors={processingErrors} />
          </Part>
        ) : null}
        {debugImages.length > 0 ? (
          <Part title="Debug images">
            <DebugImages images={debugImages} />
          </Part>
        ) : null}
      </div>
    </div>
  );
}
