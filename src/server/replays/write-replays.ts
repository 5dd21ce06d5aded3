import type { Kysely, Selectable } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import type { Database, ReplaysTable } from "../db/schema";
import type { ReplaySegmentRow, DigestRows } from "../digest/digest-envelope";
import { maxReplayIds, maxReplayUrls, type ReplayEventInput } from "./read-replay-event";

export interface ReplayCaps {
  /** Segments a replay keeps: an hour at the SDK's five seconds a segment is 720. */
  maxSegments: number;
  /** Stored (compressed) bytes a replay keeps, whatever the segments' count. */
  maxBytes: number;
}

export const replayCaps: ReplayCaps = { maxSegments: 1_000, maxBytes: 200 * 1024 * 1024 };
const maxDroppedReasons = 20;

type ReplayRow = Selectable<ReplaysTable>;

/**
 * Writes a batch's replay events and segments inside digest's transaction. Each replay's row is created if
 * missing, then read (FOR UPDATE on PostgreSQL, replays in key order so two digesters cannot deadlock),
 * merged in memory and written once. A segment is stored once per (replay, kind, segment id): one sent
 * again is skipped and counts nothing, so counters only grow with new segments. Past a replay's caps a
 * segment is refused and the reason kept on the row.
 */
export async function writeReplays(trx: Kysely<Database>, dialect: LanternDatabase["dialect"], rows: Pick<DigestRows, "replayEvents" | "replaySegments" | "replayDrops">, caps: ReplayCaps = replayCaps): Promise<void> {
  if (rows.replayEvents.length === 0 && rows.replaySegments.length === 0 && rows.replayDrops.length === 0) return;
  const byReplay = new Map<string, { projectId: number; replayId: string; events: ReplayEventInput[]; segments: ReplaySegmentRow[]; drops: string[]; receivedAt: number }>();
  const entry = (projectId: number, replayId: string, receivedAt: number) => {
    const key = `${projectId}:${replayId}`;
    let found = byReplay.get(key);
    if (!found) byReplay.set(key, (found = { projectId, replayId, events: [], segments: [], drops: [], receivedAt }));
    found.receivedAt = Math.max(found.receivedAt, receivedAt);
    return found;
  };
  for (const event of rows.replayEvents) entry(event.projectId, event.replayId, event.receivedAt).events.push(event);
  for (const segment of rows.replaySegments) entry(segment.projectId, segment.replayId, segment.receivedAt).segments.push(segment);
  for (const drop of rows.replayDrops) entry(drop.projectId, drop.replayId, drop.receivedAt).drops.push(drop.reason);
  for (const key of [...byReplay.keys()].sort()) {
    const { projectId, replayId, events, segments, drops, receivedAt } = byReplay.get(key)!;
    const start = Math.min(...events.map((event) => event.startedAt ?? event.timestamp), ...segments.map((segment) => segment.firstTimestamp ?? receivedAt), receivedAt);
    await trx
      .insertInto("replays")
      .values({ project_id: projectId, replay_id: replayId, started_at: start, finished_at: start, received_at: receivedAt, updated_at: receivedAt })
      .onConflict((conflict) => conflict.columns(["project_id", "replay_id"]).doNothing())
      .execute();
    let select = trx.selectFrom("replays").selectAll().where("project_id", "=", projectId).where("replay_id", "=", replayId);
    if (dialect === "postgres") select = select.forUpdate();
    const row = await select.executeTakeFirstOrThrow();
    const changes = mergeEvents(row, events);
    const dropped: string[] = row.dropped ? (JSON.parse(row.dropped) as string[]) : [];
    dropped.push(...drops);
    const segmentChanges = await storeSegments(trx, { ...row, ...changes }, segments, dropped, caps);
    await trx
      .updateTable("replays")
      .set({ ...changes, ...segmentChanges, updated_at: Math.max(Number(row.updated_at), receivedAt), dropped: dropped.length > 0 ? JSON.stringify(dropped.slice(0, maxDroppedReasons)) : null })
      .where("id", "=", row.id)
      .execute();
  }
}

/** The index row's fields from the replay events: times widen, lists grow (capped, without repeats), the rest is the newest known value. */
function mergeEvents(row: ReplayRow, events: ReplayEventInput[]): Partial<ReplayRow> {
  let startedAt = Number(row.started_at);
  let finishedAt = Number(row.finished_at);
  const urls: string[] = JSON.parse(row.urls) as string[];
  const errorIds = new Set(JSON.parse(row.error_ids) as string[]);
  const traceIds = new Set(JSON.parse(row.trace_ids) as string[]);
  let countErrors = Number(row.count_errors);
  let countUrls = Number(row.count_urls);
  const changes: Partial<ReplayRow> = {};
  for (const event of events.sort((a, b) => (a.segmentId ?? 0) - (b.segmentId ?? 0))) {
    if (event.startedAt !== null) startedAt = Math.min(startedAt, event.startedAt);
    finishedAt = Math.max(finishedAt, event.timestamp);
    for (const url of event.urls) {
      countUrls += 1;
      if (urls.length < maxReplayUrls) urls.push(url);
    }
    for (const id of event.errorIds) {
      if (errorIds.has(id)) continue;
      countErrors += 1;
      if (errorIds.size < maxReplayIds) errorIds.add(id);
    }
    for (const id of event.traceIds) if (traceIds.size < maxReplayIds) traceIds.add(id);
    // The first segment's event describes the session; later ones fill what it lacked.
    const set = <K extends keyof ReplayRow>(key: K, value: ReplayRow[K] | null) => {
      if (value !== null && (row[key] === null || changes[key] === undefined && event.segmentId === 0)) changes[key] = value;
    };
    set("release", event.release);
    set("environment", event.environment);
    set("dist", event.dist);
    set("user_id", event.user.id);
    set("user_email", event.user.email);
    set("user_username", event.user.username);
    set("user_ip", event.user.ip);
    set("user_name", event.user.name);
    set("browser_name", event.browser.name);
    set("browser_version", event.browser.version);
    set("os_name", event.os.name);
    set("os_version", event.os.version);
    set("device_name", event.device.name);
    set("device_brand", event.device.brand);
    set("device_model", event.device.model);
    set("device_family", event.device.family);
    set("sdk_name", event.sdk.name);
    set("sdk_version", event.sdk.version);
    changes.replay_type = event.replayType;
    changes.platform = event.platform;
  }
  return { ...changes, started_at: startedAt, finished_at: Math.max(finishedAt, startedAt), urls: JSON.stringify(urls), error_ids: JSON.stringify([...errorIds]), trace_ids: JSON.stringify([...traceIds]), count_errors: countErrors, count_urls: countUrls };
}

async function storeSegments(trx: Kysely<Database>, row: ReplayRow, segments: ReplaySegmentRow[], dropped: string[], { maxSegments, maxBytes }: ReplayCaps): Promise<Partial<ReplayRow>> {
  let countSegments = Number(row.count_segments);
  let storedBytes = Number(row.stored_bytes);
  let clicks = Number(row.count_clicks);
  let deadClicks = Number(row.count_dead_clicks);
  let rageClicks = Number(row.count_rage_clicks);
  let hasVideo = Number(row.has_video);
  let startedAt = Number(row.started_at);
  let finishedAt = Number(row.finished_at);
  for (const segment of segments.sort((a, b) => a.segmentId - b.segmentId)) {
    const name = `${segment.kind === "video" ? "Video segment" : "Segment"} ${segment.segmentId}`;
    if (segment.kind === "rrweb" && countSegments >= maxSegments) {
      dropped.push(`${name} was refused: a replay keeps at most ${maxSegments} segments`);
      continue;
    }
    if (storedBytes + segment.body.length > maxBytes) {
      dropped.push(`${name} was refused: a replay keeps at most ${humanBytes(maxBytes)}`);
      continue;
    }
    const inserted = await trx
      .insertInto("replay_segments")
      .values({ replay_row_id: row.id, kind: segment.kind, segment_id: segment.segmentId, encoding: segment.encoding, size: segment.body.length, received_at: segment.receivedAt, body: segment.body })
      .onConflict((conflict) => conflict.columns(["replay_row_id", "kind", "segment_id"]).doNothing())
      .returning("segment_id")
      .execute();
    if (inserted.length === 0) continue;
    storedBytes += segment.body.length;
    if (segment.kind === "video") {
      hasVideo = 1;
      continue;
    }
    countSegments += 1;
    clicks += segment.clicks;
    deadClicks += segment.deadClicks;
    rageClicks += segment.rageClicks;
    if (segment.firstTimestamp !== null) startedAt = Math.min(startedAt, segment.firstTimestamp);
    if (segment.lastTimestamp !== null) finishedAt = Math.max(finishedAt, segment.lastTimestamp);
  }
  return { count_segments: countSegments, stored_bytes: storedBytes, count_clicks: clicks, count_dead_clicks: deadClicks, count_rage_clicks: rageClicks, has_video: hasVideo, started_at: startedAt, finished_at: finishedAt };
}

function humanBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`;
}
