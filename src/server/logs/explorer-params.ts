import { AppError } from "../errors";
import { environmentScope, type EnvironmentScope } from "@/lib/environment-filter";
import { emptyLogSearch, parseLogQuery, type LogSearch } from "./parse-log-search";
import { severityLevels, type SeverityLevel } from "./read-logs";

export const logRanges = { "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000 } as const;
export type LogRange = keyof typeof logRanges;

/** The explorer's state as its URL holds it (`/logs?query=…&range=24h&severity=warn,error&columns=…&group=template`). */
export interface LogExplorerParams {
  query: string;
  range: LogRange;
  severities: SeverityLevel[];
  /** Attribute keys shown as extra columns. */
  columns: string[];
  isGrouped: boolean;
}

const maxColumns = 8;
const columnPattern = /^[\p{L}\p{N}_.\-@[\]/:]{1,128}$/u;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
const listOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []).flatMap((item) => item.split(",")).map((item) => item.trim()).filter((item) => item !== "");

/** Reads the page's URL parameters leniently: an unknown range, level or column is left out rather than refused. */
export function logExplorerParams(raw: Record<string, string | string[] | undefined>): LogExplorerParams {
  const range = first(raw.range);
  return {
    query: first(raw.query).slice(0, 2000),
    range: Object.hasOwn(logRanges, range) ? (range as LogRange) : "24h",
    severities: severityLevels.filter((level) => listOf(raw.severity).includes(level)),
    columns: [...new Set(listOf(raw.columns).filter((column) => columnPattern.test(column)))].slice(0, maxColumns),
    isGrouped: first(raw.group) === "template",
  };
}

/** The search the params stand for; throws the parser's AppError (bad_request, with its reason) on a bad query. */
export function logSearchOf(params: LogExplorerParams, options: { projectId?: number; now?: number; environment?: string | null } = {}): LogSearch {
  return scopedLogSearchOf(params, options).search;
}

/**
 * The search of `params` under the header's environment filter (`environment`): as if `environment:<pick>`
 * were typed, unless the query names `environment:` itself, which wins (the scope says which applied).
 */
export function scopedLogSearchOf(params: LogExplorerParams, options: { projectId?: number; now?: number; environment?: string | null } = {}): { search: LogSearch; scope: EnvironmentScope } {
  const now = options.now ?? Date.now();
  const conditions = parseLogQuery(params.query);
  if (params.severities.length > 0) conditions.push({ kind: "severity", levels: params.severities, negated: false });
  const scope = environmentScope(options.environment, conditions.some((condition) => condition.kind === "column" && condition.key === "environment"));
  const search = {
    ...emptyLogSearch(now),
    conditions,
    window: { startUs: (now - logRanges[params.range]) * 1000, endUs: (now + 60_000) * 1000 },
    projects: options.projectId === undefined ? [] : [String(options.projectId)],
    environments: scope.applied ? [scope.applied] : [],
  };
  return { search, scope };
}

/** The URL of the explorer at `basePath` with `params` changed by `change` (defaults left out). */
export function logExplorerHref(basePath: string, params: LogExplorerParams, change: Partial<LogExplorerParams> = {}): string {
  const next = { ...params, ...change };
  const search = new URLSearchParams();
  if (next.query) search.set("query", next.query);
  if (next.range !== "24h") search.set("range", next.range);
  if (next.severities.length > 0) search.set("severity", next.severities.join(","));
  if (next.columns.length > 0) search.set("columns", next.columns.join(","));
  if (next.isGrouped) search.set("group", "template");
  const text = search.toString();
  return text ? `${basePath}?${text}` : basePath;
}

export function isBadRequest(error: unknown): error is AppError {
  return error instanceof AppError && error.code === "bad_request";
}
