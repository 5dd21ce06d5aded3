import type { BreadcrumbView, ExceptionView } from "@/lib/event-payload";
import type { IssueHints } from "@/lib/views/issues";

/**
 * What an issue brief is made of: plain data, read by getIssueBrief (src/server/issues/get-issue-brief.ts)
 * from the stored — scrubbed — event, the issue's counters and its hints. Every string that came from an
 * event is untrusted; the formatters put it only in code spans and fenced blocks (markdown-text.ts).
 */
export interface BriefIssue {
  id: number;
  /** Sentry's short id (`SHOP-12`), which Sentry's MCP tools take as `issueId`. */
  shortId: string;
  title: string;
  culprit: string;
  level: string;
  status: string;
  substatus: string | null;
  priority: string;
  timesSeen: number;
  usersSeen: number;
  /** Epoch ms. */
  firstSeen: number;
  lastSeen: number;
  firstRelease: string | null;
  lastRelease: string | null;
}

export interface BriefEvent {
  eventId: string;
  /** Epoch ms. */
  timestamp: number;
  /** The exception chain, the reported error first, then its causes; frames newest first. */
  exceptions: ExceptionView[];
  message: string | null;
  /** Oldest first, as stored. */
  breadcrumbs: BreadcrumbView[];
  tags: [string, string][];
  release: string | null;
  environment: string | null;
  /** A valid (32 hex) trace id, or null. */
  traceId: string | null;
  transaction: string | null;
  request: { method: string | null; url: string | null } | null;
}

/** Absolute URLs of this Lantern (config.publicUrl), never built from event data. */
export interface BriefLinks {
  issue: string;
  event: string | null;
  trace: string | null;
  /** The built-in MCP server (`<publicUrl>/mcp`). */
  mcp: string;
  /** Docs → AI agents. */
  docs: string;
}

export interface IssueBriefInput {
  organizationSlug: string;
  project: { slug: string; name: string };
  issue: BriefIssue;
  /** The event the brief is about (null: none of the issue's events is stored any more). */
  event: BriefEvent | null;
  hints: IssueHints | null;
  links: BriefLinks;
}

export interface IssueBrief {
  markdown: string;
  /** Whether parts were shortened or left out to stay under the size cap. */
  truncated: boolean;
}

export type BriefVariant = "full" | "identifiers";

/** The most a brief may be, in UTF-8 bytes: a fair share of a prompt, and what the MCP tool answers with. */
export const briefByteCap = 16 * 1024;
