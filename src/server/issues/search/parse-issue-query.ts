import { issueCategoryNames, issueLevels, issueStates, type IssueFilter, type IssueQueryError, type ParsedIssueQuery } from "./issue-query";
import { parseCountValue, parseTimeValue } from "./parse-filter-values";
import { tokenizeIssueQuery, type QueryToken } from "./tokenize-issue-query";
import { ownValue } from "@/lib/own-value";
import { parseTraceId } from "@/lib/trace-id";

/**
 * The issue list's search language, a subset of Sentry's issue search:
 *
 *   query    = term*                      (terms separated by spaces; all must hold)
 *   term     = ["!"] key ":" value        (! negates)
 *            | word | '"' phrase '"'      (free text: each must appear in the title or culprit, any case)
 *   value    = bare | '"' text '"'        (\" and \\ escape inside quotes)
 *
 *   is:unresolved|resolved|ignored|archived|regressed|new|ongoing|escalating
 *   level:fatal|error|warning|info|debug
 *   is:unhandled  error.handled:yes|no  error.unhandled:true|false  error.type:T  error.value:TEXT
 *   release:V|latest  first-release:V|latest   (latest: the project's newest release, each project its own)
 *   environment:V  user.id:V  user.email:V  user.username:V  user.ip:V
 *   assigned:me|my_teams|none|#TEAM|EMAIL|NAME   bookmarks:me   issue.priority:high|medium|low
 *            (me: assigned to the viewer directly; my_teams: to a team the viewer belongs to, as in Sentry)
 *   trace:TRACEID     (32 hex digits: issues with an event of that trace)
 *   has:TAGKEY        TAGKEY:V  (any other key, e.g. browser.name:Chrome)
 *   first-seen:T  last-seen:T    T = -24h | +7d | [>|>=|<|<=]YYYY-MM-DD[THH:MM[:SS][Z|±HH:MM]]
 *   times-seen:N  users:N        N = [>|>=|<|<=|=]digits
 *   id:EVENTID  event.id:EVENTID  (or the event id alone as a word: the issue of that event)
 *   issue.id:N  issue:SHORT-ID   issue.category:error|performance|cron|uptime|feedback
 *
 * Sentry's spellings are accepted too: firstSeen, lastSeen, timesSeen, userCount (any case, with or
 * without the hyphen), and `age:-24h` for first-seen.
 *
 * Anything else (a bad value for a known key, an empty value, an unclosed quote) is an error with its
 * position. Whether a tag key exists is not the parser's to say: find-unknown-search-key.ts asks the
 * database before the query runs. Pure: the caller supplies `now` when the query runs (search-issues.ts).
 */
export function parseIssueQuery(text: string): ParsedIssueQuery {
  const tokenized = tokenizeIssueQuery(text);
  if (!tokenized.ok) return tokenized;
  const filters: IssueFilter[] = [];
  for (const token of tokenized.tokens) {
    if (token.kind === "text") {
      // A Sentry event id pasted as the query (as Sentry's MCP server looks an event up): its issue.
      const eventId = eventIdOf(token.value);
      filters.push(eventId ? { kind: "event", eventId, negated: false } : { kind: "text", value: token.value });
      continue;
    }
    const filter = parseFilter(token);
    if ("message" in filter) return { ok: false, error: filter };
    filters.push(filter);
  }
  return { ok: true, query: { text: text.trim(), filters } };
}

const userFields: Record<string, "id" | "email" | "username" | "ip"> = { "user.id": "id", "user.email": "email", "user.username": "username", "user.ip": "ip" };

type FilterToken = Extract<QueryToken, { kind: "filter" }>;

function parseFilter(token: FilterToken): IssueFilter | IssueQueryError {
  const { key, value, negated } = token;
  const valueError = (message: string): IssueQueryError => ({ message: `${key}: ${message}`, position: token.valueStart, length: token.end - token.valueStart });
  if (value === "") return { message: `${key}: needs a value, as in ${example(key)}`, position: token.start, length: token.end - token.start };
  const lowered = ownValue(sentryKeySpellings, key.toLowerCase()) ?? key.toLowerCase();
  switch (lowered) {
    case "is": {
      const state = value.toLowerCase();
      // Sentry's is:unhandled: an issue some event of which crashed without the app catching it.
      if (state === "unhandled") return { kind: "tag", key: "handled", value: "no", negated };
      if (!isOneOf(issueStates, state)) return valueError(`“${value}” is not a state; use one of ${[...issueStates, "unhandled"].join(", ")}`);
      return { kind: "state", value: state, negated };
    }
    case "level": {
      const level = value.toLowerCase();
      if (!isOneOf(issueLevels, level)) return valueError(`“${value}” is not a level; use one of ${issueLevels.join(", ")}`);
      return { kind: "level", value: level, negated };
    }
    case "release":
      if (value === "latest") return { kind: "release", field: "seen", release: { kind: "latest" }, negated };
      return { kind: "tag", key: lowered, value, negated };
    case "first-release":
    case "firstrelease":
      return { kind: "release", field: "first", release: value === "latest" ? { kind: "latest" } : { kind: "version", version: value }, negated };
    case "environment":
      return { kind: "tag", key: lowered, value, negated };
    case "user.id":
    case "user.email":
    case "user.username":
    case "user.ip":
      return { kind: "user", field: userFields[lowered]!, value, negated };
    case "error.type":
    case "error.value":
      return { kind: "error", field: lowered === "error.type" ? "type" : "value", value, negated };
    case "error.handled":
    case "error.unhandled": {
      const answer = yesOrNo(value);
      if (answer === null) return valueError(`“${value}” is not yes or no (true or false)`);
      return { kind: "tag", key: "handled", value: answer === (lowered === "error.handled") ? "yes" : "no", negated };
    }
    case "assigned": {
      const to = value.toLowerCase();
      if (to === "#") return valueError("needs a team's slug after #, as in assigned:#backend");
      return { kind: "assigned", to: to === "me" ? { kind: "me" } : to === "my_teams" ? { kind: "my_teams" } : to === "none" ? { kind: "none" } : value.startsWith("#") ? { kind: "team", slug: value.slice(1) } : { kind: "name", name: value }, negated };
    }
    case "bookmarks":
      if (value.toLowerCase() !== "me") return valueError(`only bookmarks:me is searchable (one's own bookmarks), not “${value}”`);
      return { kind: "bookmarked", negated };
    case "issue.priority": {
      const priority = value.toLowerCase();
      if (priority !== "high" && priority !== "medium" && priority !== "low") return valueError(`“${value}” is not a priority; use high, medium or low`);
      return { kind: "priority", value: priority, negated };
    }
    case "trace": {
      const traceId = parseTraceId(value);
      if (traceId === null) return valueError(`“${value}” is not a trace id (32 hexadecimal digits)`);
      return { kind: "trace", traceId, negated };
    }
    case "has":
      if (!/^[A-Za-z0-9_.-]+$/.test(value)) return valueError(`expects a tag key, as in has:release, not “${value}”`);
      return { kind: "has", key: value, negated };
    case "first-seen":
    case "last-seen": {
      const time = parseTimeValue(value);
      if (typeof time === "string") return valueError(time);
      return { kind: "time", field: lowered === "first-seen" ? "first_seen" : "last_seen", ...time, negated };
    }
    case "times-seen":
    case "users": {
      const count = parseCountValue(value);
      if (typeof count === "string") return valueError(count);
      return { kind: "count", field: lowered === "users" ? "users_seen" : "times_seen", ...count, negated };
    }
    case "id":
    case "event.id": {
      const eventId = eventIdOf(value);
      if (eventId === null) return valueError(`“${value}” is not an event id (32 hexadecimal digits)`);
      return { kind: "event", eventId, negated };
    }
    case "issue":
    case "issue.id": {
      const match = /^(?:[A-Za-z0-9_-]+-)?(\d{1,15})$/.exec(value);
      if (!match || Number(match[1]) <= 0) return valueError(`“${value}” is not an issue id or short id (SHOP-42)`);
      return { kind: "issue", issueId: Number(match[1]), negated };
    }
    case "issue.category": {
      const category = value.toLowerCase();
      if (!isOneOf(issueCategoryNames, category)) return valueError(`“${value}” is not a category; use one of ${issueCategoryNames.join(", ")}`);
      return { kind: "category", value: category, negated };
    }
    default:
      return { kind: "tag", key, value, negated };
  }
}

/** Sentry's issue-search spellings of Lantern's keys (lower-cased). */
const sentryKeySpellings: Record<string, string> = { firstseen: "first-seen", lastseen: "last-seen", age: "first-seen", timesseen: "times-seen", usercount: "users", "times_seen": "times-seen", "first_seen": "first-seen", "last_seen": "last-seen" };

/** A 32-hex event id (dashes of a UUID allowed) in lower case, or null. */
function eventIdOf(text: string): string | null {
  const compact = text.replace(/-/g, "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(compact) && (compact.length === text.length || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) ? compact : null;
}

function yesOrNo(value: string): boolean | null {
  const lowered = value.toLowerCase();
  if (["yes", "true", "1"].includes(lowered)) return true;
  if (["no", "false", "0"].includes(lowered)) return false;
  return null;
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

function example(key: string): string {
  const examples: Record<string, string> = { is: "is:unresolved", level: "level:error", has: "has:release", "first-release": "first-release:latest", "first-seen": "first-seen:-24h", "last-seen": "last-seen:-24h", "times-seen": "times-seen:>10", users: "users:>=3", assigned: "assigned:me", bookmarks: "bookmarks:me", "issue.priority": "issue.priority:high", "error.handled": "error.handled:no", "error.unhandled": "error.unhandled:true", "error.type": "error.type:TypeError", trace: "trace:4bf92f3577b34da6a3ce929d0e0e4736" };
  return ownValue(examples, key.toLowerCase()) ?? `${key}:value`;
}
