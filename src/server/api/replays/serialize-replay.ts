import type { ReplayView } from "@/lib/views/replay";
import { AppError } from "../../errors";

/**
 * A replay in the shape of Sentry's replay API (`GET …/replays/` and `…/replays/{id}/`; the fields its docs list
 * for `field=` and Sentry's MCP server reads). Lantern keeps no per-replay tags, warnings, infos, viewers or clicked
 * nodes: those fields are there, empty, so clients that read them find what they expect.
 */
export interface ApiReplay {
  id: string;
  project_id: string;
  started_at: string;
  finished_at: string;
  duration: number;
  count_errors: number;
  count_warnings: number;
  count_infos: number;
  count_segments: number;
  count_urls: number;
  count_dead_clicks: number;
  count_rage_clicks: number;
  error_ids: string[];
  warning_ids: string[];
  info_ids: string[];
  trace_ids: string[];
  urls: string[];
  user: { id: string | null; username: string | null; email: string | null; ip: string | null; display_name: string; geo: Record<string, string | null> };
  browser: { name: string | null; version: string | null };
  os: { name: string | null; version: string | null };
  device: { name: string | null; brand: string | null; model: string | null; family: string | null; model_id: string | null };
  sdk: { name: string | null; version: string | null };
  releases: string[];
  dist: string | null;
  environment: string | null;
  platform: string;
  replay_type: string;
  tags: Record<string, string[]>;
  is_archived: boolean;
  activity: number;
  has_viewed: boolean;
  clicks: unknown[];
}

export const replayFields = [
  "id",
  "project_id",
  "started_at",
  "finished_at",
  "duration",
  "count_errors",
  "count_warnings",
  "count_infos",
  "count_segments",
  "count_urls",
  "count_dead_clicks",
  "count_rage_clicks",
  "error_ids",
  "warning_ids",
  "info_ids",
  "trace_ids",
  "urls",
  "user",
  "browser",
  "os",
  "device",
  "sdk",
  "releases",
  "dist",
  "environment",
  "platform",
  "replay_type",
  "tags",
  "is_archived",
  "activity",
  "has_viewed",
  "clicks",
] as const satisfies readonly (keyof ApiReplay)[];
export type ReplayField = (typeof replayFields)[number];

/**
 * Sentry's 1-to-10 activity score, from the weights listReplays sorts `activity` by (errors, then rage clicks,
 * then dead clicks), so the order and the numbers agree; a replay with none of them is 1.
 */
export function replayActivity(replay: Pick<ReplayView, "countErrors" | "countRageClicks" | "countDeadClicks">): number {
  return Math.min(10, 1 + replay.countErrors * 4 + replay.countRageClicks * 2 + replay.countDeadClicks);
}

export function serializeReplay(replay: ReplayView): ApiReplay {
  return {
    id: replay.id,
    project_id: String(replay.projectId),
    started_at: new Date(replay.startedAt).toISOString(),
    finished_at: new Date(replay.finishedAt).toISOString(),
    duration: Math.round(replay.durationMs / 1000),
    count_errors: replay.countErrors,
    count_warnings: 0,
    count_infos: 0,
    count_segments: replay.countSegments,
    count_urls: replay.countUrls,
    count_dead_clicks: replay.countDeadClicks,
    count_rage_clicks: replay.countRageClicks,
    error_ids: replay.errorIds,
    warning_ids: [],
    info_ids: [],
    trace_ids: replay.traceIds,
    urls: replay.urls,
    user: { id: replay.user.id, username: replay.user.username, email: replay.user.email, ip: replay.user.ipAddress, display_name: replay.user.display, geo: {} },
    browser: { name: replay.browser.name, version: replay.browser.version },
    os: { name: replay.os.name, version: replay.os.version },
    device: { name: replay.device.name, brand: replay.device.brand, model: replay.device.model, family: replay.device.family, model_id: null },
    sdk: { name: replay.sdk.name, version: replay.sdk.version },
    releases: replay.release === null ? [] : [replay.release],
    dist: replay.dist,
    environment: replay.environment,
    platform: replay.platform,
    replay_type: replay.replayType,
    tags: {},
    is_archived: false,
    activity: replayActivity(replay),
    has_viewed: false,
    clicks: [],
  };
}

/** Sentry's `field=` (repeatable): only those fields; none named, all of them. An unknown field is a 400, as Sentry answers. */
export function parseReplayFields(searchParams: URLSearchParams): readonly ReplayField[] {
  const asked = searchParams.getAll("field").filter((field) => field !== "");
  if (asked.length === 0) return replayFields;
  const known = new Set<string>(replayFields);
  const unknown = asked.find((field) => !known.has(field));
  if (unknown !== undefined) throw new AppError("bad_request", `Invalid field "${unknown.slice(0, 60)}": use one of ${replayFields.join(", ")}.`);
  return [...new Set(asked)] as ReplayField[];
}

export function pickReplayFields(replay: ApiReplay, fields: readonly ReplayField[]): Partial<ApiReplay> {
  if (fields === replayFields) return replay;
  return Object.fromEntries(fields.map((field) => [field, replay[field]])) as Partial<ApiReplay>;
}

/** A replay id as clients write it (a UUID with or without dashes, any case) as Lantern stores it, or null. */
export function normalizeReplayId(text: string): string | null {
  const id = text.trim().replaceAll("-", "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(id) ? id : null;
}
