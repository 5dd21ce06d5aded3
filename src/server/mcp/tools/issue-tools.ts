import { z } from "zod";
import { codeSpan, fencedText, table } from "@/lib/mcp-markdown";
import { authorizeProjectId } from "../../access/authorize";
import { listApiIssueEvents } from "../../api/events/list-api-issue-events";
import { findApiIssue } from "../../api/issues/find-api-issue";
import { serializeIssueDetails } from "../../api/issues/get-api-issue";
import { listApiIssueActivities } from "../../api/issues/list-api-issue-activities";
import { listApiIssues } from "../../api/issues/list-api-issues";
import { parseIssueListRequest } from "../../api/issues/parse-issue-list-request";
import { parseIssueUpdate, updateApiIssues } from "../../api/issues/update-api-issues";
import { authorizeProjectRef } from "../../api/projects/authorize-project-ref";
import type { ApiIssue } from "../../api/schemas";
import { AppError } from "../../errors";
import { listIssueFeedback } from "../../feedback/list-issue-feedback";
import { addIssueComment } from "../../issues/add-issue-comment";
import { getIssueBrief } from "../../issues/get-issue-brief";
import { getIssueTagDistribution } from "../../issues/get-issue-tag-distribution";
import { defineTool } from "../mcp-tool";
import { checkOrganization, issueId, issueRefOf, issueUrl, organizationSlug, regionUrl } from "./arguments";

const issueArguments = { organizationSlug: organizationSlug.optional(), regionUrl, issueId: issueId.optional(), issueUrl: issueUrl.optional() };
const iso = (ms: number) => new Date(ms).toISOString();

function issueLine(issue: ApiIssue): string {
  return `- **${issue.shortId}** ${codeSpan(issue.title)} — ${issue.status}, ${issue.level}, ${issue.count} events, ${issue.userCount} users, last seen ${issue.lastSeen} — [open](${issue.permalink})`;
}

export const searchIssues = defineTool({
  name: "search_issues",
  title: "Search issues",
  description:
    "Search grouped issues with Sentry's issue search syntax (is:unresolved, level:error, firstSeen:-24h, lastSeen:-7d, userCount:>10, release:…, environment:…, issue.category:cron, assigned:me, tag:value, free text, or an event id). Returns a list of issues, not counts.",
  input: {
    organizationSlug,
    query: z.string().max(2000).default("is:unresolved").describe("Sentry issue search syntax."),
    sort: z.enum(["date", "freq", "new", "user", "recommended"]).default("date").describe("date (last seen), freq (events), new (first seen), user (users), recommended."),
    projectSlugOrId: z.string().max(100).nullable().default(null).describe("Only this project (slug or numeric id)."),
    regionUrl,
    limit: z.number().min(1).max(100).default(10).describe("How many issues at most (default 10)."),
    period: z.enum(["24h", "7d", "14d", "30d", "90d"]).default("30d").describe("Only issues seen in this period."),
    includeExplanation: z.boolean().default(false).describe("Accepted for compatibility: Lantern runs no LLM, so the query is used as given."),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const params = new URLSearchParams({ query: args.query, sort: args.sort, limit: String(Math.floor(args.limit)), statsPeriod: args.period, groupStatsPeriod: "" });
    let projectId: number | undefined;
    if (args.projectSlugOrId) {
      projectId = /^\d+$/.test(args.projectSlugOrId) ? (await authorizeProjectId(context, "issue.list", Number(args.projectSlugOrId))).id : (await authorizeProjectRef(context, "issue.list", args.projectSlugOrId)).project.id;
    }
    const page = await listApiIssues(context, { projectId, request: parseIssueListRequest(params, "organization") });
    const heading = `# Issues matching ${codeSpan(args.query)}${args.projectSlugOrId ? ` in ${codeSpan(args.projectSlugOrId)}` : ""}`;
    if (page.issues.length === 0) return `${heading}\n\nNo issue matches (period ${args.period}).`;
    return [heading, "", `${page.issues.length} issue${page.issues.length === 1 ? "" : "s"}, sorted by ${args.sort}:`, "", ...page.issues.map(issueLine), "", "Use get_issue_details with an issue's short id for its stack trace and tags."].join("\n");
  },
});

export const getIssueDetails = defineTool({
  name: "get_issue_details",
  title: "Issue details",
  description:
    "One issue in full, as Markdown: the error and its cause chain, in-app frames with source lines, breadcrumbs, tags, what stands out, release and trace, with links. Name it by issueId (short id or number) or issueUrl; add eventId for one event (default the newest), or give eventId alone to find its issue.",
  input: { organizationSlug: organizationSlug.optional(), regionUrl, issueId: issueId.optional(), eventId: z.string().regex(/^[0-9a-fA-F]{32}$/).optional(), issueUrl: issueUrl.optional() },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const eventId = args.eventId?.toLowerCase();
    let id: number;
    if (args.issueId || args.issueUrl) {
      id = (await findApiIssue(context, issueRefOf(args), "event.read")).id;
    } else if (eventId) {
      // The issue search finds an event id through the unique (project, event id) index, in visible projects only.
      const page = await listApiIssues(context, { request: parseIssueListRequest(new URLSearchParams({ query: eventId, limit: "1" }), "organization") });
      const found = page.issues[0];
      if (!found) throw new AppError("not_found", `No event ${eventId} in a project you can see (it may not have arrived, or was pruned).`);
      id = Number(found.id);
    } else {
      throw new AppError("bad_request", "Give issueId or issueUrl (with organizationSlug), or eventId.");
    }
    return (await getIssueBrief(context, { issueId: id, eventId, variant: "full" })).markdown;
  },
});

export const searchIssueEvents = defineTool({
  name: "search_issue_events",
  title: "Search an issue's events",
  description: "List an issue's events, newest first, optionally narrowed by text in the title and by environment (environment:name).",
  input: {
    organizationSlug: organizationSlug.nullable().default(null),
    issueId: issueId.optional(),
    issueUrl: issueUrl.optional(),
    query: z.string().max(500).optional().describe("Text in the event's title, and environment:<name>."),
    sort: z.string().max(50).optional().describe("Accepted; events come newest first."),
    period: z.string().regex(/^\d+[hdw]$/).optional().describe("Only events within this period (e.g. 24h, 7d)."),
    projectSlug: z.string().max(100).nullable().default(null),
    regionUrl,
    limit: z.number().min(1).max(100).default(50),
    includeExplanation: z.boolean().default(false),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug ?? undefined);
    const ref = issueRefOf(args);
    const params = new URLSearchParams({ limit: String(Math.floor(args.limit)) });
    let text = args.query ?? "";
    text = text.replace(/(?:^|\s)environment:("[^"]*"|\S+)/, (_match, value: string) => {
      params.set("environment", value.replace(/^"|"$/g, ""));
      return " ";
    });
    if (text.trim()) params.set("query", text.trim());
    const page = await listApiIssueEvents(context, ref, params);
    const since = args.period ? Date.now() - Number(args.period.slice(0, -1)) * { h: 3_600_000, d: 86_400_000, w: 604_800_000 }[args.period.slice(-1) as "h" | "d" | "w"] : null;
    const events = page.events.filter((event) => since === null || Date.parse(event.dateCreated) >= since);
    if (events.length === 0) return `# Events of ${codeSpan(ref)}\n\nNo event matches.`;
    const rows = events.map((event) => [event.eventID, event.dateCreated, event.title, event.tags.find((tag) => tag.key === "environment")?.value, event.tags.find((tag) => tag.key === "release")?.value]);
    return [`# Events of ${codeSpan(ref)}`, "", table(["Event id", "Time", "Title", "Environment", "Release"], rows), "", "get_issue_details with issueId and eventId shows one event whole."].join("\n");
  },
});

export const getIssueTagValues = defineTool({
  name: "get_issue_tag_values",
  title: "Issue tag values",
  description: "How an issue's events are distributed over one tag's values (url, browser, os, environment, release, user, or any tag): top values with counts and shares.",
  input: { ...issueArguments, tagKey: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]*$/).max(200).describe("The tag key, e.g. browser, url, release.") },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const issue = await findApiIssue(context, issueRefOf(args), "issue.read");
    const distributions = await getIssueTagDistribution(context, issue.id, { topValues: 20 });
    const found = distributions.find((distribution) => distribution.key === args.tagKey);
    if (!found) return `# Tag ${codeSpan(args.tagKey)} of issue ${issue.id}\n\nNo event of this issue carries that tag. Tags it has: ${distributions.map((distribution) => codeSpan(distribution.key)).join(", ") || "none"}.`;
    const rows = found.topValues.map((value) => [value.value, value.count, { text: `${(value.share * 100).toFixed(1)} %` }]);
    if (found.otherCount > 0) rows.push([{ text: "(other values)" }, found.otherCount, { text: "" }]);
    return [`# Tag ${codeSpan(args.tagKey)} of issue ${issue.id}`, "", `${found.total} events carry it, with ${found.valueCount} distinct values.`, "", table(["Value", "Events", "Share"], rows)].join("\n");
  },
});

export const getIssueActivity = defineTool({
  name: "get_issue_activity",
  title: "Issue activity",
  description: "An issue's history: status changes, assignments, regressions, and its comments (notes).",
  input: { ...issueArguments, includeComments: z.boolean().default(true), limit: z.number().int().positive().max(100).default(25) },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const { activity } = await listApiIssueActivities(context, { organizationSlug: args.organizationSlug, issueRef: issueRefOf(args) });
    const entries = activity.filter((entry) => args.includeComments || entry.type !== "note").slice(0, args.limit);
    const lines = [`# Activity of issue ${codeSpan(issueRefOf(args))}`, ""];
    if (entries.length === 0) lines.push("No activity yet.");
    for (const entry of entries) {
      const text = typeof entry.data.text === "string" ? `: ${codeSpan(entry.data.text)}` : "";
      lines.push(`- ${entry.dateCreated} — ${entry.type}${entry.user ? ` by ${codeSpan(entry.user.name || entry.user.email)}` : ""}${text}`);
    }
    return lines.join("\n");
  },
});

export const addIssueNote = defineTool({
  name: "add_issue_note",
  title: "Add a note to an issue",
  description: "Add a comment (note) to an issue's activity, as the token's owner.",
  input: { ...issueArguments, text: z.string().min(1).max(4096).describe("The note, in plain text or Markdown.") },
  isWrite: true,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const issue = await findApiIssue(context, issueRefOf(args), "issue.read");
    const comment = await addIssueComment(context, { issueId: issue.id, body: args.text });
    return `Added note ${comment.id} to issue ${issue.id} at ${iso(comment.createdAt)}.`;
  },
});

export const updateIssue = defineTool({
  name: "update_issue",
  title: "Update an issue",
  description:
    "Resolve, reopen, ignore or assign an issue. status: resolved, resolvedInNextRelease, unresolved, ignored. Ignore modes: untilEscalating (default), forever, forDuration (ignoreDurationMinutes), untilOccurrenceCount (ignoreCount), untilUserCount (ignoreUserCount). assignedTo: user:<id>, team:<id or slug>, or an e-mail. reason is posted as a note.",
  input: {
    ...issueArguments,
    status: z.enum(["resolved", "resolvedInNextRelease", "unresolved", "ignored"]).optional(),
    assignedTo: z.string().max(320).optional(),
    ignoreMode: z.enum(["untilEscalating", "forever", "forDuration", "untilOccurrenceCount", "untilUserCount"]).optional(),
    ignoreDurationMinutes: z.number().int().positive().max(1_000_000_000).optional(),
    ignoreCount: z.number().int().positive().max(1_000_000_000).optional(),
    ignoreWindowMinutes: z.number().int().positive().max(1_000_000_000).optional(),
    ignoreUserCount: z.number().int().positive().max(1_000_000_000).optional(),
    ignoreUserWindowMinutes: z.number().int().positive().max(1_000_000_000).optional(),
    reason: z.string().min(1).max(4096).optional(),
  },
  isWrite: true,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    if (args.status === undefined && args.assignedTo === undefined) throw new AppError("bad_request", "Give status or assignedTo (or both).");
    const issue = await findApiIssue(context, issueRefOf(args), "issue.read");
    const body: Record<string, unknown> = {};
    if (args.status !== undefined) body.status = args.status;
    if (args.assignedTo !== undefined) body.assignedTo = args.assignedTo;
    if (args.status === "ignored") body.statusDetails = ignoreDetails(args);
    await updateApiIssues(context, [issue.id], { ...parseIssueUpdate(body), merge: undefined });
    if (args.reason) await addIssueComment(context, { issueId: issue.id, body: args.reason });
    const details = await serializeIssueDetails(context, issue.id);
    const until = details.statusDetails;
    const ignored = details.status === "ignored" ? (until.ignoreUntil ? ` until ${until.ignoreUntil}` : until.ignoreCount ? ` until ${until.ignoreCount} more events` : until.ignoreUserCount ? ` until ${until.ignoreUserCount} more users` : "") : "";
    return [`# Issue **${details.shortId}** updated`, "", `- Status: ${details.status}${ignored}`, `- Assigned to: ${details.assignedTo ? codeSpan(details.assignedTo.name) : "nobody"}`, `- Page: ${details.permalink}`].join("\n");
  },
});

function ignoreDetails(args: { ignoreMode?: string; ignoreDurationMinutes?: number; ignoreCount?: number; ignoreWindowMinutes?: number; ignoreUserCount?: number; ignoreUserWindowMinutes?: number }): Record<string, number> {
  const mode = args.ignoreMode ?? (args.ignoreDurationMinutes ? "forDuration" : args.ignoreCount ? "untilOccurrenceCount" : args.ignoreUserCount ? "untilUserCount" : "untilEscalating");
  const need = (value: number | undefined, name: string) => {
    if (value === undefined) throw new AppError("bad_request", `ignoreMode ${mode} needs ${name}.`);
    return value;
  };
  if (mode === "forDuration") return { ignoreDuration: need(args.ignoreDurationMinutes, "ignoreDurationMinutes") };
  if (mode === "untilOccurrenceCount") return { ignoreCount: need(args.ignoreCount, "ignoreCount"), ...(args.ignoreWindowMinutes ? { ignoreWindow: args.ignoreWindowMinutes } : {}) };
  if (mode === "untilUserCount") return { ignoreUserCount: need(args.ignoreUserCount, "ignoreUserCount"), ...(args.ignoreUserWindowMinutes ? { ignoreUserWindow: args.ignoreUserWindowMinutes } : {}) };
  return {};
}

export const getIssueUserReports = defineTool({
  name: "get_issue_user_reports",
  title: "Issue user reports",
  description: "What users wrote about an issue: user feedback linked to its events, newest first.",
  input: { ...issueArguments, cursor: z.string().max(100).nullable().default(null), limit: z.number().int().positive().max(100).default(25) },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const issue = await findApiIssue(context, issueRefOf(args), "feedback.list");
    const reports = await listIssueFeedback(context, issue.id, args.limit);
    if (reports.length === 0) return `# User reports of issue ${issue.id}\n\nNo user wrote about this issue.`;
    const lines = [`# User reports of issue ${issue.id}`];
    for (const report of reports) {
      lines.push("", `## From ${codeSpan(report.name ?? report.email ?? "anonymous")}${report.email ? ` (${codeSpan(report.email)})` : ""}, ${iso(report.createdAt)}`, "", fencedText(report.message));
    }
    return lines.join("\n");
  },
});

