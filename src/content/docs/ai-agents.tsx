import Link from "next/link";
import { CodeBlock } from "@/components/ui/code-block";
import type { DocContentProps } from "./doc-content-props";
import type { DocSection } from "./doc-section";
import { defaultExampleUrl } from "./example-dsn";

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const aiAgentsSections: DocSection[] = [
  { id: "mcp-server", title: "Lantern's MCP server" },
  { id: "connecting", title: "Connecting an agent" },
  { id: "sentry-mcp-server", title: "Sentry's MCP server" },
  { id: "tools", title: "Tools" },
  { id: "access-limits-audit", title: "Access, limits and audit" },
  { id: "copy-for-llms", title: "Copy for LLMs" },
];

/** Sentry's tool names, as Lantern's /mcp answers them; `isWrite`: the tool changes something. */
export const mcpTools: { name: string; isWrite: boolean; summary: string }[] = [
  { name: "whoami", isWrite: false, summary: "who the token or OAuth grant belongs to" },
  { name: "find_organizations", isWrite: false, summary: "the instance's organization (a Lantern instance is one)" },
  { name: "find_teams", isWrite: false, summary: "teams" },
  { name: "find_projects", isWrite: false, summary: "projects you can see" },
  { name: "find_dsns", isWrite: false, summary: "a project's DSNs" },
  { name: "find_releases", isWrite: false, summary: "releases, newest first" },
  { name: "find_monitors", isWrite: false, summary: "cron monitors" },
  { name: "get_monitor_details", isWrite: false, summary: "a cron monitor's schedule, environments and recent check-ins" },
  { name: "find_uptime_monitors", isWrite: false, summary: "uptime monitors, up or down, with 24 h uptime" },
  { name: "get_uptime_monitor_details", isWrite: false, summary: "an uptime monitor's recent checks, why they failed, and its incidents" },
  { name: "get_release_details", isWrite: false, summary: "a release's projects, new issues, commits and deploys" },
  { name: "search_issues", isWrite: false, summary: "issues by Sentry's search syntax (is:unresolved, firstSeen:-24h, sort=recommended…)" },
  { name: "get_sentry_resource", isWrite: false, summary: "whatever a Lantern (or Sentry-style) URL names: an issue, an event, a trace, a session replay or a cron monitor" },
  { name: "get_issue_details", isWrite: false, summary: "an issue (by short id, id, URL or event id) as the full Copy for LLMs brief" },
  { name: "get_issue_tag_values", isWrite: false, summary: "a tag's values across an issue's events" },
  { name: "get_issue_activity", isWrite: false, summary: "an issue's activity and notes" },
  { name: "get_issue_user_reports", isWrite: false, summary: "what users wrote about an issue (user feedback)" },
  { name: "search_events", isWrite: false, summary: "error events (and logs and spans where stored)" },
  { name: "search_issue_events", isWrite: false, summary: "the events of one issue" },
  { name: "get_trace_details", isWrite: false, summary: "a trace's spans and errors" },
  { name: "get_replay_details", isWrite: false, summary: "a session replay: who, which pages, its errors, and what the user did (clicks, console errors, failed requests) at which moment" },
  { name: "update_issue", isWrite: true, summary: "resolve, ignore (also for a while), reopen or assign an issue" },
  { name: "add_issue_note", isWrite: true, summary: "comment on an issue" },
];

/** Lantern's own tools on top of Sentry's. */
export const lanternTools: { name: string; summary: string }[] = [
  { name: "get_issue_hints", summary: "what stands out: the suspect release and over-represented tag values" },
  { name: "explain_grouping", summary: "why events were grouped into this issue" },
  { name: "find_by_digest", summary: "a Next.js error digest (the “Digest:” line of an error page) → its server event" },
  { name: "get_frame_diagnosis", summary: "why a frame is still minified (source maps)" },
];

/** The connect snippets for an instance at `publicUrl` (LANTERN_URL), as the page shows them. */
export function mcpConnectSnippets(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, "");
  const mcpUrl = `${base}/mcp`;
  const url = new URL(base);
  const isPlainHttp = url.protocol === "http:";
  return {
    mcpUrl,
    hasPathPrefix: url.pathname.replace(/\/+$/, "") !== "",
    claudeCode: `claude mcp add --transport http lantern ${mcpUrl}`,
    claudeCodeWithToken: `claude mcp add --transport http lantern ${mcpUrl} \\\n  --header "Authorization: Bearer <Lantern API token>"`,
    cursor: JSON.stringify({ mcpServers: { lantern: { url: mcpUrl, headers: { Authorization: "Bearer <Lantern API token>" } } } }, null, 2),
    vscode: JSON.stringify(
      {
        servers: { lantern: { type: "http", url: mcpUrl, headers: { Authorization: "Bearer ${input:lantern-token}" } } },
        inputs: [{ type: "promptString", id: "lantern-token", description: "Lantern API token", password: true }],
      },
      null,
      2,
    ),
    sentryMcp: `npx @sentry/mcp-server@latest --host=${url.host} --access-token=<Lantern API token>${isPlainHttp ? " --insecure-http" : ""}`,
    sentryMcpInClaudeCode: `claude mcp add sentry-lantern -- npx @sentry/mcp-server@latest \\\n  --host=${url.host} --access-token=<Lantern API token>${isPlainHttp ? " --insecure-http" : ""}`,
    isPlainHttp,
  };
}

export function AiAgents({ instance }: DocContentProps) {
  const snippets = mcpConnectSnippets(instance?.url ?? defaultExampleUrl);
  return (
    <>
      <p>
        Coding agents and chat assistants can triage Lantern&apos;s issues themselves: search them, read an issue with its stack and breadcrumbs, look at a trace, and resolve or comment. Lantern
        speaks the Model Context Protocol (MCP) for this, with the tool names of Sentry&apos;s own MCP server, so prompts and skills written for Sentry work unchanged. No LLM runs inside Lantern:
        the agent is yours, and it sees only what its token may read.
      </p>

      <h2 id="mcp-server">Lantern&apos;s MCP server</h2>
      <p>
        Lantern serves MCP itself at <code>{snippets.mcpUrl}</code> (Streamable HTTP). An agent signs in one of two ways:
      </p>
      <ul>
        <li>
          <strong>OAuth</strong>: clients that support it discover it from the server&apos;s answer and open Lantern in the browser, where you sign in and consent; the grant is read or read and
          write, and can be revoked in <Link href="/settings/account">Settings → Account</Link>.
        </li>
        <li>
          <strong>An API token</strong> in <code>Authorization: Bearer …</code>: create one in <Link href="/settings/account">Settings → Account</Link> with the scope <em>read</em> (the agent
          looks) or <em>read and write</em> (it may also resolve, ignore, assign and comment).
        </li>
      </ul>

      <h2 id="connecting">Connecting an agent</h2>
      <p>
        <strong>Claude Code</strong>, with OAuth (run <code>/mcp</code> in Claude Code to sign in) or with a token:
      </p>
      <CodeBlock code={snippets.claudeCode} label="Claude Code" />
      <CodeBlock code={snippets.claudeCodeWithToken} label="Claude Code with a token" />
      <p>
        <strong>Cursor</strong>: in <code>.cursor/mcp.json</code> of the project (or <code>~/.cursor/mcp.json</code> for all of them). Leave <code>headers</code> out to sign in with OAuth
        instead.
      </p>
      <CodeBlock code={snippets.cursor} label=".cursor/mcp.json" />
      <p>
        <strong>VS Code</strong> (Copilot&apos;s agent mode): in <code>.vscode/mcp.json</code>; VS Code asks for the token once and keeps it in its secret storage. Without <code>headers</code> it
        offers OAuth.
      </p>
      <CodeBlock code={snippets.vscode} label=".vscode/mcp.json" />

      <h2 id="sentry-mcp-server">Sentry&apos;s MCP server</h2>
      <p>
        Sentry&apos;s own MCP server (<code>@sentry/mcp-server</code> on npm, over stdio; Node 22.13 or later) works against Lantern too, with a Lantern API token: give it Lantern&apos;s host
        {snippets.isPlainHttp ? (
          <>
            {" "}
            and, since this instance is served over plain HTTP, <code>--insecure-http</code>
          </>
        ) : null}
        .
      </p>
      <CodeBlock code={snippets.sentryMcp} label="Sentry MCP server" />
      <CodeBlock code={snippets.sentryMcpInClaudeCode} label="Sentry MCP server in Claude Code" />
      {snippets.hasPathPrefix ? (
        <p>
          Sentry&apos;s server takes a host only, and this instance is served under a path: point it at a host name that serves Lantern at its root, or use Lantern&apos;s own MCP server above.
        </p>
      ) : null}

      <h2 id="tools">Tools</h2>
      <p>Sentry&apos;s tools, as far as Lantern holds their data, with Sentry&apos;s names and arguments:</p>
      <ul>
        {mcpTools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code> ({tool.isWrite ? "write" : "read"}): {tool.summary}
          </li>
        ))}
      </ul>
      <p>Lantern&apos;s own, all read:</p>
      <ul>
        {lanternTools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code>: {tool.summary}
          </li>
        ))}
      </ul>
      <p>Answers are Markdown an LLM reads well, bounded in size, with links to Lantern&apos;s pages.</p>

      <h2 id="access-limits-audit">Access, limits and audit</h2>
      <ul>
        <li>
          Every tool calls the same operations as the pages and the API, so an agent sees exactly the projects its person sees (see <Link href="/docs/guides/roles">Roles and access</Link>), and a
          read token or grant cannot call a write tool.
        </li>
        <li>
          Each token (or OAuth grant) may make <code>LANTERN_MCP_CALLS_PER_MINUTE</code> requests a minute (120 by default); over the limit a request is answered 429 with the seconds
          to wait.
        </li>
        <li>
          Write tools (<code>update_issue</code>, <code>add_issue_note</code>) are recorded in the audit log and the issue&apos;s activity under the token&apos;s person, like the same change made
          on the page.
        </li>
        <li>Event data reaches the agent as Lantern stores it: scrubbed of passwords, tokens, card numbers and the other secrets data scrubbing filters.</li>
      </ul>

      <h2 id="copy-for-llms">Copy for LLMs</h2>
      <p>
        For a chat without MCP, an issue&apos;s page has <strong>Copy for LLMs</strong> next to its actions. It copies the issue as Markdown, in one of two forms:
      </p>
      <ul>
        <li>
          <strong>Full brief</strong>: title, level, status, counts, first and last seen, the error and its causes, the in-app frames with their source lines (other frames counted), the last
          breadcrumbs, tags, what stands out, the release (and a suspect release), the trace, and links to the issue, event and trace pages. It is built from the scrubbed event, so nothing
          scrubbing removed appears, and stays under 16 KiB: breadcrumbs, tags and source lines are shortened first, and the brief says so. <code>get_issue_details</code> answers with the same
          text.
        </li>
        <li>
          <strong>Identifiers only</strong>, for teams who keep event data out of prompts: the issue&apos;s short id, project, organization, event id, release and links, and the MCP call that
          fetches the rest under the agent&apos;s own token (below). No message, frame or tag value.
        </li>
      </ul>
      <CodeBlock code={`get_issue_details(organizationSlug="${instance?.org ?? "lantern"}", issueId="SHOP-12")`} label="MCP call" />
    </>
  );
}
