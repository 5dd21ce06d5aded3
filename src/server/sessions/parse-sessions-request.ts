import { AppError } from "../errors";

export const sessionFields = ["sum(session)", "count_unique(user)", "crash_free_rate(session)", "crash_free_rate(user)"] as const;
export type SessionField = (typeof sessionFields)[number];
export const sessionGroupings = ["project", "release", "environment", "session.status"] as const;
export type SessionGrouping = (typeof sessionGroupings)[number];

/** What `GET /organizations/{org}/sessions/` asks (telemetry-protocol.md §3.8), checked and bounded. */
export interface SessionsRequest {
  fields: SessionField[];
  groupBy: SessionGrouping[];
  /** The window, aligned to whole intervals: [start, end). */
  start: number;
  end: number;
  intervalMs: number;
  /** Project ids; empty: every project the caller can see. */
  projectIds: number[];
  environments: string[];
  releases: string[];
  includeTotals: boolean;
  includeSeries: boolean;
  /** The `query` as given, echoed in the response. */
  query: string;
}

const hourMs = 3_600_000;
const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: hourMs, d: 24 * hourMs, w: 7 * 24 * hourMs };
const maxIntervals = 2000;
const maxWindowMs = 90 * 24 * hourMs;
const knownParameters = new Set(["field", "groupBy", "statsPeriod", "start", "end", "interval", "project", "environment", "query", "orderBy", "per_page", "includeTotals", "includeSeries", "referrer", "utc"]);

function duration(text: string, name: string): number {
  const match = /^(\d{1,6})([smhdw])$/.exec(text);
  if (!match) throw new AppError("bad_request", `Invalid ${name} "${text.slice(0, 32)}": use a number and one of s, m, h, d, w, as in 14d.`);
  return Number(match[1]) * unitMs[match[2]!]!;
}

/**
 * Reads the parameters Sentry's sessions endpoint takes. Counters are hourly, so `interval` is a whole number
 * of hours (default and minimum 1h, as Sentry's); the window is widened to whole intervals, at most 90 days and
 * 2000 intervals. `query` takes `release:x`, `release:[a,b]` and `environment:x` terms; anything else is a 400.
 */
export function parseSessionsRequest(params: URLSearchParams, now = Date.now()): SessionsRequest {
  for (const key of new Set(params.keys())) {
    if (!knownParameters.has(key)) throw new AppError("bad_request", `Unknown query parameter "${key.slice(0, 64)}": sessions accept ${[...knownParameters].join(", ")}.`);
  }
  const fields = [...new Set(params.getAll("field"))];
  if (fields.length === 0) throw new AppError("bad_request", `field is required: one or more of ${sessionFields.join(", ")}.`);
  for (const field of fields) {
    if (!(sessionFields as readonly string[]).includes(field)) throw new AppError("bad_request", `Unknown field "${field.slice(0, 64)}": use ${sessionFields.join(", ")}.`);
  }
  const groupBy = [...new Set(params.getAll("groupBy"))];
  for (const grouping of groupBy) {
    if (!(sessionGroupings as readonly string[]).includes(grouping)) throw new AppError("bad_request", `Unknown groupBy "${grouping.slice(0, 64)}": use ${sessionGroupings.join(", ")}.`);
  }
  const intervalMs = duration(params.get("interval") || "1h", "interval");
  if (intervalMs < hourMs || intervalMs % hourMs !== 0) throw new AppError("bad_request", "interval must be a whole number of hours (at least 1h): sessions are counted per hour.");

  const { from, to } = timeWindow(params, now);
  const start = from - (from % intervalMs);
  const end = to % intervalMs === 0 ? to : to - (to % intervalMs) + intervalMs;
  if (end - start > maxWindowMs) throw new AppError("bad_request", "The time window is limited to 90 days.");
  if ((end - start) / intervalMs > maxIntervals) throw new AppError("bad_request", `At most ${maxIntervals} intervals: choose a longer interval.`);

  const projectIds: number[] = [];
  for (const value of params.getAll("project")) {
    if (value === "" || value === "-1") continue;
    if (!/^\d{1,15}$/.test(value)) throw new AppError("bad_request", "project must be a project id (-1: all).");
    projectIds.push(Number(value));
  }
  const query = params.get("query") ?? "";
  const { releases, environments } = parseQuery(query);
  environments.push(...params.getAll("environment").filter((value) => value !== ""));
  if (environments.some((value) => value.length > 64)) throw new AppError("bad_request", "environment names are at most 64 characters.");
  return {
    fields: fields as SessionField[],
    groupBy: groupBy as SessionGrouping[],
    start,
    end,
    intervalMs,
    projectIds: [...new Set(projectIds)],
    environments: [...new Set(environments)],
    releases,
    includeTotals: params.get("includeTotals") !== "0",
    includeSeries: params.get("includeSeries") !== "0",
    query,
  };
}

function timeWindow(params: URLSearchParams, now: number): { from: number; to: number } {
  const start = params.get("start");
  const end = params.get("end");
  if (start || end) {
    const [from, to] = [start, end].map((text, index) => {
      const ms = text ? Date.parse(text) : Number.NaN;
      if (Number.isNaN(ms)) throw new AppError("bad_request", `Give both start and end as ISO 8601 times (${index === 0 ? "start" : "end"} is missing or invalid).`);
      return ms;
    }) as [number, number];
    if (to <= from) throw new AppError("bad_request", "end must be after start.");
    return { from, to };
  }
  return { from: now - duration(params.get("statsPeriod") || "24h", "statsPeriod"), to: now };
}

/** `release:1.0 release:"a b" release:[a,b] environment:production`, as Sentry's session queries write them. */
function parseQuery(query: string): { releases: string[]; environments: string[] } {
  if (query.length > 2000) throw new AppError("bad_request", "query is limited to 2000 characters.");
  const releases: string[] = [];
  const environments: string[] = [];
  const term = /\s*([a-z_.]+):(\[[^\]]*\]|"(?:[^"\\]|\\.)*"|\S+)\s*/gy;
  const text = query.trim();
  while (term.lastIndex < text.length) {
    const match = term.exec(text);
    if (!match) throw new AppError("bad_request", `Could not read query "${query.slice(0, 100)}": use release:<version>, release:[a,b] or environment:<name>.`);
    const [, key, raw] = match as unknown as [string, string, string];
    const values = raw.startsWith("[") ? raw.slice(1, -1).split(",").map((value) => unquote(value.trim())) : [unquote(raw)];
    if (key === "release") releases.push(...values.filter((value) => value !== ""));
    else if (key === "environment") environments.push(...values.filter((value) => value !== ""));
    else throw new AppError("bad_request", `Sessions can be filtered by release: and environment: only, not "${key.slice(0, 32)}:".`);
  }
  if (releases.some((value) => value.length > 200)) throw new AppError("bad_request", "release versions are at most 200 characters.");
  return { releases: [...new Set(releases)], environments };
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
}
