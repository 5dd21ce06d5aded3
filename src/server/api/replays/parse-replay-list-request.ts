import { AppError } from "../../errors";
import { parseLimit } from "../pagination";

/** What `GET /organizations/{org}/replays/` takes from its query string, as the replays verb wants it. */
export interface ReplayListRequest {
  projectIds?: number[];
  projectSlugs?: string[];
  query: string;
  start?: number;
  end?: number;
  sort?: string;
  cursor?: string;
  limit: number;
}

const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * Sentry's parameters: `statsPeriod` (`14d`; s m h d w) or `start` and `end` (ISO 8601 or epoch seconds);
 * `project` (ids or slugs, repeatable, `-1` for all); `environment` (repeatable, added to the query as
 * `environment:`); `sort` or `orderBy`; `per_page` (1 to 100, default 50); `cursor`. The query itself is
 * checked by the verb, which knows Sentry's replay search syntax.
 */
export function parseReplayListRequest(params: URLSearchParams): ReplayListRequest {
  const request: ReplayListRequest = { query: (params.get("query") ?? "").slice(0, 2000), limit: parseLimit(params, 50) };
  const window = timeWindow(params);
  if (window.start !== undefined) request.start = window.start;
  if (window.end !== undefined) request.end = window.end;
  const projects = params.getAll("project").filter((value) => value !== "" && value !== "-1");
  const ids = projects.filter((value) => /^\d{1,12}$/.test(value)).map(Number);
  const slugs = projects.filter((value) => !/^\d{1,12}$/.test(value));
  if (ids.length > 0) request.projectIds = ids;
  if (slugs.length > 0) request.projectSlugs = slugs;
  const environments = params.getAll("environment").filter((value) => value !== "");
  if (environments.length > 0) {
    const filter = environments.length === 1 ? `environment:${quoted(environments[0]!)}` : `environment:[${environments.map(quoted).join(",")}]`;
    request.query = request.query.trim() === "" ? filter : `${request.query} ${filter}`;
  }
  const sort = params.get("sort") ?? params.get("orderBy");
  if (sort) request.sort = sort;
  const cursor = params.get("cursor");
  if (cursor) request.cursor = cursor;
  return request;
}

function quoted(value: string): string {
  return /^[^\s",[\]()]+$/.test(value) ? value : JSON.stringify(value);
}

function timeWindow(params: URLSearchParams): { start?: number; end?: number } {
  const period = params.get("statsPeriod");
  if (period) {
    const match = /^(\d{1,6})([smhdw])$/.exec(period);
    if (!match) throw new AppError("bad_request", `Invalid statsPeriod "${period.slice(0, 40)}": use a number and one of s, m, h, d, w, as in 14d.`);
    const end = Date.now();
    return { start: end - Number(match[1]) * unitMs[match[2]!]!, end };
  }
  const start = params.get("start");
  const end = params.get("end");
  if (!start && !end) return {};
  return { ...(start ? { start: timeOf(start, "start") } : {}), ...(end ? { end: timeOf(end, "end") } : {}) };
}

/** ISO 8601 (a time without a zone is UTC, as in Sentry) or epoch seconds. */
function timeOf(text: string, name: string): number {
  if (/^\d{9,11}(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(text);
  const ms = Date.parse(hasZone || !text.includes("T") ? text : `${text}Z`);
  if (Number.isNaN(ms)) throw new AppError("bad_request", `Invalid ${name} "${text.slice(0, 40)}": give an ISO 8601 time or epoch seconds.`);
  return ms;
}
