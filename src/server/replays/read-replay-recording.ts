import { constants, deflateSync, gunzipSync, inflateSync } from "node:zlib";
import { filtered } from "../digest/filtered";
import type { ScrubSettings } from "../digest/scrub-event";
import { textScrubbingFor } from "../digest/scrub-event";
import { scrubText } from "../digest/scrub-text";
import { isRecord, type JsonObject } from "@/lib/json-values";
import { rrwebTimestampMs } from "@/lib/replays/replay-timeline";

/** Relay's max_replay_uncompressed_size: a segment's rrweb JSON, decompressed. */
export const maxSegmentUncompressedBytes = 100 * 1024 * 1024;

const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();
const idKey = /(?:^|[-_.])id$|[a-z]Id$|^id$/;

export type SegmentEncoding = "zlib" | "gzip" | "none";

/** One rrweb segment of a replay, read and scrubbed, with what its replay's counters need. */
export interface ReplaySegmentInput {
  segmentId: number;
  /** The segment's rrweb JSON as stored: as the SDK compressed it, or deflated here when it was plain or scrubbed. */
  body: Uint8Array;
  encoding: SegmentEncoding;
  /** Bytes of rrweb JSON, decompressed. */
  jsonBytes: number;
  /** ms; the first and last rrweb event's timestamps (null without events). */
  firstTimestamp: number | null;
  lastTimestamp: number | null;
  clicks: number;
  deadClicks: number;
  rageClicks: number;
  /** How many values scrubbing filtered; the item's payload is rewritten when > 0. */
  scrubbed: number;
}

/**
 * A `replay_recording` payload: `{"segment_id":N}` and a newline, then the segment's rrweb events as JSON,
 * zlib- or gzip-compressed or plain (telemetry-protocol §1.9). Decompressed under Relay's 100 MiB cap, read
 * for counters, scrubbed like events (secrets in text, attributes, inputs, breadcrumbs and the network
 * bodies the SDK recorded). The bytes are kept as the SDK sent them unless scrubbing changed something.
 */
export function readReplayRecording(payload: Uint8Array, scrubbing: ScrubSettings): ReplaySegmentInput {
  const newline = payload.indexOf(0x0a);
  if (newline < 0) throw new Error("a replay recording starts with its {\"segment_id\":N} header line");
  let header: unknown;
  try {
    header = JSON.parse(utf8.decode(payload.subarray(0, newline)));
  } catch {
    throw new Error("a replay recording's header line is not JSON");
  }
  const segmentId = isRecord(header) ? header.segment_id : undefined;
  if (typeof segmentId !== "number" || !Number.isInteger(segmentId) || segmentId < 0 || segmentId > 1_000_000) throw new Error("a replay recording's header needs a segment_id");
  const sent = payload.subarray(newline + 1);
  const encoding = encodingOf(sent);
  let json: Uint8Array;
  try {
    json = encoding === "zlib" ? inflateSync(sent, { maxOutputLength: maxSegmentUncompressedBytes }) : encoding === "gzip" ? gunzipSync(sent, { maxOutputLength: maxSegmentUncompressedBytes }) : sent;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new Error(`segment ${segmentId} is over ${maxSegmentUncompressedBytes / 1024 / 1024} MiB decompressed`);
    throw new Error(`segment ${segmentId} does not decompress (${encoding})`);
  }
  if (json.length > maxSegmentUncompressedBytes) throw new Error(`segment ${segmentId} is over ${maxSegmentUncompressedBytes / 1024 / 1024} MiB`);
  let events: unknown;
  try {
    events = JSON.parse(utf8.decode(json));
  } catch {
    throw new Error(`segment ${segmentId} is not rrweb JSON`);
  }
  if (!Array.isArray(events)) throw new Error(`segment ${segmentId} is not an array of rrweb events`);
  const counts = countEvents(events);
  const scrubbed = scrubRecording(events, scrubbing);
  if (scrubbed > 0 || encoding === "none") {
    const body = deflateSync(scrubbed > 0 ? utf8Encoder.encode(JSON.stringify(events)) : json, { level: constants.Z_BEST_SPEED });
    return { segmentId, body, encoding: "zlib", jsonBytes: json.length, ...counts, scrubbed };
  }
  return { segmentId, body: sent, encoding, jsonBytes: json.length, ...counts, scrubbed };
}

/** The envelope item's payload for a segment: its header line and the stored bytes (a rewritten raw envelope). */
export function replayRecordingPayload(segment: ReplaySegmentInput): Uint8Array {
  const header = utf8Encoder.encode(`{"segment_id":${segment.segmentId}}\n`);
  const payload = new Uint8Array(header.length + segment.body.length);
  payload.set(header);
  payload.set(segment.body, header.length);
  return payload;
}

/** A stored segment's rrweb events. */
export function decodeReplaySegment(body: Uint8Array, encoding: string): unknown[] {
  const json = encoding === "zlib" ? inflateSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
  const events: unknown = JSON.parse(utf8.decode(json));
  return Array.isArray(events) ? events : [];
}

function encodingOf(bytes: Uint8Array): SegmentEncoding {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return "gzip";
  // zlib's header: CM 8 (deflate) and a check value making the first two bytes a multiple of 31.
  if (bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0) return "zlib";
  return "none";
}

/**
 * Counters from the SDK's own rrweb custom events (type 5): breadcrumbs `ui.click`, and
 * `ui.slowClickDetected` — a dead click when nothing reacted before the timeout, a rage click when it was
 * clicked five times or more.
 */
function countEvents(events: unknown[]): Pick<ReplaySegmentInput, "firstTimestamp" | "lastTimestamp" | "clicks" | "deadClicks" | "rageClicks"> {
  let firstTimestamp: number | null = null;
  let lastTimestamp: number | null = null;
  let clicks = 0;
  let deadClicks = 0;
  let rageClicks = 0;
  for (const event of events) {
    if (!isRecord(event)) continue;
    if (typeof event.timestamp === "number" && Number.isFinite(event.timestamp) && event.timestamp > 0) {
      const atMs = rrwebTimestampMs(event.timestamp);
      if (firstTimestamp === null || atMs < firstTimestamp) firstTimestamp = atMs;
      if (lastTimestamp === null || atMs > lastTimestamp) lastTimestamp = atMs;
    }
    if (event.type !== 5 || !isRecord(event.data) || event.data.tag !== "breadcrumb" || !isRecord(event.data.payload)) continue;
    const { category, data } = event.data.payload;
    if (category === "ui.click") clicks += 1;
    else if (category === "ui.slowClickDetected" && isRecord(data)) {
      if (data.endReason === "timeout") deadClicks += 1;
      if (typeof data.clickCount === "number" && data.clickCount >= 5) rageClicks += 1;
    }
  }
  return { firstTimestamp: firstTimestamp === null ? null : Math.round(firstTimestamp), lastTimestamp: lastTimestamp === null ? null : Math.round(lastTimestamp), clicks, deadClicks, rageClicks };
}

/**
 * Scrubs a recording in place like an event, without a depth limit (a recorded DOM nests deeper than any
 * event; the walk keeps its own stack): values under sensitive keys (an attribute `data-token`, a
 * breadcrumb's `password`, a recorded request's `Authorization` header) are filtered, secrets inside any
 * text (card numbers, bearer tokens, `token=` in URLs) are replaced, and the value of a password input that
 * the SDK recorded unmasked is masked the way the SDK masks (one `*` per character). Returns the count.
 */
function scrubRecording(events: unknown[], settings: ScrubSettings): number {
  if (!settings.isEnabled) return 0;
  const text = textScrubbingFor(settings);
  let count = 0;
  const stack: (JsonObject | unknown[])[] = [events];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const element: unknown = value[index];
        if (typeof element === "string") {
          const scrubbed = scrubText(element, text);
          if (scrubbed !== element) {
            value[index] = scrubbed;
            count++;
          }
        } else if (element !== null && typeof element === "object") stack.push(element as JsonObject);
      }
      continue;
    }
    if (value.tagName === "input" && isRecord(value.attributes) && typeof value.attributes.type === "string" && value.attributes.type.toLowerCase() === "password" && typeof value.attributes.value === "string" && !/^\**$/.test(value.attributes.value)) {
      value.attributes.value = "*".repeat(value.attributes.value.length);
      count++;
    }
    for (const key of Object.keys(value)) {
      const element = value[key];
      if (typeof element === "string") {
        if (element !== "" && text.isSensitiveKey(key)) {
          value[key] = filtered;
          count++;
          continue;
        }
        const scrubbed = scrubText(element, text, idKey.test(key));
        if (scrubbed !== element) {
          value[key] = scrubbed;
          count++;
        }
      } else if (typeof element === "number" && text.isSensitiveKey(key)) {
        value[key] = filtered;
        count++;
      } else if (element !== null && typeof element === "object") stack.push(element as JsonObject);
    }
  }
  return count;
}
