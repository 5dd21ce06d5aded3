import type { IssueBrief, IssueBriefInput } from "./brief-input";
import { inlineCode } from "./markdown-text";

/** A string argument as Sentry's MCP tools are written in prompts and skills: double-quoted, JSON escapes. */
const argument = (value: string) => JSON.stringify(value);

/**
 * The issue by its identifiers only, for teams who keep event data out of prompts: ids, slugs, the event
 * id and release, links, and the MCP call (Sentry's tool and argument names, which Lantern's own /mcp
 * answers too) that fetches the rest under the agent's own token. No title, message, frame or tag value.
 */
export function formatIdentifiersBrief({ organizationSlug, project, issue, event, links }: IssueBriefInput): IssueBrief {
  const call = `get_issue_details(organizationSlug=${argument(organizationSlug)}, issueId=${argument(issue.shortId)}${event ? `, eventId=${argument(event.eventId)}` : ""})`;
  const lines = [
    `# Lantern issue ${issue.shortId.replace(/[^A-Za-z0-9-]/g, "")}`,
    "",
    "Identifiers only: this brief leaves out the event's data (message, stack frames, tags). Fetch the details with Lantern's MCP server.",
    "",
    `- Issue: ${inlineCode(issue.shortId)} (id ${issue.id})`,
    `- Project: ${inlineCode(project.slug)}`,
    `- Organization: ${inlineCode(organizationSlug)}`,
    ...(event ? [`- Event: ${inlineCode(event.eventId)}`] : []),
    ...(event?.release ? [`- Release: ${inlineCode(event.release, 200)}`] : issue.lastRelease ? [`- Release: ${inlineCode(issue.lastRelease, 200)}`] : []),
    `- Issue page: ${links.issue}`,
    ...(links.event ? [`- Event page: ${links.event}`] : []),
    "",
    "## Fetch the rest",
    "",
    "```text",
    call,
    "```",
    "",
    `Lantern's MCP server: ${links.mcp} (Streamable HTTP; OAuth, or \`Authorization: Bearer <Lantern API token>\`). To connect an agent, for example Claude Code:`,
    "",
    "```sh",
    `claude mcp add --transport http lantern ${links.mcp}`,
    "```",
    "",
    `More clients: ${links.docs}`,
  ];
  return { markdown: lines.join("\n"), truncated: false };
}
