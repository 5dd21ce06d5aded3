/**
 * What the replay page's timeline and side panels show, read from the rrweb events the Sentry SDK recorded:
 * its custom events (rrweb type 5) carry breadcrumbs (`tag: "breadcrumb"`: console, ui.click, navigation…)
 * and performance spans (`tag: "performanceSpan"`: fetch/xhr requests, navigations). Every row has its
 * offset from the replay's first event, so a click on it seeks the player. Values are kept as plain text
 * (the page renders them as React text, never as HTML) and clipped so one huge console argument cannot
 * blow up the page.
 */

const customEventType = 5;
const metaEventType = 4;
const maxTextChars = 2_000;
const maxRows = 5_000;

export interface ConsoleRow {
  offsetMs: number;
  level: string;
  message: string;
}

export interface NetworkRow {
  offsetMs: number;
  durationMs: number;
  op: string;
  method: string | null;
  url: string;
  statusCode: number | null;
  requestSize: number | null;
  responseSize: number | null;
  requestBody: string | null;
  responseBody: string | null;
}

export interface BreadcrumbRow {
  offsetMs: number;
  category: string;
  message: string;
  level: string | null;
}

export interface TimelineMarker {
  offsetMs: number;
  kind: "error" | "click" | "navigation";
  label: string;
}

export interface ErrorEventFact {
  eventId: string;
  timestampMs: number;
  title: string;
  issueId: number | null;
}

export interface ErrorRow extends ErrorEventFact {
  offsetMs: number;
}

export interface ReplayTimeline {
  startMs: number;
  endMs: number;
  durationMs: number;
  console: ConsoleRow[];
  network: NetworkRow[];
  breadcrumbs: BreadcrumbRow[];
  errors: ErrorRow[];
  markers: TimelineMarker[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function clip(text: string): string {
  return text.length > maxTextChars ? `${text.slice(0, maxTextChars)}…` : text;
}

/** Any recorded value as one line of text: strings as they are, anything else as JSON. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return clip(value);
  if (value === undefined) return "";
  try {
    return clip(JSON.stringify(value) ?? String(value));
  } catch {
    return clip(String(value));
  }
}

function text(value: unknown): string | null {
  return typeof value === "string" ? clip(value) : null;
}

function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Timestamps in the SDK's payloads are seconds; rrweb's are milliseconds. */
function secondsToMs(value: unknown): number | null {
  const seconds = finiteNumber(value);
  return seconds === null ? null : Math.round(seconds * 1000);
}

function bodyText(part: unknown): string | null {
  if (!isObject(part) || part.body === undefined) return null;
  return describeValue(part.body);
}

/** The Sentry SDK stamps some of its own rrweb events (performance spans) in seconds, rrweb in ms; Sentry's player reads both as ms. */
export function rrwebTimestampMs(timestamp: number): number {
  return timestamp > 9_999_999_999 ? timestamp : timestamp * 1000;
}

/**
 * The rrweb events of a recording sorted by timestamp (stable for equal times), every timestamp in ms,
 * dropping anything that is not an event.
 */
export function sortRrwebEvents(events: readonly unknown[]): Json[] {
  return events
    .filter((event): event is Json => isObject(event) && typeof event.type === "number" && finiteNumber(event.timestamp) !== null)
    .map((event) => ((event.timestamp as number) > 9_999_999_999 ? event : { ...event, timestamp: rrwebTimestampMs(event.timestamp as number) }))
    .map((event, position) => ({ event, position }))
    .sort((a, b) => (a.event.timestamp as number) - (b.event.timestamp as number) || a.position - b.position)
    .map(({ event }) => event);
}

/**
 * The panels and markers of a recording. `events` must be sorted (sortRrwebEvents); `errors` are the
 * replay's error events as the page looked them up (their time places them on the timeline).
 */
export function buildReplayTimeline(events: readonly Json[], errors: readonly ErrorEventFact[] = []): ReplayTimeline {
  const startMs = events.length > 0 ? (events[0]!.timestamp as number) : 0;
  const endMs = events.length > 0 ? (events[events.length - 1]!.timestamp as number) : startMs;
  const offset = (ms: number) => Math.max(0, ms - startMs);
  const timeline: ReplayTimeline = { startMs, endMs, durationMs: endMs - startMs, console: [], network: [], breadcrumbs: [], errors: [], markers: [] };

  for (const event of events) {
    const data = event.data;
    if (!isObject(data)) continue;
    const eventMs = event.timestamp as number;
    if (event.type === metaEventType && typeof data.href === "string") {
      if (timeline.markers.length < maxRows) timeline.markers.push({ offsetMs: offset(eventMs), kind: "navigation", label: clip(data.href) });
      continue;
    }
    if (event.type !== customEventType || !isObject(data.payload)) continue;
    const payload = data.payload;
    if (data.tag === "breadcrumb") {
      const category = text(payload.category) ?? "default";
      const atMs = secondsToMs(payload.timestamp) ?? eventMs;
      const message = text(payload.message) ?? (payload.data !== undefined ? describeValue(payload.data) : "");
      const level = text(payload.level);
      if (category === "console") {
        const args = isObject(payload.data) && Array.isArray(payload.data.arguments) ? payload.data.arguments : null;
        if (timeline.console.length < maxRows) timeline.console.push({ offsetMs: offset(atMs), level: level ?? "log", message: text(payload.message) ?? (args ? args.map(describeValue).join(" ") : "") });
        continue;
      }
      if (timeline.breadcrumbs.length < maxRows) timeline.breadcrumbs.push({ offsetMs: offset(atMs), category, message, level });
      if (category === "ui.click" && timeline.markers.length < maxRows) timeline.markers.push({ offsetMs: offset(atMs), kind: "click", label: message });
      if (category === "navigation" && timeline.markers.length < maxRows) {
        const to = isObject(payload.data) ? text(payload.data.to) : null;
        timeline.markers.push({ offsetMs: offset(atMs), kind: "navigation", label: to ?? message });
      }
    } else if (data.tag === "performanceSpan") {
      const op = text(payload.op) ?? "";
      const begin = secondsToMs(payload.startTimestamp) ?? eventMs;
      const end = secondsToMs(payload.endTimestamp) ?? begin;
      const url = text(payload.description) ?? "";
      if (op.startsWith("navigation.")) {
        if (timeline.markers.length < maxRows) timeline.markers.push({ offsetMs: offset(begin), kind: "navigation", label: url });
        continue;
      }
      if (!op.startsWith("resource.fetch") && !op.startsWith("resource.xhr")) continue;
      const spanData = isObject(payload.data) ? payload.data : {};
      const request = isObject(spanData.request) ? spanData.request : {};
      const response = isObject(spanData.response) ? spanData.response : {};
      if (timeline.network.length < maxRows) {
        timeline.network.push({
          offsetMs: offset(begin),
          durationMs: Math.max(0, end - begin),
          op,
          method: text(spanData.method),
          url,
          statusCode: finiteNumber(spanData.statusCode),
          requestSize: finiteNumber(request.size) ?? finiteNumber(spanData.requestBodySize),
          responseSize: finiteNumber(response.size) ?? finiteNumber(spanData.responseBodySize),
          requestBody: bodyText(request),
          responseBody: bodyText(response),
        });
      }
    }
  }

  for (const error of [...errors].sort((a, b) => a.timestampMs - b.timestampMs)) {
    const row = { ...error, offsetMs: offset(error.timestampMs) };
    timeline.errors.push(row);
    timeline.markers.push({ offsetMs: row.offsetMs, kind: "error", label: error.title });
  }
  // The network panel lists by start time; breadcrumbs may arrive in a segment after a later one.
  for (const rows of [timeline.console, timeline.network, timeline.breadcrumbs, timeline.markers] as { offsetMs: number }[][]) rows.sort((a, b) => a.offsetMs - b.offsetMs);
  return timeline;
}

/** Where the player opens: `?event=` at that error's time minus 5 s, else `?t=` seconds, else the start; clamped to the recording. */
export function initialOffsetMs(timeline: Pick<ReplayTimeline, "durationMs" | "errors">, params: { t?: string | null; event?: string | null }): number {
  const clamp = (ms: number) => Math.min(Math.max(0, Math.round(ms)), timeline.durationMs);
  const eventId = params.event?.replace(/-/g, "").toLowerCase();
  if (eventId) {
    const error = timeline.errors.find((candidate) => candidate.eventId === eventId);
    if (error) return clamp(error.offsetMs - 5_000);
  }
  const seconds = params.t ? Number(params.t) : NaN;
  return Number.isFinite(seconds) ? clamp(seconds * 1000) : 0;
}

/** "1:05" / "1:02:03" for an offset in ms. */
export function formatOffset(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
