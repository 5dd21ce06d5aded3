import type { IssueBrief, IssueBriefInput, BriefVariant } from "@/lib/llm-brief/brief-input";
import { formatIdentifiersBrief } from "@/lib/llm-brief/format-identifiers-brief";
import { formatIssueBrief } from "@/lib/llm-brief/format-issue-brief";
import { readBriefEvent } from "@/lib/llm-brief/read-brief-event";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { shortIdOf } from "../api/issues/serialize-issue";
import { scrubEvent, textScrubbingFor } from "../digest/scrub-event";
import { scrubText } from "../digest/scrub-text";
import { getIssueEvent } from "../events/get-issue-event";
import { loadDigestConfigs } from "../projects/load-digest-configs";
import { getIssue } from "./get-issue";
import { getIssueHints } from "./get-issue-hints";
export type { IssueBrief, BriefVariant } from "@/lib/llm-brief/brief-input";

interface GetIssueBriefInput {
  issueId: number;
  /** The event to brief (32 hex digits, dashes allowed); the issue's latest when absent. */
  eventId?: string;
  variant: BriefVariant;
}

/**
 * "Copy for LLMs" (the issue page) and the MCP server's `get_issue_details`: the issue as Markdown, either
 * the full brief (lib/llm-brief/format-issue-brief: error chain, in-app frames, breadcrumbs, tags, hints,
 * release, trace, capped at 16 KiB) or its identifiers only. Built from the stored event, which digest
 * scrubbed under the project's settings of then; it is scrubbed again under the settings of now (as the
 * received envelope's page is), and so are the issue's title and culprit and the hints' tag values, so a
 * key or rule added since also holds here.
 */
export async function getIssueBrief(context: AccessContext, { issueId, eventId, variant }: GetIssueBriefInput): Promise<IssueBrief> {
  await authorizeIssues(context, variant === "full" ? "event.read" : "issue.read", [issueId]);
  const issue = await getIssue(context.db, issueId);
  const project = await context.db.selectFrom("projects").select(["id", "slug", "name"]).where("id", "=", issue.project_id).executeTakeFirstOrThrow();
  const [event, hints, configOf] = await Promise.all([
    getIssueEvent(context, { projectId: project.id, issueId, event: eventId ? { eventId } : "latest" }),
    variant === "full" ? getIssueHints(context, issueId) : null,
    loadDigestConfigs(context.db, [project.id]),
  ]);
  const scrubbing = configOf(project.id).scrubbing;
  const text = textScrubbingFor(scrubbing);
  const scrub = (value: string) => (scrubbing.isEnabled ? scrubText(value, text) : value);
  if (event) scrubEvent(event.payload, scrubbing);

  const base = context.config.publicUrl;
  const issuePath = `${base}/projects/${project.slug}/issues/${issue.id}`;
  const briefEvent = event ? readBriefEvent(event.eventId, event.timestamp, event.payload) : null;
  const input: IssueBriefInput = {
    organizationSlug: context.config.auth.organizationSlug,
    project: { slug: project.slug, name: project.name },
    issue: {
      id: issue.id,
      shortId: shortIdOf(project.slug, issue.id),
      title: scrub(issue.title),
      culprit: scrub(issue.culprit),
      level: issue.level,
      status: issue.status,
      substatus: issue.substatus,
      priority: issue.priority,
      timesSeen: issue.times_seen,
      usersSeen: issue.users_seen,
      firstSeen: issue.first_seen,
      lastSeen: issue.last_seen,
      firstRelease: issue.first_release,
      lastRelease: issue.last_release,
    },
    event: briefEvent,
    hints: hints && { ...hints, overRepresentedTags: hints.overRepresentedTags.map((tag) => ({ ...tag, value: scrub(tag.value) })) },
    links: {
      issue: issuePath,
      event: event ? `${issuePath}/events/${event.eventId}` : null,
      trace: briefEvent?.traceId ? `${base}/traces/${briefEvent.traceId}` : null,
      mcp: `${base}/mcp`,
      docs: `${base}/docs/guides/ai-agents`,
    },
  };
  return variant === "full" ? formatIssueBrief(input) : formatIdentifiersBrief(input);
}
