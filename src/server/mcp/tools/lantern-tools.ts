import { z } from "zod";
import { codeSpan, fencedText, table } from "@/lib/mcp-markdown";
import { isRecord } from "@/lib/json-values";
import { findApiIssue } from "../../api/issues/find-api-issue";
import { findEventsByDigest } from "../../events/find-events-by-digest";
import { getIssueEvent, type EventChoice } from "../../events/get-issue-event";
import { AppError } from "../../errors";
import { explainGrouping } from "../../issues/explain-grouping";
import { getIssueHints } from "../../issues/get-issue-hints";
import { resolveStoredEvent } from "../../sourcemaps/resolve-stored-event";
import type { AccessContext } from "../../access/authorize";
import { defineTool } from "../mcp-tool";
import { getIssueDetails } from "./issue-tools";
import { getMonitorDetails } from "./monitor-tools";
import { getReplayDetails } from "./replay-tools";
import { getTraceDetails } from "./trace-tools";
import { checkOrganization, issueId, issueRefOf, issueUrl, organizationSlug, pageUrl, regionUrl } from "./arguments";

const issueArguments = { organizationSlug: organizationSlug.optional(), regionUrl, issueId: issueId.optional(), issueUrl: issueUrl.optional() };
const eventId = z.string().regex(/^[0-9a-fA-F]{32}$/).optional().describe("One event of the issue (32 hex); default its newest.");
const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`;

async function issueEvent(context: AccessContext, args: { organizationSlug?: string; issueId?: string; issueUrl?: string; eventId?: string }) {
  checkOrganization(context, args.organizationSlug);
  const issue = await findApiIssue(context, issueRefOf(args), "event.read");
  const choice: EventChoice = args.eventId ? { eventId: args.eventId.toLowerCase() } : "latest";
  const event = await getIssueEvent(context, { projectId: issue.project_id, issueId: issue.id, event: choice });
  if (!event) throw new AppError("not_found", `Issue ${issue.id} has no stored event (events may have been pruned).`);
  return { issue, event };
}

export const getIssueHintsTool = defineTool({
  name: "get_issue_hints",
  title: "What stands out about an issue",
  description: "Lantern's hints for an issue: a suspect release (where it started), tag values over-represented in its events compared with the project's, and the environments it occurs in.",
  input: issueArguments,
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const issue = await findApiIssue(context, issueRefOf(args), "issue.read");
    const hints = await getIssueHints(context, issue.id);
    const lines = [`# What stands out about issue ${issue.id}`];
    if (hints.suspectRelease) {
      const suspect = hints.suspectRelease;
      const how = suspect.kind === "first_seen" ? "The issue's first event came with release" : "The issue came back (regressed) in release";
      lines.push("", "## Suspect release", "", `${how} ${codeSpan(suspect.version)}: ${suspect.eventsBefore} events in earlier releases, ${suspect.eventsSince} in this one or later.`);
    }
    if (hints.overRepresentedTags.length > 0) {
      lines.push("", "## Over-represented tags", "", table(["Tag", "Value", "Events", "In this issue", "In the project", "Lift"], hints.overRepresentedTags.map((tag) => [tag.key, tag.value, tag.count, { text: percent(tag.issueShare) }, { text: percent(tag.projectShare) }, { text: `${tag.lift.toFixed(1)}×` }])));
    }
    if (hints.environments.length > 0) {
      lines.push("", "## Environments", "", table(["Environment", "Events", "First seen", "Last seen"], hints.environments.map((environment) => [environment.environment, environment.timesSeen, new Date(environment.firstSeen).toISOString(), new Date(environment.lastSeen).toISOString()])));
    }
    if (lines.length === 1) lines.push("", "Nothing stands out: no suspect release, no over-represented tag value.");
    return lines.join("\n");
  },
});

export const explainGroupingTool = defineTool({
  name: "explain_grouping",
  title: "Why events are grouped this way",
  description: "How Lantern grouped an event into its issue: each grouping variant (fingerprint, in-app stack, full stack, message…), its hash, and whether it contributes.",
  input: { ...issueArguments, eventId },
  isWrite: false,
  run: async (context, args) => {
    const { issue, event } = await issueEvent(context, args);
    const grouping = await explainGrouping(context, issue.project_id, event.payload);
    const lines = [`# Grouping of event ${codeSpan(event.eventId)} (issue ${issue.id})`, "", `It joined the issue through hash ${codeSpan(event.groupHash ?? "—")}.`];
    if (grouping.title) lines.push(`A fingerprint rule sets the title to ${codeSpan(grouping.title)}.`);
    for (const variant of grouping.variants) {
      lines.push("", `## ${variant.key}: ${variant.description}`, "", `- Hash: ${variant.hash ? codeSpan(variant.hash) : "none (does not contribute)"}`);
      if (variant.hint) lines.push(`- Why: ${variant.hint}`);
      if (variant.fingerprint) lines.push(`- Fingerprint: ${variant.fingerprint.map(codeSpan).join(", ")}`);
      if (variant.matchedRule) lines.push(`- Rule: ${codeSpan(variant.matchedRule)}`);
    }
    return lines.join("\n");
  },
});

export const findByDigest = defineTool({
  name: "find_by_digest",
  title: "Find the server error behind a Next.js digest",
  description: "Next.js shows only a digest on its error page (\"Digest: 1234567890\"). This finds the server-side events that carry it, with their issues.",
  input: { organizationSlug: organizationSlug.optional(), regionUrl, digest: z.string().min(1).max(200).describe("The value after \"Digest:\" on the error page.") },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const matches = await findEventsByDigest(context, { digest: args.digest, limit: 20 });
    if (matches.length === 0) return `# Digest ${codeSpan(args.digest)}\n\nNo stored event carries this digest (the event may not have reached Lantern, or was pruned).`;
    const rows = matches.map((match) => [match.projectSlug, match.issueId, match.issueTitle, match.eventId, new Date(match.timestamp).toISOString(), { text: `[open](${pageUrl(context, match.path)})` }]);
    return [`# Digest ${codeSpan(args.digest)}`, "", table(["Project", "Issue", "Title", "Event id", "Time", "Page"], rows), "", "get_issue_details with the issue id and eventId shows the stack trace."].join("\n");
  },
});

export const getFrameDiagnosis = defineTool({
  name: "get_frame_diagnosis",
  title: "Why frames are still minified",
  description: "For an event's stack frames that stay minified (or lack source context): why (no debug id, no release, map missing, path mismatch…) and the sentry-cli command that fixes it.",
  input: { ...issueArguments, eventId },
  isWrite: false,
  run: async (context, args) => {
    const { issue, event } = await issueEvent(context, args);
    const resolution = await resolveStoredEvent(context, issue.project_id, event.payload);
    const notes = Object.entries(resolution.notes).filter(([, note]) => note.diagnosis !== null);
    const lines = [`# Source maps for event ${codeSpan(event.eventId)} (issue ${issue.id})`, ""];
    if (resolution.resolvedNow > 0) lines.push(`${resolution.resolvedNow} frame(s) stored minified resolve now with maps uploaded since.`, "");
    if (notes.length === 0) {
      lines.push(hasFrames(event.payload) ? "No frame needs attention: every frame is resolved or not expected to have a source map." : "The event has no stack frames.");
      return lines.join("\n");
    }
    const seen = new Set<string>();
    for (const [key, note] of notes) {
      const diagnosis = note.diagnosis!;
      const signature = `${diagnosis.code}\n${diagnosis.command}`;
      if (seen.has(signature)) continue;
      seen.add(signature);
      lines.push(`## ${diagnosis.title}`, "", `Frame ${codeSpan(key)} (code ${codeSpan(diagnosis.code)}).`, "", diagnosis.advice, "");
      if (diagnosis.command) lines.push(fencedText(diagnosis.command, "sh"), "");
      if (diagnosis.closest.length > 0) lines.push(`Closest uploaded files: ${diagnosis.closest.map(codeSpan).join(", ")}`, "");
    }
    return lines.join("\n");
  },
});

function hasFrames(payload: Record<string, unknown>): boolean {
  const exception = payload.exception;
  const values = isRecord(exception) && Array.isArray(exception.values) ? exception.values : [];
  return values.some((value) => isRecord(value) && isRecord(value.stacktrace) && Array.isArray(value.stacktrace.frames) && value.stacktrace.frames.length > 0);
}

const resourceTypes = ["issue", "event", "trace", "ai_conversation", "replay", "monitor", "snapshot"] as const;

/** What a Lantern or Sentry URL names: the segment after /issues/, /events/, /replays/, /traces/ (or /trace/), /crons/ (or /monitors/). */
function resourceOfUrl(url: string): { type: (typeof resourceTypes)[number]; id: string; issueId?: string } | null {
  const path = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  const event = /\/issues\/([\w-]+)\/events\/([0-9a-fA-F-]{32,36})/.exec(path);
  if (event) return { type: "event", id: event[2]!.replace(/-/g, ""), issueId: event[1]! };
  const issue = /\/issues\/([\w-]+)/.exec(path);
  if (issue) return { type: "issue", id: issue[1]! };
  const replay = /\/replays\/([0-9a-fA-F-]{32,36})(?:[/?#]|$)/.exec(path);
  if (replay) return { type: "replay", id: replay[1]! };
  const trace = /\/traces?\/([0-9a-fA-F]{32})/.exec(path);
  if (trace) return { type: "trace", id: trace[1]! };
  const monitor = /\/(?:crons|monitors)\/([\w-]+)/.exec(path);
  if (monitor) return { type: "monitor", id: monitor[1]! };
  return null;
}

export const getSentryResource = defineTool({
  name: "get_sentry_resource",
  title: "Get a resource by URL or id",
  description: "Fetch what a Lantern (or Sentry-style) URL names — an issue, an event, a trace, a session replay or a cron monitor — or one given by resourceType and resourceId. Lantern has no AI conversations or snapshots.",
  input: {
    url: z.string().max(2000).optional(),
    resourceType: z.enum(resourceTypes).optional(),
    resourceId: z.string().max(200).optional(),
    organizationSlug: organizationSlug.optional(),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const resource = args.url ? resourceOfUrl(args.url) : args.resourceType && args.resourceId ? { type: args.resourceType, id: args.resourceId } : null;
    if (!resource) throw new AppError("bad_request", args.url ? "This URL names no issue, event, trace, replay or monitor Lantern knows." : "Give url, or resourceType with resourceId.");
    const organization = context.config.auth.organizationSlug;
    switch (resource.type) {
      case "issue":
        return getIssueDetails.run(context, { organizationSlug: organization, issueId: resource.id });
      case "event":
        return getIssueDetails.run(context, { organizationSlug: organization, ...("issueId" in resource && resource.issueId ? { issueId: resource.issueId } : {}), eventId: resource.id.toLowerCase() });
      case "trace":
        return getTraceDetails.run(context, { organizationSlug: organization, traceId: resource.id });
      case "replay":
        return getReplayDetails.run(context, { organizationSlug: organization, replayId: resource.id });
      case "monitor":
        return getMonitorDetails.run(context, getMonitorDetailsDefaults(organization, resource.id));
      default:
        throw new AppError("bad_request", `Lantern holds no ${resource.type.replace("_", " ")}s.`);
    }
  },
});

function getMonitorDetailsDefaults(organizationSlug: string, monitorSlug: string) {
  return { organizationSlug, monitorSlug, projectSlugOrId: null, environment: null, period: null, start: null, end: null, checkInLimit: 10, includeStats: true, rollupSeconds: null };
}
