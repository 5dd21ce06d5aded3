import type { ErrorCollector } from "./collect-errors";
import { formatTimestamp, parseTimestamp } from "./parse-timestamp";
import { isRecord, type JsonObject } from "@/lib/json-values";

/** sentry-protocol §4.3 items 2–4, with Relay's defaults. */
export const minClockDriftSeconds = 55 * 60;
export const maxSecondsInFuture = 60;
export const maxSecondsInPast = 30 * 24 * 3600;

export interface CorrectedTimestamps {
  timestamp: number;
  startTimestamp: number | null;
}

/**
 * Parses `timestamp` / `start_timestamp`, then shifts every event time by the clock drift when the SDK's
 * clock (the envelope's `sent_at`) is at least 55 minutes off ours, then replaces a timestamp more than
 * 60 s ahead or 30 days behind with the receive time. Breadcrumbs are shifted in place (they are copies).
 */
export function correctTimestamps(
  event: JsonObject,
  breadcrumbs: JsonObject[],
  receivedSeconds: number,
  sentAt: unknown,
  errors: ErrorCollector,
): CorrectedTimestamps {
  let timestamp = readTimestamp(event.timestamp, "timestamp", errors);
  let startTimestamp = readTimestamp(event.start_timestamp, "start_timestamp", errors);

  const sdkTime = parseTimestamp(sentAt);
  const drift = sdkTime === null ? 0 : receivedSeconds - sdkTime;
  if (Math.abs(drift) >= minClockDriftSeconds) {
    if (timestamp !== null) timestamp += drift;
    if (startTimestamp !== null) startTimestamp += drift;
    for (const crumb of breadcrumbs) if (typeof crumb.timestamp === "number") crumb.timestamp += drift;
    if (Array.isArray(event.spans)) event.spans = event.spans.map((span: unknown) => shiftSpan(span, drift));
    errors.add("clock_drift", undefined, undefined, { sdk_time: formatTimestamp(sdkTime!), server_time: formatTimestamp(receivedSeconds) });
  }

  if (timestamp === null) timestamp = receivedSeconds;
  else if (timestamp > receivedSeconds + maxSecondsInFuture) {
    errors.add("future_timestamp", "timestamp", formatTimestamp(timestamp));
    timestamp = receivedSeconds;
  } else if (timestamp < receivedSeconds - maxSecondsInPast) {
    errors.add("past_timestamp", "timestamp", formatTimestamp(timestamp));
    timestamp = receivedSeconds;
  }
  return { timestamp, startTimestamp };
}

function readTimestamp(value: unknown, name: string, errors: ErrorCollector): number | null {
  if (value === undefined || value === null) return null;
  const seconds = parseTimestamp(value);
  if (seconds === null) errors.add("invalid_data", name, value);
  return seconds;
}

function shiftSpan(span: unknown, drift: number): unknown {
  if (!isRecord(span)) return span;
  const shifted: JsonObject = { ...span };
  for (const field of ["timestamp", "start_timestamp"]) {
    const seconds = parseTimestamp(span[field]);
    if (seconds !== null) shifted[field] = seconds + drift;
  }
  return shifted;
}
