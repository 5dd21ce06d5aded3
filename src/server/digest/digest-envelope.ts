import { constants, deflateSync } from "node:zlib";
import type { Insertable } from "kysely";
import type { AttachmentsTable, EventsTable, FeedbackTable, IntakeRow, OutcomesTable, ReleasesTable, SessionCountsTable, StoredItemsTable } from "../db/schema";
import { computeGrouping } from "../grouping/compute-grouping";
import { parseEnvelope, type EnvelopeItem } from "../ingest/parse-envelope";
import type { GroupedEvent } from "../issues/assign-events-to-issues";
import { deriveCulprit } from "../issues/derive-culprit";
import { eventTagPairs } from "../issues/event-tag-pairs";
import { serializeEnvelope } from "../ingest/serialize-envelope";
import { maxContainerSpans, maxLogBytes, summarizeEnvelopeItems } from "../ingest/inspect-envelope";
import type { DigestConfigOf, ProjectDigestConfig } from "../projects/load-digest-configs";
import { readFeedbackEvent, readUserReport } from "../feedback/read-feedback-item";
import { readCheckIn, type CheckInInput } from "../monitors/read-check-in-item";
import { normalizeEvent } from "./normalize-event";
import { userKeyOf } from "./normalize-user";
import { isRecord } from "@/lib/json-values";
import { eventTraceId } from "@/lib/trace-id";
import { jsonNestingDepth } from "@/lib/json-nesting-depth";
import { scrubbedItemTypes } from "./scrub-envelope";
import { scrubEvent, textScrubbingFor } from "./scrub-event";
import type { ArtifactSource } from "../sourcemaps/artifact-source";
import { resolveEventFrames } from "../sourcemaps/resolve-event-frames";
import { spansOfContainer, spansOfTransaction, spansOfStandaloneSpan } from "../spans/read-spans";
import { spanItemRows, type SpanItemRows } from "../spans/span-item-rows";
import { detectNPlusOneQueries } from "../spans/detect-n-plus-one";
import { detectSlowDbQueries } from "../spans/detect-slow-db-queries";
import { nPlusOneEvent, slowDbQueryEvent } from "../spans/performance-issue-events";
import { logsOfContainer, logsOfOtelLog } from "../logs/read-logs";
import { logItemRows, type LogItemRows } from "../logs/log-item-rows";
import { readReplayEvent, type ReplayEventInput } from "../replays/read-replay-event";
import { readReplayRecording, replayRecordingPayload, type ReplaySegmentInput } from "../replays/read-replay-recording";
import { readReplayVideoItem, videoContainerOf } from "../replays/read-replay-video";
import { encode as encodeMessagePack } from "@msgpack/msgpack";

const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();
const hourMs = 3_600_000;
/** Kept for views to come; other unknown items are accepted and ignored. */
const storedItemTypes = new Set(["user_report", "feedback", "profile", "profile_chunk"]);

type IntakeForDigest = Pick<IntakeRow, "id" | "project_id" | "received_at" | "client_ip"> & { body: Uint8Array };

/** The rows a batch of envelopes contributes; digest-batch writes them in a few statements. */
export interface DigestRows {
  /** Each event with what issue assignment needs; the row gets its issue inside the write transaction. */
  events: { row: Insertable<EventsTable>; grouped: GroupedEvent }[];
  attachments: Insertable<AttachmentsTable>[];
  storedItems: Insertable<StoredItemsTable>[];
  /** `feedback` and `user_report` items, read (their raw items are kept in storedItems too). */
  feedback: Insertable<FeedbackTable>[];
  /** `check_in` items, in the order received (monitors/record-check-ins.ts). */
  checkIns: CheckInInput[];
  /** Spans of `transaction` and `span` items, one entry per item (spans/write-spans.ts). */
  spanItems: SpanItemRows[];
  /** Lines of `log` and `otel_log` items, one entry per item (logs/write-logs.ts). */
  logItems: LogItemRows[];
  /** `replay_event` items and the segments of `replay_recording` and `replay_video` items (replays/write-replays.ts). */
  replayEvents: ReplayEventInput[];
  replaySegments: ReplaySegmentRow[];
  /** Segments digest could not keep, named on their replay's row. */
  replayDrops: { projectId: number; replayId: string; receivedAt: number; reason: string }[];
  /** Session counters; one carrying `sessionId` is counted only if that session was not counted so already. */
  sessionCounts: SessionCount[];
  /** Releases sessions named, first seen when their envelope arrived: Sentry creates a release from sessions alone. */
  sessionReleases: Insertable<ReleasesTable>[];
  outcomes: Insertable<OutcomesTable>[];
  /** Raw envelopes that held secrets, rewritten with them filtered (the intake keeps envelopes after digest), and their summaries read again. */
  scrubbedBodies: { id: number; body: Uint8Array; summary: string | null }[];
}

/** A segment to store: rrweb JSON (its counters read) or a mobile SDK's video. */
export type ReplaySegmentRow = Omit<ReplaySegmentInput, "encoding" | "scrubbed" | "jsonBytes"> & { projectId: number; replayId: string; receivedAt: number; kind: "rrweb" | "video"; encoding: string };

export type SessionCount = Insertable<SessionCountsTable> & { sessionId?: string; users?: string[] };

export function emptyDigestRows(): DigestRows {
  return { events: [], attachments: [], storedItems: [], feedback: [], checkIns: [], spanItems: [], logItems: [], replayEvents: [], replaySegments: [], replayDrops: [], sessionCounts: [], sessionReleases: [], outcomes: [], scrubbedBodies: [] };
}

/**
 * Reads what one envelope contributes — the event, attachments, stored items, session and outcome
 * counts — into `rows`. Every row is keyed (event id per project, item index per envelope) or counted in
 * the transaction that marks the envelope digested, so nothing is counted twice. Returns the problems
 * with single items; the other items are still digested.
 */
export function digestEnvelope(row: IntakeForDigest, rows: DigestRows, configOf: DigestConfigOf, sourceMaps?: ArtifactSource): string[] {
  const envelope = parseEnvelope(row.body);
  const problems: string[] = [];
  const headerEventId = typeof envelope.header.event_id === "string" ? envelope.header.event_id.replaceAll("-", "").toLowerCase() : null;
  const config = configOf(row.project_id);
  // The header's trace context can carry a transaction name, which is a URL often enough.
  let isScrubbed = scrubEvent(envelope.header, config.scrubbing) > 0;
  for (const [index, item] of envelope.items.entries()) {
    try {
      // Secrets are filtered before anything else sees an item: normalization, grouping, tags, storage.
      let parsed: Record<string, unknown> | undefined;
      if (scrubbedItemTypes.has(item.header.type)) {
        parsed = parseJson(item.payload);
        if (scrubEvent(parsed, config.scrubbing) > 0) {
          item.payload = utf8Encoder.encode(JSON.stringify(parsed));
          isScrubbed = true;
        }
      }
      if (digestItem(rows, row, { header: envelope.header, headerEventId, item, index, parsed, config, sourceMaps })) isScrubbed = true;
    } catch (error) {
      problems.push(`item ${index + 1} (${item.header.type}): ${(error as Error).message}`);
    }
  }
  if (isScrubbed) {
    rows.scrubbedBodies.push({ id: row.id, body: serializeEnvelope(envelope.header, envelope.items), summary: summarizeEnvelopeItems(envelope.items, textScrubbingFor(config.scrubbing)) });
  }
  return problems;
}

interface ItemContext {
  header: Record<string, unknown>;
  headerEventId: string | null;
  item: EnvelopeItem;
  index: number;
  /** The item's JSON, already parsed (and scrubbed) for the item types that are scrubbed. */
  parsed: Record<string, unknown> | undefined;
  config: ProjectDigestConfig;
  /** Uploaded source maps (absent: frames are stored as sent). */
  sourceMaps: ArtifactSource | undefined;
}

/** Returns true when it rewrote the item's payload (a scrubbed replay recording). */
function digestItem(rows: DigestRows, row: IntakeForDigest, { header, headerEventId, item, index, parsed, config, sourceMaps }: ItemContext): boolean {
  const { type } = item.header;
  if (type === "replay_event") {
    rows.replayEvents.push(readReplayEvent(parsed ?? parseJson(item.payload), replayOrigin(row, headerEventId, config)));
    return false;
  }
  if (type === "replay_recording" || type === "replay_video") return digestReplaySegment(rows, row, item, headerEventId, config);
  if (type === "event") {
    const normalized = normalizeEvent(parsed ?? parseJson(item.payload), { receivedAt: row.received_at, sentAt: header.sent_at, headerEventId, clientIp: row.client_ip, payloadDepth: jsonNestingDepth(item.payload) });
    // Normalization fills `{{auto}}` with the SDK's address; a project that stores no IP addresses drops it.
    if (config.scrubbing.isEnabled && config.scrubbing.scrubIpAddresses && isRecord(normalized.event.user)) delete normalized.event.user.ip_address;
    const userKey = userKeyOf(isRecord(normalized.event.user) ? normalized.event.user : null);
    // Minified frames take their original names, files and lines before grouping, so one bug is one issue
    // across builds (what the source maps lack stays minified; the caller loads it and runs again).
    if (sourceMaps) {
      try {
        resolveEventFrames(normalized.event, row.project_id, sourceMaps, { diagnose: false });
      } catch (error) {
        // A resolver bug must not cost the event: it is stored with the frames it has.
        console.error("lantern: source map resolution failed", error);
      }
    }
    // Grouping also settles each frame's in_app, so it runs before the event is stored.
    const grouping = computeGrouping(normalized.event, config.grouping);
    const timestamp = Math.round(normalized.timestampMs);
    const title = grouping.title ?? normalized.title;
    rows.events.push({
      grouped: {
        projectId: row.project_id,
        eventId: normalized.eventId,
        hashes: grouping.hashes,
        type: normalized.type,
        title,
        culprit: deriveCulprit(normalized.event),
        level: normalized.level,
        platform: normalized.platform,
        timestamp,
        receivedAt: row.received_at,
        release: normalized.release,
        environment: normalized.environment,
        userKey,
        tags: eventTagPairs(normalized.event, { ...normalized, userKey }),
      },
      row: {
        project_id: row.project_id,
        event_id: normalized.eventId,
        intake_id: row.id,
        type: normalized.type,
        timestamp,
        received_at: row.received_at,
        level: normalized.level,
        platform: normalized.platform,
        title,
        release: normalized.release,
        environment: normalized.environment,
        user_key: userKey,
        trace_id: eventTraceId(normalized.event),
        replay_id: eventReplayId(normalized.event),
        // The fastest level: digest runs beside ingest on the same core, and level 1 already shrinks JSON ~5×.
        payload: deflateSync(JSON.stringify(normalized.event), { level: constants.Z_BEST_SPEED }),
      },
    });
  } else if (type === "attachment") {
    if (!headerEventId) throw new Error("an attachment needs the envelope header's event_id");
    const filename = typeof item.header.filename === "string" ? item.header.filename.slice(0, 256) : `attachment-${index + 1}`;
    rows.attachments.push({
        project_id: row.project_id,
        event_id: headerEventId,
        intake_id: row.id,
        filename,
        content_type: typeof item.header.content_type === "string" ? item.header.content_type.slice(0, 128) : null,
        attachment_type: typeof item.header.attachment_type === "string" ? item.header.attachment_type.slice(0, 64) : "event.attachment",
        size: item.payload.length,
        body: item.payload,
    });
  } else if (type === "transaction" || type === "span") {
    digestSpans(rows, row, item, parsed ?? parseJson(item.payload), config);
  } else if (type === "log" || type === "otel_log") {
    digestLogs(rows, row, item, parsed ?? parseJson(item.payload));
  } else if (type === "session" || type === "sessions") {
    countSessions(rows, row, type, parseJson(item.payload));
  } else if (type === "check_in") {
    rows.checkIns.push(readCheckIn(parsed ?? parseJson(item.payload), { projectId: row.project_id, intakeId: row.id, receivedAt: row.received_at }));
  } else if (type === "client_report") {
    countOutcomes(rows, row, parseJson(item.payload));
  } else if (storedItemTypes.has(type)) {
    if (type === "feedback" || type === "user_report") {
      const origin = { projectId: row.project_id, receivedAt: row.received_at, headerEventId };
      const value = parsed ?? parseJson(item.payload);
      rows.feedback.push(type === "feedback" ? readFeedbackEvent(value, origin) : readUserReport(value, origin));
    }
    rows.storedItems.push({ project_id: row.project_id, intake_id: row.id, item_index: index, type, event_id: linkedEventId(type, parsed, item, headerEventId), received_at: row.received_at, payload: item.payload });
  }
  return false;
}

const replayIdPattern = /^[0-9a-f]{32}$/;

function replayOrigin(row: IntakeForDigest, headerEventId: string | null, config: ProjectDigestConfig) {
  return { projectId: row.project_id, receivedAt: row.received_at, clientIp: row.client_ip, headerEventId, dropsIpAddress: config.scrubbing.isEnabled && config.scrubbing.scrubIpAddresses };
}

/**
 * A `replay_recording` (one rrweb segment) or a mobile `replay_video` (a MessagePack map holding the replay
 * event, the recording and the video). The replay is the envelope header's `event_id`. A segment that cannot
 * be kept is named on its replay's row as well as in the envelope's digest error. Returns true when the
 * item's payload was rewritten because scrubbing filtered something.
 */
function digestReplaySegment(rows: DigestRows, row: IntakeForDigest, item: EnvelopeItem, headerEventId: string | null, config: ProjectDigestConfig): boolean {
  if (headerEventId === null || !replayIdPattern.test(headerEventId)) throw new Error("a replay segment needs the envelope header's event_id (the replay id)");
  const replayId = headerEventId;
  try {
    if (item.header.type === "replay_recording") {
      const segment = readReplayRecording(item.payload, config.scrubbing);
      rows.replaySegments.push(replaySegmentRow(row, replayId, segment));
      if (segment.scrubbed === 0) return false;
      item.payload = replayRecordingPayload(segment);
      return true;
    }
    const parts = readReplayVideoItem(item.payload);
    let isRewritten = false;
    let segmentId: number | null = null;
    let replayEvent: Uint8Array | null = parts.replayEvent;
    if (parts.replayEvent !== null) {
      const value = parseJson(parts.replayEvent);
      if (scrubEvent(value, config.scrubbing) > 0) {
        replayEvent = utf8Encoder.encode(JSON.stringify(value));
        isRewritten = true;
      }
      const event = readReplayEvent(value, replayOrigin(row, headerEventId, config));
      rows.replayEvents.push(event);
      segmentId = event.segmentId;
    }
    let replayRecording = parts.replayRecording;
    if (parts.replayRecording !== null) {
      const segment = readReplayRecording(parts.replayRecording, config.scrubbing);
      rows.replaySegments.push(replaySegmentRow(row, replayId, segment));
      segmentId = segment.segmentId;
      if (segment.scrubbed > 0) {
        replayRecording = replayRecordingPayload(segment);
        isRewritten = true;
      }
    }
    if (segmentId === null) throw new Error("a replay_video item names no segment_id");
    rows.replaySegments.push({ projectId: row.project_id, replayId, receivedAt: row.received_at, kind: "video", segmentId, encoding: videoContainerOf(parts.video), body: parts.video, firstTimestamp: null, lastTimestamp: null, clicks: 0, deadClicks: 0, rageClicks: 0 });
    if (isRewritten) item.payload = encodeMessagePack({ replay_event: replayEvent, replay_recording: replayRecording, replay_video: parts.video });
    return isRewritten;
  } catch (error) {
    rows.replayDrops.push({ projectId: row.project_id, replayId, receivedAt: row.received_at, reason: `a ${item.header.type} item was not kept: ${(error as Error).message}` });
    throw error;
  }
}

function replaySegmentRow(row: IntakeForDigest, replayId: string, segment: ReplaySegmentInput): ReplaySegmentRow {
  return { projectId: row.project_id, replayId, receivedAt: row.received_at, kind: "rrweb", segmentId: segment.segmentId, encoding: segment.encoding, body: segment.body, firstTimestamp: segment.firstTimestamp, lastTimestamp: segment.lastTimestamp, clicks: segment.clicks, deadClicks: segment.deadClicks, rageClicks: segment.rageClicks };
}

/** `contexts.replay.replay_id`, else the `replayId` tag the browser SDK sets: 32 lowercase hex digits or null. */
function eventReplayId(event: Record<string, unknown>): string | null {
  const contexts = isRecord(event.contexts) ? event.contexts : null;
  let value: unknown = contexts && isRecord(contexts.replay) ? contexts.replay.replay_id : undefined;
  if (value === undefined) {
    const tags = event.tags;
    if (Array.isArray(tags)) value = (tags as unknown[]).find((pair): pair is [string, unknown] => Array.isArray(pair) && pair[0] === "replayId")?.[1];
    else if (isRecord(tags)) value = tags.replayId;
  }
  if (typeof value !== "string") return null;
  const id = value.replaceAll("-", "").toLowerCase();
  return replayIdPattern.test(id) ? id : null;
}

const spanContainerType = "application/vnd.sentry.items.span.v2+json";

/**
 * A transaction (the segment and its child spans), a v2 span container, or a v1 standalone span, into span
 * rows. A container whose `item_count` disagrees with its items, or that holds more than 1,000, is refused
 * whole as Relay refuses it; single spans without ids or times are dropped and named in the digest error.
 */
function digestSpans(rows: DigestRows, row: IntakeForDigest, item: EnvelopeItem, value: Record<string, unknown>, config: ProjectDigestConfig): void {
  let read;
  if (item.header.type === "transaction") read = spansOfTransaction(value);
  else if (typeof item.header.content_type === "string" && item.header.content_type.toLowerCase() === spanContainerType) {
    const count = Array.isArray(value.items) ? value.items.length : 0;
    if (count > maxContainerSpans) throw new Error(`a span container holds at most ${maxContainerSpans} spans, this one ${count}`);
    if (item.header.item_count !== undefined && item.header.item_count !== count) throw new Error(`item_count ${String(item.header.item_count)} does not match the ${count} spans in the container`);
    read = spansOfContainer(value);
  } else read = spansOfStandaloneSpan(value);
  if (read.spans.length > 0) rows.spanItems.push(spanItemRows(row.project_id, row.received_at, read.spans, read.vitals));
  // Performance issues need the whole request: a transaction's spans arrive together, container spans may not.
  if (item.header.type === "transaction") {
    const segment = read.spans[0]!;
    const user = isRecord(value.user) ? value.user : null;
    const occurrence = { projectId: row.project_id, intakeId: row.id, receivedAt: row.received_at, transactionEventId: typeof value.event_id === "string" ? value.event_id.replaceAll("-", "").toLowerCase() : null, segment, platform: typeof value.platform === "string" ? value.platform.slice(0, 64) : "other", userKey: userKeyOf(user) };
    for (const finding of detectNPlusOneQueries(read.spans)) rows.events.push(nPlusOneEvent(finding, occurrence));
    for (const finding of detectSlowDbQueries(read.spans, config.slowDbQueryUs)) rows.events.push(slowDbQueryEvent(finding, occurrence, config.slowDbQueryUs));
  }
  if (read.dropped.length > 0) throw new Error(`${read.dropped.length} span${read.dropped.length === 1 ? "" : "s"} dropped (${read.dropped.slice(0, 3).join("; ")})`);
}

const logContainerType = "application/vnd.sentry.items.log+json";

/**
 * A `log` container (`{items: [...]}`) or a legacy `otel_log` record into log rows. A container whose
 * `item_count` disagrees with its items is refused whole, as Relay refuses it (its size was capped at ingest);
 * lines dropped or clamped are named in the digest error, the others are stored.
 */
function digestLogs(rows: DigestRows, row: IntakeForDigest, item: EnvelopeItem, value: Record<string, unknown>): void {
  let read;
  if (item.header.type === "otel_log") read = logsOfOtelLog(value);
  else {
    const contentType = typeof item.header.content_type === "string" ? item.header.content_type.toLowerCase() : null;
    if (contentType !== null && contentType !== logContainerType) throw new Error(`a log item's content_type is ${logContainerType}, not ${contentType.slice(0, 80)}`);
    const count = Array.isArray(value.items) ? value.items.length : 0;
    if (item.header.item_count !== undefined && item.header.item_count !== count) throw new Error(`item_count ${String(item.header.item_count).slice(0, 20)} does not match the ${count} logs in the container`);
    read = logsOfContainer(value, { checkLineSizes: item.payload.length > maxLogBytes });
  }
  if (read.logs.length > 0) rows.logItems.push(logItemRows(row.project_id, row.received_at, read.logs));
  if (read.problems.length > 0) throw new Error(`${read.problems.length} log line${read.problems.length === 1 ? "" : "s"} dropped or clamped (${read.problems.slice(0, 3).join("; ")}${read.problems.length > 3 ? "; …" : ""})`);
}

function linkedEventId(type: string, parsed: Record<string, unknown> | undefined, item: EnvelopeItem, headerEventId: string | null): string | null {
  if (type !== "user_report" && type !== "feedback") return headerEventId;
  const value = parsed ?? parseJson(item.payload);
  const linked = type === "user_report" ? value.event_id : (value.contexts as { feedback?: { associated_event_id?: unknown } } | undefined)?.feedback?.associated_event_id;
  return typeof linked === "string" ? linked.replaceAll("-", "").toLowerCase() : headerEventId;
}

/**
 * Session updates and aggregates as Sentry counts them (develop-docs/sdk/telemetry/sessions): a session
 * counts once as started (its `init: true` update) and once by how it ended (the first update whose status is
 * no longer "ok"): crashed, abnormal, errored ("errored", or "exited" with errors), or exited when healthy
 * (so "exited" means what it means in an aggregate: ended without errors).
 * An SDK sends a crashed session again when it is closed; digest-batch counts each session id once per mark.
 * `did` is the user, kept per status in user sketches for count_unique(user).
 */
function countSessions(rows: DigestRows, row: IntakeForDigest, type: string, value: Record<string, unknown>): void {
  const attrs = (value.attrs ?? {}) as { release?: unknown; environment?: unknown };
  if (typeof attrs.release !== "string" || attrs.release === "") throw new Error("a session needs attrs.release");
  const release = attrs.release.slice(0, 200);
  const environment = typeof attrs.environment === "string" ? attrs.environment.slice(0, 64) : "production";
  const counts: Omit<SessionCount, "project_id" | "release" | "environment">[] = [];
  if (type === "session") {
    const hour = toHour(value.started, row.received_at);
    const sessionId = typeof value.sid === "string" && value.sid !== "" ? value.sid.slice(0, 64) : undefined;
    const users = typeof value.did === "string" && value.did !== "" ? [value.did.slice(0, 200)] : [];
    if (value.init === true) counts.push({ hour, status: "started", quantity: 1, sessionId, users });
    if (typeof value.status === "string" && value.status !== "ok") {
      const hasErrors = typeof value.errors === "number" && value.errors > 0;
      const status = value.status === "exited" && hasErrors ? "errored" : value.status.slice(0, 32);
      counts.push({ hour, status, quantity: 1, sessionId, users });
    }
  } else {
    for (const aggregate of Array.isArray(value.aggregates) ? (value.aggregates as Record<string, unknown>[]) : []) {
      const hour = toHour(aggregate.started, row.received_at);
      const users = typeof aggregate.did === "string" && aggregate.did !== "" ? [aggregate.did.slice(0, 200)] : [];
      let started = 0;
      for (const status of ["exited", "errored", "abnormal", "crashed"]) {
        const quantity = aggregate[status];
        if (typeof quantity === "number" && quantity > 0) {
          counts.push({ hour, status, quantity: Math.floor(quantity), users: status === "exited" ? [] : users });
          started += Math.floor(quantity);
        }
      }
      if (started > 0) counts.push({ hour, status: "started", quantity: started, users });
    }
  }
  for (const count of counts) rows.sessionCounts.push({ project_id: row.project_id, release, environment, ...count });
  if (counts.length > 0) rows.sessionReleases.push({ project_id: row.project_id, version: release, first_seen: row.received_at });
}

function countOutcomes(rows: DigestRows, row: IntakeForDigest, value: Record<string, unknown>): void {
  const hour = toHour(value.timestamp, row.received_at);
  for (const [field, outcome] of [["discarded_events", "client_discard"], ["rate_limited_events", "rate_limited"], ["filtered_events", "filtered"]] as const) {
    const entries = Array.isArray(value[field]) ? (value[field] as Record<string, unknown>[]) : [];
    for (const entry of entries) {
      if (typeof entry.reason !== "string" || typeof entry.category !== "string" || typeof entry.quantity !== "number" || entry.quantity <= 0) continue;
      rows.outcomes.push({ project_id: row.project_id, hour, outcome, reason: entry.reason.slice(0, 64), category: entry.category.slice(0, 64), quantity: Math.floor(entry.quantity) });
    }
  }
}

function toHour(value: unknown, fallbackMs: number): number {
  const ms = typeof value === "number" ? value * 1000 : typeof value === "string" ? Date.parse(value) : NaN;
  const time = Number.isFinite(ms) ? ms : fallbackMs;
  return time - (time % hourMs);
}

function parseJson(payload: Uint8Array): Record<string, unknown> {
  const value: unknown = JSON.parse(utf8.decode(payload));
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not a JSON object");
  return value as Record<string, unknown>;
}
