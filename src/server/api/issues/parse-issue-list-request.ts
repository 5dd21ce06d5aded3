import { AppError } from "../../errors";
import type { IssueSort } from "../../issues/search/issue-cursor";
import { defaultIssueQuery, type IssueFilter, type IssueQuery } from "../../issues/search/issue-query";
import { parseIssueQuery } from "../../issues/search/parse-issue-query";
import { parseCursor, parseLimit, type KeysetCursor } from "../pagination";
import type { StatsPeriod } from "./get-issue-stats";
import { ownValue } from "@/lib/own-value";

/** What both issue lists (a project's, the organization's) take from the query string. */
export interface IssueListRequest {
  query: IssueQuery;
  sort: IssueSort;
  cursor: KeysetCursor | null;
  limit: number;
  statsPeriods: StatsPeriod[];
}

/** Sentry's sort names, and Lantern's own (the dashboard's `sort=`). */
const sorts: Record<string, IssueSort> = {
  date: "last_seen",
  last_seen: "last_seen",
  new: "first_seen",
  first_seen: "first_seen",
  freq: "times_seen",
  times_seen: "times_seen",
  user: "users_seen",
  users_seen: "users_seen",
  // Sentry's default ranking weighs recency, volume and priority; Lantern's closest order is the most
  // recently seen first (what `date` gives).
  recommended: "last_seen",
};

const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * `query` in Lantern's issue search language (which reads Sentry's: is:, level:, release:, tags, times…);
 * absent means `is:unresolved`, empty means every issue. `sort`, `cursor`, `limit` (default and at most
 * 100). Stats: `statsPeriod` on a project's list, `groupStatsPeriod` on the organization's ("24h", "14d" or
 * "" for none). On the organization's list `statsPeriod` (or `start`/`end`) limits the issues to those seen
 * in that time, and `environment` to one environment, as Sentry does.
 */
export function parseIssueListRequest(params: URLSearchParams, scope: "project" | "organization"): IssueListRequest {
  const queryText = (params.get("query") ?? defaultIssueQuery).trim();
  const parsed = parseIssueQuery(queryText);
  if (!parsed.ok) throw new AppError("bad_request", `Invalid query: ${parsed.error.message}`);
  const filters: IssueFilter[] = [...parsed.query.filters];

  const sortName = params.get("sort") || "date";
  const sort = ownValue(sorts, sortName);
  if (!sort) throw new AppError("bad_request", `Unsupported sort "${sortName}": use date, new, freq, user or recommended.`);

  const statsName = scope === "project" ? params.get("statsPeriod") : params.get("groupStatsPeriod");
  const statsPeriods = readStatsPeriod(statsName ?? "24h", scope === "project" ? "statsPeriod" : "groupStatsPeriod");

  if (scope === "organization") {
    filters.push(...seenWithin(params));
    const environments = params.getAll("environment").filter((name) => name !== "");
    if (environments.length > 1) throw new AppError("bad_request", "Lantern filters by one environment at a time.");
    if (environments[0]) filters.push({ kind: "tag", key: "environment", value: environments[0], negated: false });
  }

  const cursorText = params.get("cursor");
  return {
    query: { text: parsed.query.text, filters },
    sort,
    cursor: cursorText ? parseCursor(cursorText) : null,
    limit: parseLimit(params, 100),
    statsPeriods,
  };
}

function readStatsPeriod(value: string, name: string): StatsPeriod[] {
  if (value === "") return [];
  if (value === "24h" || value === "auto") return ["24h"];
  if (value === "14d") return ["14d"];
  throw new AppError("bad_request", `Invalid ${name}: use "24h", "14d" or "".`);
}

/** `statsPeriod=14d` (s m h d w), or `start` and `end` (ISO 8601): issues seen in that time. */
function seenWithin(params: URLSearchParams): IssueFilter[] {
  const period = params.get("statsPeriod");
  if (period) {
    const match = /^(\d{1,6})([smhdw])$/.exec(period);
    if (!match) throw new AppError("bad_request", `Invalid statsPeriod "${period}": use a number and one of s, m, h, d, w, as in 14d.`);
    return [{ kind: "time", field: "last_seen", op: ">=", point: { kind: "ago", ms: Number(match[1]) * unitMs[match[2]!]! }, negated: false }];
  }
  const start = params.get("start");
  const end = params.get("end");
  if (!start && !end) return [];
  const at = (text: string | null, name: string) => {
    const ms = text ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(ms)) throw new AppError("bad_request", `Give both start and end as ISO 8601 times (${name} is missing or invalid).`);
    return ms;
  };
  const [from, to] = [at(start, "start"), at(end, "end")];
  return [
    { kind: "time", field: "last_seen", op: ">=", point: { kind: "at", ms: from }, negated: false },
    { kind: "time", field: "first_seen", op: "<", point: { kind: "at", ms: to }, negated: false },
  ];
}
