import { fillUserAgentContexts } from "../digest/fill-user-agent-contexts";
import { isRecord, type JsonObject } from "@/lib/json-values";

/** At most this many of each list per replay: the SDK repeats urls and ids in every segment's event. */
export const maxReplayUrls = 100;
export const maxReplayIds = 200;
const maxUrlLength = 2048;
const hexId = /^[0-9a-f]{32}$/;

/** What one `replay_event` item contributes to its replay's index row (replays/write-replays.ts merges them). */
export interface ReplayEventInput {
  projectId: number;
  replayId: string;
  segmentId: number | null;
  /** ms; the replay's first segment's start (`replay_start_timestamp`), when sent. */
  startedAt: number | null;
  /** ms; this segment's end (`timestamp`). */
  timestamp: number;
  receivedAt: number;
  replayType: string;
  platform: string;
  release: string | null;
  environment: string | null;
  dist: string | null;
  user: { id: string | null; email: string | null; username: string | null; ip: string | null; name: string | null };
  browser: { name: string | null; version: string | null };
  os: { name: string | null; version: string | null };
  device: { name: string | null; brand: string | null; model: string | null; family: string | null };
  sdk: { name: string | null; version: string | null };
  urls: string[];
  errorIds: string[];
  traceIds: string[];
}

interface ReplayEventOrigin {
  projectId: number;
  receivedAt: number;
  clientIp: string | null;
  headerEventId: string | null;
  /** The project stores no IP addresses. */
  dropsIpAddress: boolean;
}

/**
 * A `replay_event` item (already scrubbed) into what its index row needs. The replay id is the item's
 * `replay_id` (the SDK sends it as `event_id` too, and in the envelope header). Browser, OS and device come
 * from the contexts or, as Relay fills them, from the request's User-Agent header.
 */
export function readReplayEvent(value: JsonObject, origin: ReplayEventOrigin): ReplayEventInput {
  const replayId = replayIdOf(value.replay_id) ?? replayIdOf(value.event_id) ?? origin.headerEventId;
  if (replayId === null || !hexId.test(replayId)) throw new Error("a replay_event needs a replay_id of 32 hex digits");
  fillUserAgentContexts(value);
  const contexts = isRecord(value.contexts) ? value.contexts : {};
  const context = (name: string): JsonObject => (isRecord(contexts[name]) ? contexts[name] : {});
  const user = isRecord(value.user) ? value.user : {};
  const sdk = isRecord(value.sdk) ? value.sdk : {};
  const timestamp = seconds(value.timestamp) ?? origin.receivedAt;
  let ip = text(user.ip_address, 64);
  if (ip === "{{auto}}") ip = origin.clientIp;
  if (origin.dropsIpAddress) ip = null;
  return {
    projectId: origin.projectId,
    replayId,
    segmentId: typeof value.segment_id === "number" && Number.isInteger(value.segment_id) && value.segment_id >= 0 ? value.segment_id : null,
    startedAt: seconds(value.replay_start_timestamp),
    timestamp,
    receivedAt: origin.receivedAt,
    replayType: text(value.replay_type, 32) ?? "session",
    platform: text(value.platform, 64) ?? "javascript",
    release: text(value.release, 200),
    environment: text(value.environment, 64),
    dist: text(value.dist, 64),
    user: { id: text(user.id, 200), email: text(user.email, 200), username: text(user.username, 200), ip, name: text(user.name, 200) },
    browser: { name: text(context("browser").name, 64), version: text(context("browser").version, 64) },
    os: { name: text(context("os").name, 64), version: text(context("os").version, 64) },
    device: { name: text(context("device").name, 64), brand: text(context("device").brand, 64), model: text(context("device").model, 64), family: text(context("device").family, 64) },
    sdk: { name: text(sdk.name, 64), version: text(sdk.version, 64) },
    urls: strings(value.urls, maxReplayUrls, maxUrlLength),
    errorIds: ids(value.error_ids),
    traceIds: ids(value.trace_ids),
  };
}

function replayIdOf(value: unknown): string | null {
  return typeof value === "string" ? value.replaceAll("-", "").toLowerCase() : null;
}

function seconds(value: unknown): number | null {
  const ms = typeof value === "number" ? value * 1000 : typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : null;
}

function text(value: unknown, max: number): string | null {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value !== "" ? value.slice(0, max) : null;
}

function strings(value: unknown, max: number, maxLength: number): string[] {
  if (!Array.isArray(value)) return [];
  const result: string[] = [];
  for (const element of value) {
    if (typeof element === "string" && element !== "") result.push(element.slice(0, maxLength));
    if (result.length >= max) break;
  }
  return result;
}

function ids(value: unknown): string[] {
  return strings(value, maxReplayIds, 64)
    .map((id) => id.replaceAll("-", "").toLowerCase())
    .filter((id) => hexId.test(id));
}
