import { randomUUID } from "node:crypto";
import { AppError } from "../errors";
import { ErrorCollector } from "./collect-errors";
import { correctTimestamps } from "./correct-timestamps";
import { deriveNextjsDigest } from "./derive-nextjs-digest";
import { normalizeBreadcrumbs } from "./normalize-breadcrumbs";
import { fillUserAgentContexts } from "./fill-user-agent-contexts";
import { normalizeContexts } from "./normalize-contexts";
import { normalizeExceptions, normalizeThreads } from "./normalize-exceptions";
import { normalizeLevel, type Level } from "./normalize-level";
import { normalizeLogentry } from "./normalize-logentry";
import { normalizeRequest } from "./normalize-request";
import { normalizeTags } from "./normalize-tags";
import { normalizeUser, userKeyOf } from "./normalize-user";
import { isRecord, lenientString, type JsonObject } from "@/lib/json-values";
import { bagLimits, limitDepth, trimDatabag } from "./trim-databag";
import { charLimits, trimString, type CharLimit } from "./trim-string";

export interface NormalizeContext {
  /** Epoch ms when Lantern received the envelope. */
  receivedAt: number;
  /** The envelope header's `sent_at` (RFC 3339), for clock drift. */
  sentAt?: unknown;
  /** The envelope header's `event_id`, used when the event has none. */
  headerEventId?: unknown;
  /** The SDK's address (resolved by ingest), for `user.ip_address: "{{auto}}"`. */
  clientIp?: string | null;
  /** jsonNestingDepth of the payload text, when the caller has it: shallow payloads skip the depth walk. */
  payloadDepth?: number;
}

export interface NormalizedEvent {
  eventId: string;
  type: string;
  timestampMs: number;
  level: Level;
  platform: string;
  title: string;
  release: string | null;
  environment: string | null;
  userKey: string | null;
  /** The whole event as stored: every field the SDK sent, normalized where Lantern understands it. */
  event: Record<string, unknown>;
}

const eventTypes = new Set(["default", "error", "csp", "hpkp", "expectct", "expectstaple", "nel", "transaction", "feedback", "generic", "userreportv2"]);
const eventIdPattern = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const invalidReleaseChars = /[\n\t\x0b\x0c\r/\\]/;
const distPattern = /^[a-zA-Z0-9_.-]+$/;
const maxReleaseChars = 200;
const maxDistChars = 64;
const maxEnvironmentChars = 64;
/** Far deeper than any SDK nests, far shallower than where JSON.stringify overflows the stack. */
export const maxEventDepth = 32;
/**
 * Normalization wraps a few values one level deeper (a bare exception or breadcrumb list into `{values}`,
 * tags and headers objects into pairs); a payload this much shallower than the limit cannot reach it.
 */
export const depthAddedByNormalization = 4;
const unlabeled = "<unlabeled event>";

/**
 * Sentry-compatible normalization of one event payload (sentry-protocol §4): repairs, trims or drops what
 * is malformed, recording each drop in `event.errors`, and keeps every field it does not know. Throws only
 * when the payload is not a JSON object.
 */
export function normalizeEvent(raw: unknown, context: NormalizeContext): NormalizedEvent {
  if (!isRecord(raw)) {
    throw new AppError("bad_request", `invalid event: the payload is ${raw === null ? "null" : Array.isArray(raw) ? "an array" : `a ${typeof raw}`}, not a JSON object`);
  }
  const errors = new ErrorCollector();
  const event: JsonObject = { ...raw };
  // Relay's own annotations; an SDK has no business sending them and we do not produce them.
  delete event._meta;
  const receivedSeconds = (Number.isFinite(context.receivedAt) ? context.receivedAt : Date.now()) / 1000;

  const eventId = normalizeEventId(raw.event_id, context.headerEventId, errors);
  event.event_id = eventId;

  const exceptions = normalizeExceptions(raw.exception, errors);
  put(event, "exception", exceptions.length > 0 ? { values: exceptions } : null);
  if (raw.threads !== undefined) {
    const threads = normalizeThreads(raw.threads, errors);
    put(event, "threads", threads.length > 0 ? { values: threads } : null);
  }
  const breadcrumbs = normalizeBreadcrumbs(raw.breadcrumbs, errors);
  const { timestamp, startTimestamp } = correctTimestamps(event, breadcrumbs, receivedSeconds, context.sentAt, errors);
  event.timestamp = timestamp;
  put(event, "start_timestamp", startTimestamp);
  event.received = receivedSeconds;
  put(event, "breadcrumbs", breadcrumbs.length > 0 ? { values: breadcrumbs } : null);

  let type = exceptions.length > 0 ? "error" : "default";
  if (typeof raw.type === "string" && eventTypes.has(raw.type)) type = raw.type;
  else if (raw.type !== undefined && raw.type !== null) errors.add("invalid_data", "type", raw.type);
  event.type = type;

  let level: Level = type === "transaction" ? "info" : "error";
  if (raw.level !== undefined && raw.level !== null) {
    const parsed = normalizeLevel(raw.level);
    if (parsed) level = parsed;
    else errors.add("invalid_data", "level", raw.level);
  }
  event.level = level;

  let platform = "other";
  if (typeof raw.platform === "string" && raw.platform !== "") platform = trimString(raw.platform, charLimits.enumLike);
  else if (raw.platform !== undefined && raw.platform !== null) errors.add("invalid_data", "platform", raw.platform);
  event.platform = platform;

  const logentry = normalizeLogentry(raw.logentry, raw.message, errors);
  delete event.message;
  put(event, "logentry", logentry);

  const tags = normalizeTags(raw.tags, raw.server_name, errors);
  delete event.server_name;
  if (!tags.tags.some(([key]) => key === "digest")) {
    const digest = deriveNextjsDigest({ platform, exceptions, rawBreadcrumbs: raw.breadcrumbs, rawContexts: raw.contexts });
    if (digest !== null) tags.tags.push(["digest", digest]);
  }
  put(event, "tags", tags.tags.length > 0 ? tags.tags : null);

  const release = validateName(raw.release, "release", errors, (name) => name !== "." && name !== ".." && name.length <= maxReleaseChars && !invalidReleaseChars.test(name));
  put(event, "release", release);
  put(event, "dist", validateName(raw.dist, "dist", errors, (name) => name.length <= maxDistChars && distPattern.test(name)));
  const isEnvironment = (name: string) => name.length <= maxEnvironmentChars && !/[\r\n]/.test(name);
  const environment = validateName(raw.environment, "environment", errors, isEnvironment) ?? (tags.environment && isEnvironment(tags.environment.trim()) ? tags.environment.trim() : null);
  put(event, "environment", environment);

  const logger = trimmedText(event, "logger", charLimits.logger, errors);
  if (logger !== null && /[\r\n]/.test(logger)) {
    errors.add("invalid_data", "logger", logger);
    delete event.logger;
  }
  const transaction = trimmedText(event, "transaction", charLimits.transaction, errors);
  trimmedText(event, "culprit", charLimits.culprit, errors);

  normalizeFingerprint(event, errors);
  const user = normalizeUser(raw.user, platform, context.clientIp, errors);
  put(event, "user", user);
  put(event, "contexts", normalizeContexts(raw.contexts, errors));
  put(event, "request", normalizeRequest(raw.request, errors));
  fillUserAgentContexts(event);
  put(event, "extra", objectField(raw.extra, "extra", errors, (extra) => trimDatabag(extra, bagLimits.massive).value));
  put(event, "sdk", objectField(raw.sdk, "sdk", errors, (sdk) => sdk));
  put(event, "errors", Array.isArray(raw.errors) ? raw.errors.filter(isRecord) : null);

  // Walking every value of the event was a tenth of digest's CPU; the byte scan of the text is cheaper.
  const isShallow = context.payloadDepth !== undefined && context.payloadDepth + depthAddedByNormalization <= maxEventDepth;
  const stored = isShallow ? event : (limitDepth(event, maxEventDepth, (path) => errors.add("invalid_data", path, `nested deeper than ${maxEventDepth} levels`)) as JsonObject);
  const allErrors = [...(Array.isArray(stored.errors) ? stored.errors : []), ...errors.errors];
  put(stored, "errors", allErrors.length > 0 ? allErrors : null);

  return {
    eventId,
    type,
    timestampMs: Math.round(timestamp * 1000),
    level,
    platform,
    title: titleOf(exceptions, logentry, transaction),
    release,
    environment,
    userKey: userKeyOf(user),
    event: stored,
  };
}

function put(event: JsonObject, key: string, value: unknown): void {
  if (value === null || value === undefined) delete event[key];
  else event[key] = value;
}

/** Hyphenated or plain UUIDs, lowercased without dashes; missing → the envelope's id; invalid → a new one. */
function normalizeEventId(value: unknown, headerId: unknown, errors: ErrorCollector): string {
  if (value !== undefined && value !== null) {
    const id = parseEventId(value);
    if (id) return id;
    errors.add("invalid_data", "event_id", value);
    return newEventId();
  }
  return parseEventId(headerId) ?? newEventId();
}

function parseEventId(value: unknown): string | null {
  return typeof value === "string" && eventIdPattern.test(value) ? value.replaceAll("-", "").toLowerCase() : null;
}

function newEventId(): string {
  return randomUUID().replaceAll("-", "");
}

/** Release, dist and environment: lenient strings, whitespace-trimmed, removed with an error when invalid. */
function validateName(value: unknown, field: string, errors: ErrorCollector, isValid: (name: string) => boolean): string | null {
  if (value === undefined || value === null) return null;
  const name = lenientString(value)?.trim();
  if (name === undefined || name === "" || !isValid(name)) {
    errors.add("invalid_data", field, value);
    return null;
  }
  return name;
}

/** A string field trimmed to its limit; numbers and booleans become text; other shapes are dropped. */
function trimmedText(event: JsonObject, field: string, limit: CharLimit, errors: ErrorCollector): string | null {
  const value = event[field];
  if (value === undefined) return null;
  const text = lenientString(value);
  if (text === null || text === "") {
    if (text === null && value !== null) errors.add("invalid_data", field, value);
    delete event[field];
    return null;
  }
  event[field] = trimString(text, limit);
  return event[field] as string;
}

function objectField(value: unknown, field: string, errors: ErrorCollector, keep: (object: JsonObject) => unknown): unknown {
  if (value === undefined || value === null) return null;
  if (isRecord(value)) return keep(value);
  errors.add("invalid_data", field, value);
  return null;
}

/** Strings kept; numbers and booleans stringified; anything else dropped (sentry-protocol §4.1). */
function normalizeFingerprint(event: JsonObject, errors: ErrorCollector): void {
  const raw = event.fingerprint;
  if (raw === undefined) return;
  if (!Array.isArray(raw)) {
    if (raw !== null) errors.add("invalid_data", "fingerprint", raw);
    delete event.fingerprint;
    return;
  }
  const parts: string[] = [];
  for (const part of raw) {
    const text = lenientString(part);
    if (text === null) errors.add("invalid_data", "fingerprint", part);
    else parts.push(text);
  }
  put(event, "fingerprint", parts.length > 0 ? parts : null);
}

/** "Type: value" of the newest (last) exception, else the message, else the transaction. */
function titleOf(exceptions: JsonObject[], logentry: JsonObject | null, transaction: string | null): string {
  const main = exceptions[exceptions.length - 1];
  let title: string | null = null;
  if (main) {
    const type = typeof main.type === "string" ? main.type : "";
    const value = typeof main.value === "string" ? main.value : "";
    title = type && value ? `${type}: ${value}` : type || value;
  }
  if (!title && typeof logentry?.formatted === "string") title = logentry.formatted;
  if (!title && transaction) title = transaction;
  return title ? trimString(title, charLimits.title) : unlabeled;
}
