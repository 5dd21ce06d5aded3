import { describeItem } from "@/lib/describe-envelope-items";
import { readJsonObject } from "@/lib/read-json-object";
import type { LanternConfig } from "../config";
import { defaultScrubSettings, textScrubbingFor } from "../digest/scrub-event";
import { scrubText, type TextScrubbing } from "../digest/scrub-text";
import { IngestRefusal } from "../errors";
import type { EnvelopeItem, ParsedEnvelope } from "./parse-envelope";

export interface EnvelopeFacts {
  eventId: string | null;
  itemTypes: string[];
  summary: string | null;
  sdkName: string | null;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const hexId = /^[0-9a-f]{32}$/;
const jsonItemTypes = new Set(["event", "transaction", "feedback", "user_report", "check_in", "session", "sessions", "client_report", "replay_event"]);
const summarizedItemTypes = new Set(["event", "transaction", "feedback"]);
const maxSummaryLength = 300;
/** Relay's cap on the spans of one v2 container item (telemetry-protocol.md §1.3). */
export const maxContainerSpans = 1000;
/** Relay's max_container_size: one span (or log) container item's bytes. */
export const maxContainerBytes = 12 * 1024 * 1024;
/** Relay's max_replay_compressed_size: one replay segment as sent (recording or video). */
export const maxReplaySegmentBytes = 10 * 1024 * 1024;
/** Relay's max_log_size: one log line (an `otel_log` item; lines of a larger container are checked at digest). */
export const maxLogBytes = 2 * 1024 * 1024;

/**
 * The checks that decide the answer before anything is stored (Relay's limits, sentry-protocol §2.6):
 * item counts and sizes (413), JSON items that are not JSON objects (400). Also reads what the received
 * list shows, so nothing needs the body again to list it.
 */
export function inspectEnvelope(envelope: ParsedEnvelope, limits: LanternConfig["ingest"]): EnvelopeFacts {
  const { items } = envelope;
  if (items.length > limits.maxItems) throw new IngestRefusal("payload_too_large", `the envelope has ${items.length} items; at most ${limits.maxItems} are accepted`);
  const sessions = items.filter((item) => item.header.type === "session").length;
  if (sessions > limits.maxSessions) throw new IngestRefusal("payload_too_large", `the envelope has ${sessions} session items; at most ${limits.maxSessions} are accepted`);

  let eventId = normalizeId(envelope.header.event_id);
  let summary: string | null = null;
  let description: string | null = null;
  items.forEach((item, index) => {
    const { type } = item.header;
    const size = item.payload.length;
    if ((type === "replay_recording" || type === "replay_video") && size > maxReplaySegmentBytes) {
      throw new IngestRefusal("payload_too_large", `item ${index + 1} (${type}) is ${size} bytes; a replay segment is at most ${maxReplaySegmentBytes} compressed`);
    }
    if ((type === "event" || type === "transaction" || type === "feedback" || type === "replay_event") && size > limits.maxEventBytes) {
      throw new IngestRefusal("payload_too_large", `item ${index + 1} (${type}) is ${size} bytes; the limit is ${limits.maxEventBytes}`);
    }
    if (type === "span" && size > maxContainerBytes) {
      throw new IngestRefusal("payload_too_large", `item ${index + 1} (span) is ${size} bytes; a span item holds at most ${maxContainerBytes}`);
    }
    if (type === "span" && typeof item.header.item_count === "number" && item.header.item_count > maxContainerSpans) {
      throw new IngestRefusal("payload_too_large", `item ${index + 1} (span) holds ${item.header.item_count} spans; a span container holds at most ${maxContainerSpans}`);
    }
    if (type === "log" && size > maxContainerBytes) {
      throw new IngestRefusal("payload_too_large", `item ${index + 1} (log) is ${size} bytes; a log container holds at most ${maxContainerBytes}`);
    }
    if (type === "otel_log" && size > maxLogBytes) {
      throw new IngestRefusal("payload_too_large", `item ${index + 1} (otel_log) is ${size} bytes; one log is at most ${maxLogBytes}`);
    }
    if (type === "attachment" && size > limits.maxAttachmentBytes) {
      throw new IngestRefusal("payload_too_large", `item ${index + 1} (attachment) is ${size} bytes; the limit is ${limits.maxAttachmentBytes}`);
    }
    if (!jsonItemTypes.has(type)) return;
    const value = parseJsonObject(item.payload, `item ${index + 1} (${type})`);
    if (summarizedItemTypes.has(type)) {
      eventId ??= normalizeId(value.event_id);
      summary ??= summarizeEvent(value);
    } else {
      description ??= describeItem(type, value);
    }
  });
  summary ??= description === null ? null : finishSummary(description, textScrubbingFor(defaultScrubSettings));
  const sdk = envelope.header.sdk as { name?: unknown } | undefined;
  return {
    eventId,
    itemTypes: items.map((item) => item.header.type),
    summary,
    sdkName: typeof sdk?.name === "string" ? sdk.name.slice(0, 100) : null,
  };
}

function parseJsonObject(payload: Uint8Array, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(payload));
  } catch {
    throw new IngestRefusal("bad_request", `invalid envelope: ${what} is not valid JSON`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new IngestRefusal("bad_request", `invalid envelope: ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

function normalizeId(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const id = value.replaceAll("-", "").toLowerCase();
  return hexId.test(id) ? id : null;
}

/**
 * What the received list, the envelope's heading and its page title show for an event, with secrets
 * filtered like every other text Lantern keeps: at ingest by the default rules (the project's settings are
 * digest's to load), and again by digest under the project's settings when they filtered anything in the
 * envelope (summarizeEnvelopeItems). The whole text is scrubbed before it is cut, so a secret is never
 * left half shown at the cut; scrubbing is linear, and ingest has just parsed the same bytes.
 */
export function summarizeEvent(event: Record<string, unknown>, scrubbing: TextScrubbing = textScrubbingFor(defaultScrubSettings)): string | null {
  const text = describeEvent(event);
  return text ? finishSummary(text, scrubbing) : null;
}

function finishSummary(text: string, scrubbing: TextScrubbing): string | null {
  return scrubText(text, scrubbing).slice(0, maxSummaryLength) || null;
}

/**
 * The summary of an envelope's items as digest rewrote them: the first event-like item that has one, else
 * what the first session update, session aggregate or client report says in words (lib/describe-envelope-items).
 */
export function summarizeEnvelopeItems(items: EnvelopeItem[], scrubbing: TextScrubbing): string | null {
  let description: string | null = null;
  for (const item of items) {
    const { type } = item.header;
    const isEventLike = summarizedItemTypes.has(type);
    if (!isEventLike && (description !== null || !jsonItemTypes.has(type))) continue;
    const value = readJsonObject(item.payload);
    if (value === null) continue;
    if (!isEventLike) {
      description = describeItem(type, value);
      continue;
    }
    const summary = summarizeEvent(value, scrubbing);
    if (summary !== null) return summary;
  }
  return description === null ? null : finishSummary(description, scrubbing);
}

function describeEvent(event: Record<string, unknown>): string | null {
  const exception = event.exception as { values?: unknown } | unknown[] | undefined;
  const values = Array.isArray(exception) ? exception : Array.isArray((exception as { values?: unknown })?.values) ? ((exception as { values: unknown[] }).values) : [];
  const last = values.at(-1) as { type?: unknown; value?: unknown } | undefined;
  let text: string | null = null;
  if (last && (typeof last.type === "string" || typeof last.value === "string")) {
    text = [last.type, last.value].filter((part) => typeof part === "string" && part !== "").join(": ");
  } else if (typeof event.message === "string") {
    text = event.message;
  } else if (typeof (event.message as { formatted?: unknown } | undefined)?.formatted === "string") {
    text = (event.message as { formatted: string }).formatted;
  } else if (typeof (event.message as { message?: unknown } | undefined)?.message === "string") {
    text = (event.message as { message: string }).message;
  } else if (typeof (event.logentry as { formatted?: unknown } | undefined)?.formatted === "string") {
    text = (event.logentry as { formatted: string }).formatted;
  } else if (typeof (event.logentry as { message?: unknown } | undefined)?.message === "string") {
    text = (event.logentry as { message: string }).message;
  } else if (typeof event.transaction === "string") {
    text = event.transaction;
  } else if (typeof (event.contexts as { feedback?: { message?: unknown } } | undefined)?.feedback?.message === "string") {
    text = (event.contexts as { feedback: { message: string } }).feedback.message;
  }
  return text || null;
}
