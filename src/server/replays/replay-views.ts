import type { Kysely, Selectable } from "kysely";
import type { Database, ReplaysTable } from "../db/schema";
import type { ReplayView } from "@/lib/views/replay";

export type ReplayRow = Selectable<ReplaysTable> & { project_slug: string };

/** Replays with their project's slug, for the views below. */
export function selectReplays(db: Kysely<Database>) {
  return db.selectFrom("replays").innerJoin("projects", "projects.id", "replays.project_id").selectAll("replays").select("projects.slug as project_slug");
}

export function toReplayView(row: ReplayRow): ReplayView {
  const startedAt = Number(row.started_at);
  const finishedAt = Math.max(Number(row.finished_at), startedAt);
  const user = { id: row.user_id, email: row.user_email, username: row.user_username, ipAddress: row.user_ip, name: row.user_name };
  return {
    id: row.replay_id,
    projectId: Number(row.project_id),
    projectSlug: row.project_slug,
    startedAt,
    finishedAt,
    durationMs: finishedAt - startedAt,
    urls: JSON.parse(row.urls) as string[],
    errorIds: JSON.parse(row.error_ids) as string[],
    traceIds: JSON.parse(row.trace_ids) as string[],
    countErrors: Number(row.count_errors),
    countUrls: Number(row.count_urls),
    countSegments: Number(row.count_segments),
    countClicks: Number(row.count_clicks),
    countDeadClicks: Number(row.count_dead_clicks),
    countRageClicks: Number(row.count_rage_clicks),
    user: { ...user, display: user.name ?? user.username ?? user.email ?? user.id ?? user.ipAddress ?? "Anonymous user" },
    browser: { name: row.browser_name, version: row.browser_version },
    os: { name: row.os_name, version: row.os_version },
    device: { name: row.device_name, brand: row.device_brand, model: row.device_model, family: row.device_family },
    release: row.release,
    environment: row.environment,
    dist: row.dist,
    platform: row.platform,
    sdk: { name: row.sdk_name, version: row.sdk_version },
    replayType: row.replay_type,
    hasVideo: Number(row.has_video) === 1,
    storedBytes: Number(row.stored_bytes),
    dropped: row.dropped ? (JSON.parse(row.dropped) as string[]) : [],
  };
}

/** A replay id as clients write it: with or without dashes, any case. Null when it is not 32 hex digits. */
export function normalizeReplayId(value: string): string | null {
  const id = value.trim().replaceAll("-", "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(id) ? id : null;
}
