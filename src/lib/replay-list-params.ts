/**
 * The replay lists' URL state (`/replays`, `/projects/{slug}/replays`): the search in Sentry's replay syntax,
 * the sort by Sentry's field names, the time range and the page's cursor. Everything from the URL is capped
 * and checked here, so the page hands the list verb only values it knows.
 */
export const replayRanges = { "24h": 86_400_000, "7d": 7 * 86_400_000, "14d": 14 * 86_400_000, "30d": 30 * 86_400_000 } as const;
export type ReplayRange = keyof typeof replayRanges;
export const defaultReplayRange: ReplayRange = "14d";

/** Sentry's sortable replay fields; `-` in front sorts descending. */
export const replaySortFields = ["started_at", "finished_at", "duration", "count_errors", "count_segments", "count_urls", "count_dead_clicks", "count_rage_clicks", "activity", "user.display_name", "browser.name", "os.name"] as const;
export type ReplaySortField = (typeof replaySortFields)[number];
export const defaultReplaySort = "-started_at";

export interface ReplayListState {
  query: string;
  sort: string;
  range: ReplayRange;
  cursor: string | null;
}

const maxQueryLength = 500;
const maxCursorLength = 200;

const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export function isReplaySort(value: string): boolean {
  return (replaySortFields as readonly string[]).includes(value.startsWith("-") ? value.slice(1) : value);
}

export function replayListState(params: Record<string, string | string[] | undefined>): ReplayListState {
  const query = (single(params.query) ?? "").slice(0, maxQueryLength);
  const sort = single(params.sort);
  const range = single(params.range);
  const cursor = single(params.cursor);
  return {
    query,
    sort: sort !== undefined && isReplaySort(sort) ? sort : defaultReplaySort,
    range: range !== undefined && Object.hasOwn(replayRanges, range) ? (range as ReplayRange) : defaultReplayRange,
    cursor: cursor !== undefined && cursor !== "" && cursor.length <= maxCursorLength ? cursor : null,
  };
}

/** The list's URL for `state` with `change` applied; defaults are left out, and a new search or sort starts at the first page. */
export function replayListHref(basePath: string, state: ReplayListState, change: Partial<ReplayListState>): string {
  const next = { ...state, cursor: null, ...change };
  const params = new URLSearchParams();
  if (next.query !== "") params.set("query", next.query);
  if (next.sort !== defaultReplaySort) params.set("sort", next.sort);
  if (next.range !== defaultReplayRange) params.set("range", next.range);
  if (next.cursor !== null) params.set("cursor", next.cursor);
  const search = params.toString();
  return search === "" ? basePath : `${basePath}?${search}`;
}

/** The sort a column header's link asks for: the column descending first, then flipped on the next click. */
export function nextReplaySort(current: string, field: ReplaySortField): string {
  return current === `-${field}` ? field : `-${field}`;
}

/** Which way `field` is sorted now, for aria-sort. */
export function replaySortDirection(current: string, field: ReplaySortField): "ascending" | "descending" | "none" {
  if (current === field) return "ascending";
  if (current === `-${field}`) return "descending";
  return "none";
}

/** A replay's length as a player shows it: `0:42`, `12:05`, `1:02:09`. */
export function formatReplayDuration(durationMs: number): string {
  const totalSeconds = Math.max(0, Math.round(durationMs / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
