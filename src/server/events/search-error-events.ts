import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { eventTagPairs } from "../issues/event-tag-pairs";
import { readEventPayload } from "./read-event-payload";
import type { ErrorCondition, ErrorField, ErrorProperty, ErrorSearch, ErrorValueRef } from "./parse-error-search";
import { cronIssueType, uptimeIssueType } from "@/lib/issue-types";
import { isRecord, type JsonObject } from "@/lib/json-values";

/** Events read per search, newest first; beyond it the answer says `dataScanned: "partial"`. */
export const maxScannedErrorEvents = 10_000;
/** Event types of the issues Lantern makes itself (cron, uptime, performance): not errors. */
const nonErrorTypes = [cronIssueType, uptimeIssueType, "performance", "transaction"];

export type ErrorFieldType = "string" | "integer" | "date";

export interface ErrorSearchResult {
  data: Record<string, string | number | null>[];
  meta: { fields: Record<string, ErrorFieldType>; units: Record<string, null>; dataset: "errors"; isMetricsData: false; dataScanned: "full" | "partial" };
  hasMore: boolean;
}

interface EventRow {
  id: number;
  event_id: string;
  project_id: number;
  issue_id: number | null;
  timestamp: number;
  title: string;
  type: string;
  level: string;
  platform: string;
  release: string | null;
  environment: string | null;
  user_key: string | null;
  trace_id: string | null;
}

/** The type of a field's values in `meta.fields`. */
export function errorFieldType(field: ErrorField): ErrorFieldType {
  if (field.kind === "aggregate") return field.fn === "last_seen" ? "date" : "integer";
  if (field.kind === "tag") return "string";
  if (field.property === "timestamp") return "date";
  return field.property === "project.id" || field.property === "issue.id" ? "integer" : "string";
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : null);

/** The crashing exception: the last of `exception.values` (Sentry's order: the outermost last). */
function crashingException(payload: JsonObject): JsonObject | null {
  const exception = payload.exception;
  const values = Array.isArray(exception) ? exception : isRecord(exception) && Array.isArray(exception.values) ? exception.values : [];
  const last: unknown = values[values.length - 1];
  return isRecord(last) ? last : null;
}

function messageOf(payload: JsonObject, title: string): string {
  const logentry = isRecord(payload.logentry) ? payload.logentry : null;
  return text(logentry?.formatted) ?? text(logentry?.message) ?? text(payload.message) ?? (isRecord(payload.message) ? text(payload.message.formatted) : null) ?? title;
}

/** One stored event as the errors dataset reads it; the payload is inflated only when a field needs it. */
class ErrorEventFacts {
  private payloadCache: JsonObject | null = null;
  constructor(
    readonly row: EventRow,
    private readonly projectSlug: string,
    private readonly payloads: ReadonlyMap<number, Uint8Array>,
  ) {}

  private get payload(): JsonObject {
    if (this.payloadCache === null) {
      try {
        const bytes = this.payloads.get(this.row.id);
        this.payloadCache = bytes ? readEventPayload(bytes) : {};
      } catch {
        this.payloadCache = {};
      }
    }
    return this.payloadCache;
  }

  private user(key: string): string | null {
    const user = this.payload.user;
    return isRecord(user) ? text(user[key]) : null;
  }

  value(ref: ErrorValueRef): string | number | null {
    if (ref.kind === "tag") {
      const pairs = eventTagPairs(this.payload, { level: this.row.level, environment: this.row.environment, release: this.row.release, userKey: this.row.user_key });
      return pairs.find(([key]) => key === ref.key)?.[1] ?? null;
    }
    return this.property(ref.property);
  }

  property(property: ErrorProperty): string | number | null {
    const row = this.row;
    switch (property) {
      case "id":
        return row.event_id;
      case "issue":
        return row.issue_id === null ? null : `${this.projectSlug.toUpperCase()}-${row.issue_id}`;
      case "issue.id":
        return row.issue_id;
      case "title":
        return row.title;
      case "message":
        return messageOf(this.payload, row.title);
      case "project":
        return this.projectSlug;
      case "project.id":
        return row.project_id;
      case "timestamp":
        return new Date(Number(row.timestamp)).toISOString();
      case "level":
        return row.level;
      case "error.type":
        return text(crashingException(this.payload)?.type);
      case "error.value":
        return text(crashingException(this.payload)?.value);
      case "culprit":
        return text(this.payload.culprit);
      case "transaction":
        return text(this.payload.transaction);
      case "release":
        return row.release;
      case "environment":
        return row.environment;
      case "trace":
        return row.trace_id;
      case "platform":
        return row.platform;
      case "event.type":
        return row.type;
      case "user":
        return row.user_key;
      case "user.id":
        return this.user("id");
      case "user.email":
        return this.user("email");
      case "user.username":
        return this.user("username");
      case "user.ip":
        return this.user("ip_address");
      case "user.display":
        return this.user("email") ?? this.user("username") ?? this.user("id") ?? this.user("ip_address");
    }
  }
}

function wildcardPattern(value: string): RegExp {
  return new RegExp(`^${value.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`, "is");
}

function holds(facts: ErrorEventFacts, condition: ErrorCondition): boolean {
  const value = facts.value(condition.ref);
  let matched: boolean;
  if (condition.kind === "has") matched = value !== null && value !== "";
  else if (value === null) matched = false;
  else {
    const actual = String(value);
    matched = condition.values.some((wanted) => {
      if (condition.contains) return wanted.includes("*") ? wildcardPattern(`*${wanted}*`).test(actual) : actual.toLowerCase().includes(wanted.toLowerCase());
      return wanted.includes("*") ? wildcardPattern(wanted).test(actual) : actual === wanted;
    });
  }
  return condition.negated ? !matched : matched;
}

/** Equalities the events table has columns (and indexes) for are asked of the database; the rest are checked per event. */
type ColumnEquality = { column: "environment" | "level" | "release" | "trace_id" | "event_id" | "issue_id"; values: (string | number)[] };

function columnEqualities(conditions: ErrorCondition[]): ColumnEquality[] {
  const columns: Partial<Record<ErrorProperty, "environment" | "level" | "release" | "trace_id" | "event_id" | "issue_id">> = { environment: "environment", level: "level", release: "release", trace: "trace_id", id: "event_id", "issue.id": "issue_id" };
  return conditions.flatMap((condition): ColumnEquality[] => {
    if (condition.kind !== "match" || condition.negated || condition.ref.kind !== "property" || condition.values.some((value) => value.includes("*"))) return [];
    const column = columns[condition.ref.property];
    if (!column) return [];
    if (column === "issue_id") {
      const ids = condition.values.map(Number).filter((id) => Number.isInteger(id) && id > 0);
      return [{ column, values: ids.length > 0 ? ids : [-1] }];
    }
    return [{ column, values: column === "event_id" || column === "trace_id" ? condition.values.map((value) => value.replace(/-/g, "").toLowerCase()) : condition.values }];
  });
}

/** Events whose payloads are read at a time. */
const payloadBatch = 200;

/** Properties the events table has no column for: they come from the stored payload. */
const payloadProperties = new Set<ErrorProperty>(["message", "error.type", "error.value", "culprit", "transaction", "user.id", "user.email", "user.username", "user.ip", "user.display"]);

function readsPayload(search: ErrorSearch): boolean {
  const refs: ErrorValueRef[] = [
    ...search.conditions.map((condition) => condition.ref),
    ...search.fields.flatMap((field): ErrorValueRef[] => (field.kind === "aggregate" ? (field.argument ? [field.argument] : []) : [field.kind === "tag" ? { kind: "tag", key: field.key } : { kind: "property", property: field.property }])),
  ];
  return refs.some((ref) => ref.kind === "tag" || payloadProperties.has(ref.property));
}

function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * The error events (errors, messages; not the issues Lantern makes from check-ins, uptime checks and spans)
 * of the projects the caller can see, as Sentry's errors dataset answers: one row per event, or with an
 * aggregate one row per group of the other fields. The database narrows by project, time window,
 * environment and the query's plain equalities on stored columns; the newest 10,000 such events are then
 * read, and the other conditions, groups and sorts are applied to them.
 */
export async function searchErrorEvents(context: AccessContext, search: ErrorSearch): Promise<ErrorSearchResult> {
  authorize(context, "event.read");
  const visible = visibleProjectIds(context.viewer);
  const projects = await context.db.selectFrom("projects").select(["id", "slug"]).$if(visible !== null, (query) => query.where("id", "in", visible!.length > 0 ? visible! : [-1])).execute();
  const slugOf = new Map(projects.map((project) => [Number(project.id), project.slug]));
  const projectIdOf = (ref: string): number => {
    const found = projects.find((project) => project.slug === ref || String(project.id) === ref);
    if (!found) throw new AppError("bad_request", `No project "${ref.slice(0, 80)}" that you can see.`);
    return Number(found.id);
  };
  // `project:<slug>` in the query (as the MCP server writes it) narrows the projects like `project=`.
  const projectConditions = search.conditions.filter((condition) => condition.kind === "match" && condition.ref.kind === "property" && condition.ref.property === "project" && !condition.negated && !condition.values.some((value) => value.includes("*")));
  let projectIds = search.projects.length > 0 ? search.projects.map(projectIdOf) : [...slugOf.keys()];
  for (const condition of projectConditions) {
    if (condition.kind !== "match") continue;
    const named = new Set(condition.values.map((value) => projects.find((project) => project.slug === value || String(project.id) === value)?.id).filter((id) => id !== undefined).map(Number));
    projectIds = projectIds.filter((id) => named.has(id));
  }
  const conditions = search.conditions.filter((condition) => !projectConditions.includes(condition));
  let query = context.db
    .selectFrom("events")
    .select(["id", "event_id", "project_id", "issue_id", "timestamp", "title", "type", "level", "platform", "release", "environment", "user_key", "trace_id"])
    .where("project_id", "in", projectIds.length > 0 ? projectIds : [-1])
    .where("timestamp", ">=", search.window.startMs)
    .where("timestamp", "<", search.window.endMs)
    .where("type", "not in", nonErrorTypes);
  if (search.environments.length > 0) query = query.where("environment", "in", search.environments);
  for (const { column, values } of columnEqualities(conditions)) query = query.where(column, "in", values as never[]);
  const plainFields = search.fields.filter((field): field is Exclude<ErrorField, { kind: "aggregate" }> => field.kind !== "aggregate");
  const aggregates = search.fields.filter((field): field is Extract<ErrorField, { kind: "aggregate" }> => field.kind === "aggregate");
  // A plain newest-first list reads events a batch at a time and stops at its page; groups and other sorts
  // need every event of the window (up to maxScannedErrorEvents). Payloads (the stored, compressed events)
  // are read only for what the columns cannot answer, and only for the events read.
  const isNewestFirst = aggregates.length === 0 && (!search.sort || (search.sort.field.kind === "property" && search.sort.field.property === "timestamp" && search.sort.descending));
  const needsPayload = readsPayload(search);
  const payloads = new Map<number, Uint8Array>();
  const wanted = search.offset + search.limit + 1;
  const batchSize = isNewestFirst ? Math.min(maxScannedErrorEvents, Math.max(payloadBatch, wanted)) : maxScannedErrorEvents;
  const events: ErrorEventFacts[] = [];
  let scannedCount = 0;
  let isPartial = false;
  let last: { timestamp: number; id: number } | null = null;
  while (scannedCount < maxScannedErrorEvents && events.length < (isNewestFirst ? wanted : Number.POSITIVE_INFINITY)) {
    const after: { timestamp: number; id: number } | null = last;
    const fetched = await query
      .$if(after !== null, (next) => next.where((eb) => eb.or([eb("timestamp", "<", after!.timestamp), eb.and([eb("timestamp", "=", after!.timestamp), eb("id", "<", after!.id)])])))
      .orderBy("timestamp", "desc")
      .orderBy("id", "desc")
      .limit(Math.min(batchSize, maxScannedErrorEvents - scannedCount) + 1)
      .execute();
    const rows: EventRow[] = fetched.slice(0, Math.min(batchSize, maxScannedErrorEvents - scannedCount)).map((row) => ({ ...row, id: Number(row.id), project_id: Number(row.project_id), issue_id: row.issue_id === null ? null : Number(row.issue_id), timestamp: Number(row.timestamp) }));
    scannedCount += rows.length;
    for (let start = 0; start < rows.length && (!isNewestFirst || events.length < wanted); start += payloadBatch) {
      const chunk = rows.slice(start, start + payloadBatch);
      if (needsPayload) for (const row of await context.db.selectFrom("events").select(["id", "payload"]).where("id", "in", chunk.map((row) => row.id)).execute()) payloads.set(Number(row.id), row.payload);
      for (const row of chunk) {
        const facts = new ErrorEventFacts(row, slugOf.get(row.project_id) ?? "", payloads);
        if (conditions.every((condition) => holds(facts, condition))) events.push(facts);
        if (isNewestFirst && events.length >= wanted) break;
      }
    }
    if (fetched.length <= rows.length) break;
    if (scannedCount >= maxScannedErrorEvents) isPartial = true;
    const lastRow = rows.at(-1)!;
    last = { timestamp: lastRow.timestamp, id: lastRow.id };
  }

  const valueOfField = (facts: ErrorEventFacts, field: Exclude<ErrorField, { kind: "aggregate" }>) => (field.kind === "tag" ? facts.value({ kind: "tag", key: field.key }) : facts.property(field.property));
  let table: Record<string, string | number | null>[];
  if (aggregates.length === 0) {
    table = events.map((facts) => Object.fromEntries(plainFields.map((field) => [field.name, valueOfField(facts, field)])));
  } else {
    const groups = new Map<string, { row: Record<string, string | number | null>; count: number; lastSeen: number; unique: Map<string, Set<string>> }>();
    for (const facts of events) {
      const groupRow = Object.fromEntries(plainFields.map((field) => [field.name, valueOfField(facts, field)]));
      const key = JSON.stringify(plainFields.map((field) => groupRow[field.name]));
      const group = groups.get(key) ?? { row: groupRow, count: 0, lastSeen: 0, unique: new Map() };
      group.count += 1;
      group.lastSeen = Math.max(group.lastSeen, facts.row.timestamp);
      for (const field of aggregates) {
        if (field.fn !== "count_unique" || !field.argument) continue;
        const value = facts.value(field.argument);
        if (value === null || value === "") continue;
        const seen = group.unique.get(field.name) ?? new Set<string>();
        seen.add(String(value));
        group.unique.set(field.name, seen);
      }
      groups.set(key, group);
    }
    table = [...groups.values()].map((group) => {
      const row = { ...group.row };
      for (const field of aggregates) row[field.name] = field.fn === "count" ? group.count : field.fn === "last_seen" ? new Date(group.lastSeen).toISOString() : (group.unique.get(field.name)?.size ?? 0);
      return row;
    });
  }
  // Rows arrive newest first: without a sort they stay so, and a stable sort keeps that order among equal values.
  if (search.sort) {
    const sortName = search.sort.field.name;
    const direction = search.sort.descending ? -1 : 1;
    table.sort((a, b) => direction * compareValues(a[sortName] ?? null, b[sortName] ?? null));
  }
  const page = table.slice(search.offset, search.offset + search.limit);
  return {
    data: page,
    meta: {
      fields: Object.fromEntries(search.fields.map((field) => [field.name, errorFieldType(field)])),
      units: Object.fromEntries(search.fields.map((field) => [field.name, null])),
      dataset: "errors",
      isMetricsData: false,
      dataScanned: isPartial ? "partial" : "full",
    },
    hasMore: table.length > search.offset + search.limit,
  };
}
