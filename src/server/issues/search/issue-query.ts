/**
 * The parsed form of the issue list's search language (grammar in parse-issue-query.ts). Pure data: the
 * parser builds it, search-issues turns it into SQL, and pages may show it back.
 */

export const issueStates = ["unresolved", "resolved", "ignored", "archived", "regressed", "new", "ongoing", "escalating"] as const;
export type IssueState = (typeof issueStates)[number];

export const issueLevels = ["fatal", "error", "warning", "info", "debug"] as const;
export type IssueLevel = (typeof issueLevels)[number];

/** The categories Lantern has issues of; `feedback` is searchable and matches none (feedback is not an issue here). */
export const issueCategoryNames = ["error", "performance", "cron", "uptime", "feedback"] as const;
export type IssueCategoryName = (typeof issueCategoryNames)[number];

export type Comparison = "=" | ">" | ">=" | "<" | "<=";

/** A moment in a time filter: relative to the search's `now`, or absolute (epoch ms, UTC). */
export type TimePoint = { kind: "ago"; ms: number } | { kind: "at"; ms: number };

export type IssueFilter =
  | { kind: "text"; value: string }
  | { kind: "state"; value: IssueState; negated: boolean }
  | { kind: "level"; value: IssueLevel; negated: boolean }
  /** A tag value counted on the issue (issue_tag_values), including the derived release, environment and user. */
  | { kind: "tag"; key: string; value: string; negated: boolean }
  | { kind: "has"; key: string; negated: boolean }
  /**
   * `release:latest` (`field` "seen": an event of the issue came with the project's newest release) and
   * `first-release:V` / `first-release:latest` (`field` "first": the issue's first event came with it). The
   * newest release is each project's own: the one it first saw last.
   */
  | { kind: "release"; field: "seen" | "first"; release: { kind: "latest" } | { kind: "version"; version: string }; negated: boolean }
  /** One of the user's identifiers: the event's `user.<field>` tag, or its user key (all digest kept before those tags). */
  | { kind: "user"; field: "id" | "email" | "username" | "ip"; value: string; negated: boolean }
  /** The crashing exception's type (the `error.type` tag, or the title of issues from before it) or message (in the title). */
  | { kind: "error"; field: "type" | "value"; value: string; negated: boolean }
  /**
   * Who the issue is assigned to: the viewer directly, any team the viewer belongs to (`my_teams`), nobody,
   * a team by slug (`#slug`), a person by e-mail or name.
   */
  | { kind: "assigned"; to: { kind: "me" } | { kind: "my_teams" } | { kind: "none" } | { kind: "team"; slug: string } | { kind: "name"; name: string }; negated: boolean }
  /** `bookmarks:me`: the viewer bookmarked the issue. */
  | { kind: "bookmarked"; negated: boolean }
  | { kind: "priority"; value: "high" | "medium" | "low"; negated: boolean }
  /** `trace:<id>`: some event of the issue belongs to that trace (events.trace_id, 32 lowercase hex). */
  | { kind: "trace"; traceId: string; negated: boolean }
  /** "=" on a whole day (a date without time) means that UTC day. */
  | { kind: "time"; field: "first_seen" | "last_seen"; op: Comparison; point: TimePoint; negated: boolean }
  /** `id:`/`event.id:` or a bare 32-hex event id: the issue that event joined (32 lowercase hex). */
  | { kind: "event"; eventId: string; negated: boolean }
  /** `issue.id:42` or `issue:SHOP-42`: that issue (its number; a short id's project prefix is not checked). */
  | { kind: "issue"; issueId: number; negated: boolean }
  /** `issue.category:`: Sentry's category, from the issue's type (lib/issue-types.ts). */
  | { kind: "category"; value: IssueCategoryName; negated: boolean }
  | { kind: "count"; field: "times_seen" | "users_seen"; op: Comparison; value: number; negated: boolean };

export interface IssueQuery {
  /** The text as typed (trimmed), for the search bar and links. */
  text: string;
  /** All must hold (AND). */
  filters: IssueFilter[];
}

/** Where and why a query could not be read; `position` and `length` are in UTF-16 code units of the text. */
export interface IssueQueryError {
  message: string;
  position: number;
  length: number;
}

export type ParsedIssueQuery = { ok: true; query: IssueQuery } | { ok: false; error: IssueQueryError };

/** What the list searches when the URL names no query. */
export const defaultIssueQuery = "is:unresolved";
