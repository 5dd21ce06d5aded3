import type { JsonObject } from "@/lib/json-values";
import { eventTagPairs } from "../../issues/event-tag-pairs";
import { metadataOf } from "../issues/serialize-issue";
import type { ApiEvent, ApiEventEntry, ApiEventSummary, ApiEventUser } from "../schemas";
import { splitTextPairs } from "@/lib/event-payload";

/**
 * A stored (normalized) event as Sentry's event endpoints answer: the protocol's interfaces become
 * `entries` ({type, data}) with camelCase frame fields and `[lineNo, text]` context lines, tags become
 * `{key, value}` (with the ones Sentry derives: level, environment, release, user…), times ISO 8601.
 * The payload is untrusted JSON: every read checks its type.
 */
export interface SerializableEvent {
  eventId: string;
  projectId: number;
  issueId: number | null;
  /** Epoch ms. */
  timestamp: number;
  receivedAt: number;
  title: string;
  type: string;
  level: string;
  platform: string;
  release: string | null;
  environment: string | null;
  userKey: string | null;
  groupHash: string | null;
  /** Bytes stored. */
  size: number;
  payload: JsonObject;
  olderEventId: string | null;
  newerEventId: string | null;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const number = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const values = (value: unknown): unknown[] => (Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.values) ? value.values : []);
const iso = (ms: number) => new Date(ms).toISOString();

export function serializeEvent(event: SerializableEvent): ApiEvent {
  const { payload } = event;
  const sdk = isRecord(payload.sdk) ? payload.sdk : null;
  const tags = eventTagPairs(payload, { level: event.level, environment: event.environment, release: event.release, userKey: event.userKey }).map(([key, value]) => ({ key, value }));
  return {
    id: event.eventId,
    eventID: event.eventId,
    groupID: event.issueId === null ? null : String(event.issueId),
    projectID: String(event.projectId),
    title: event.title,
    message: messageOf(payload) ?? event.title,
    type: event.type,
    platform: event.platform,
    dateCreated: iso(event.timestamp),
    dateReceived: iso(event.receivedAt),
    culprit: text(payload.culprit),
    location: text(payload.transaction),
    metadata: metadataOf(event.type, event.title),
    entries: entriesOf(payload),
    tags,
    contexts: isRecord(payload.contexts) ? payload.contexts : {},
    context: isRecord(payload.extra) ? payload.extra : {},
    user: userOf(payload.user),
    sdk: sdk ? { name: text(sdk.name), version: text(sdk.version) } : null,
    release: event.release ? { version: event.release, shortVersion: event.release } : null,
    dist: text(payload.dist),
    environment: event.environment,
    fingerprints: event.groupHash ? [event.groupHash] : [],
    errors: Array.isArray(payload.errors) ? payload.errors : [],
    packages: isRecord(payload.modules) ? payload.modules : {},
    size: event.size,
    crashFile: null,
    userReport: null,
    sdkUpdates: [],
    occurrence: null,
    _meta: {},
    previousEventID: event.olderEventId,
    nextEventID: event.newerEventId,
  };
}

/** The short form of Sentry's event lists (without `full=true`): the stored columns only, no payload. */
export function serializeEventSummary(row: { eventId: string; projectId: number; issueId: number | null; timestamp: number; title: string; level: string; release: string | null; environment: string | null; userKey: string | null; platform?: string | null; type?: string }): ApiEventSummary {
  const tags = eventTagPairs({}, { level: row.level, environment: row.environment, release: row.release, userKey: row.userKey }).map(([key, value]) => ({ key, value }));
  return {
    id: row.eventId,
    eventID: row.eventId,
    groupID: row.issueId === null ? null : String(row.issueId),
    projectID: String(row.projectId),
    title: row.title,
    message: row.title,
    platform: row.platform ?? null,
    dateCreated: iso(row.timestamp),
    "event.type": row.type ?? "error",
    tags,
    user: userFromKey(row.userKey),
  };
}

/** The user key digest stores (`id:42`, `email:…`, `username:…`, `ip:…`) as Sentry's event user. */
export function userFromKey(key: string | null): ApiEventUser {
  if (!key) return null;
  const colon = key.indexOf(":");
  const [kind, value] = colon === -1 ? ["id", key] : [key.slice(0, colon), key.slice(colon + 1)];
  const user = { id: null, email: null, username: null, ip_address: null, name: null, data: null };
  if (kind === "email") return { ...user, email: value };
  if (kind === "username") return { ...user, username: value };
  if (kind === "ip") return { ...user, ip_address: value };
  return { ...user, id: value };
}

function userOf(value: unknown): ApiEventUser {
  if (!isRecord(value)) return null;
  const id = value.id;
  return {
    id: typeof id === "number" ? String(id) : text(id),
    email: text(value.email),
    username: text(value.username),
    ip_address: text(value.ip_address),
    name: text(value.name),
    data: isRecord(value.data) ? value.data : null,
  };
}

function messageOf(payload: Json): string | null {
  const logentry = isRecord(payload.logentry) ? payload.logentry : null;
  return text(logentry?.formatted) ?? text(logentry?.message) ?? text(payload.message) ?? (isRecord(payload.message) ? text(payload.message.formatted) : null);
}

/** Sentry's order: the message, the exception, threads, then breadcrumbs and the request. */
function entriesOf(payload: Json): ApiEventEntry[] {
  const entries: ApiEventEntry[] = [];
  const logentry = isRecord(payload.logentry) ? payload.logentry : null;
  if (logentry) entries.push({ type: "message", data: { formatted: text(logentry.formatted) ?? text(logentry.message), message: text(logentry.message), params: logentry.params ?? null } });
  const exceptions = values(payload.exception).filter(isRecord);
  if (exceptions.length > 0) {
    const serialized = exceptions.map(exceptionOf);
    entries.push({ type: "exception", data: { values: serialized, excOmitted: null, hasSystemFrames: serialized.some((exception) => exception.stacktrace?.frames.some((frame) => !frame.inApp) ?? false) } });
  }
  const threads = values(payload.threads).filter(isRecord);
  if (threads.length > 0) {
    entries.push({
      type: "threads",
      data: { values: threads.map((thread) => ({ id: thread.id ?? null, name: text(thread.name), crashed: thread.crashed === true, current: thread.current === true, stacktrace: stacktraceOf(thread.stacktrace) })) },
    });
  }
  const breadcrumbs = values(payload.breadcrumbs).filter(isRecord);
  if (breadcrumbs.length > 0) entries.push({ type: "breadcrumbs", data: { values: breadcrumbs.map(breadcrumbOf) } });
  if (isRecord(payload.request)) entries.push({ type: "request", data: requestOf(payload.request) });
  return entries;
}

function exceptionOf(exception: Json) {
  const mechanism = isRecord(exception.mechanism) ? exception.mechanism : null;
  return {
    type: text(exception.type),
    value: text(exception.value),
    module: text(exception.module),
    mechanism: mechanism ? { ...mechanism, type: text(mechanism.type) ?? "generic", handled: typeof mechanism.handled === "boolean" ? mechanism.handled : null } : null,
    threadId: exception.thread_id ?? null,
    stacktrace: stacktraceOf(exception.stacktrace),
    rawStacktrace: stacktraceOf(exception.raw_stacktrace),
  };
}

/** Frames as in the protocol, oldest (outermost) first, with Sentry's API names. */
function stacktraceOf(value: unknown) {
  if (!isRecord(value)) return null;
  const frames = (Array.isArray(value.frames) ? value.frames : []).filter(isRecord).map(frameOf);
  return { frames, framesOmitted: null, registers: isRecord(value.registers) ? value.registers : null, hasSystemFrames: frames.some((frame) => !frame.inApp) };
}

function frameOf(frame: Json) {
  const lineNo = number(frame.lineno);
  const pre = Array.isArray(frame.pre_context) ? frame.pre_context : [];
  const post = Array.isArray(frame.post_context) ? frame.post_context : [];
  const context: [number, string][] = [];
  if (lineNo !== null && typeof frame.context_line === "string") {
    pre.forEach((line, index) => context.push([lineNo - pre.length + index, String(line ?? "")]));
    context.push([lineNo, frame.context_line]);
    post.forEach((line, index) => context.push([lineNo + 1 + index, String(line ?? "")]));
  }
  return {
    filename: text(frame.filename),
    absPath: text(frame.abs_path),
    module: text(frame.module),
    package: text(frame.package),
    platform: text(frame.platform),
    instructionAddr: text(frame.instruction_addr),
    symbolAddr: text(frame.symbol_addr),
    function: text(frame.function),
    rawFunction: text(frame.raw_function),
    symbol: text(frame.symbol),
    context,
    lineNo,
    colNo: number(frame.colno),
    inApp: frame.in_app === true,
    trust: text(frame.trust),
    errors: null,
    vars: isRecord(frame.vars) ? frame.vars : null,
  };
}

function breadcrumbOf(crumb: Json) {
  const seconds = number(crumb.timestamp);
  return {
    type: text(crumb.type) ?? "default",
    category: text(crumb.category),
    level: text(crumb.level) ?? "info",
    message: text(crumb.message),
    data: isRecord(crumb.data) ? crumb.data : null,
    timestamp: seconds === null ? null : iso(Math.round(seconds * 1000)),
    event_id: null,
  };
}

function requestOf(request: Json) {
  const url = text(request.url);
  let fragment: string | null = text(request.fragment);
  if (fragment === null && url?.includes("#")) fragment = url.slice(url.indexOf("#") + 1);
  return {
    url,
    method: text(request.method),
    query: pairsOf(request.query_string, "&"),
    fragment,
    data: request.data ?? null,
    headers: pairsOf(request.headers, null),
    cookies: pairsOf(request.cookies, ";"),
    env: isRecord(request.env) ? request.env : null,
    inferredContentType: headerValue(request.headers, "content-type"),
  };
}

/** A databag as Sentry's `[key, value]` pairs: pairs stay pairs, objects become their entries, text is split. */
function pairsOf(value: unknown, separator: "&" | ";" | null): [string, unknown][] {
  if (Array.isArray(value)) return value.filter((pair): pair is [string, unknown] => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string");
  if (isRecord(value)) return Object.entries(value);
  if (typeof value !== "string" || separator === null || value === "") return [];
  return splitTextPairs(value, separator);
}

function headerValue(headers: unknown, name: string): string | null {
  const found = pairsOf(headers, null).find(([key]) => key.toLowerCase() === name);
  return found && typeof found[1] === "string" ? found[1] : null;
}
