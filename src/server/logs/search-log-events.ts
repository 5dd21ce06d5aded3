import type { AccessContext } from "../access/authorize";
import type { LogEventsRequest, LogField, LogProperty } from "./parse-log-search";
import { findAllLogs, searchLogs, type FoundLog } from "./search-logs";

type Cell = string | number | boolean | null;

export interface LogEventsResult {
  data: Record<string, Cell>[];
  meta: { fields: Record<string, string>; units: Record<string, string | null>; dataset: "logs" };
  hasMore: boolean;
}

/** `count()` reads at most this many matching lines (more: 400 asking for a narrower query), as spans' aggregates. */
export const maxCountedLogs = 100_000;

/**
 * The events API's answer for dataset=logs (telemetry-protocol §3.2): a row per line with the requested fields
 * as keys, or with `count()` a row per group of the other fields, and `meta.fields`/`meta.units`.
 */
export async function searchLogEvents(context: AccessContext, request: LogEventsRequest): Promise<LogEventsResult> {
  const { fields, search, sortField } = request;
  const withAttributes = fields.some((field) => field.kind === "attribute");
  const meta = metaOf(fields);
  if (!fields.some((field) => field.kind === "count")) {
    const { rows, hasMore } = await searchLogs(context, search, { withAttributes });
    return { data: rows.map((row) => Object.fromEntries(fields.map((field) => [field.name, cellOf(row, field)]))), meta, hasMore };
  }
  const rows = await findAllLogs(context, search, maxCountedLogs, { withAttributes });
  const groupFields = fields.filter((field) => field.kind !== "count");
  const groups = new Map<string, Record<string, Cell>>();
  for (const row of rows) {
    const key = Object.fromEntries(groupFields.map((field) => [field.name, cellOf(row, field)]));
    const id = JSON.stringify(groupFields.map((field) => key[field.name]));
    const group = groups.get(id) ?? { ...key, ...Object.fromEntries(fields.filter((field) => field.kind === "count").map((field) => [field.name, 0])) };
    for (const field of fields) if (field.kind === "count") group[field.name] = (group[field.name] as number) + 1;
    groups.set(id, group);
  }
  const data = [...groups.values()];
  const sign = search.sort.descending ? -1 : 1;
  data.sort((a, b) => sign * compareCells(a[sortField.name] ?? null, b[sortField.name] ?? null));
  return { data: data.slice(search.offset, search.offset + search.limit), meta, hasMore: data.length > search.offset + search.limit };
}

function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

function propertyOf(row: FoundLog, property: LogProperty): Cell {
  switch (property) {
    case "id":
      return String(row.id);
    case "message":
      return row.message;
    case "message.template":
      return row.template;
    case "severity":
      return row.severity;
    case "severity_number":
      return row.severityNumber;
    case "timestamp":
      return new Date(Math.floor(row.timestampUs / 1000)).toISOString();
    case "trace":
      return row.traceId;
    case "span_id":
      return row.spanId;
    case "project":
      return row.project;
    case "release":
      return row.release;
    case "environment":
      return row.environment;
  }
}

function cellOf(row: FoundLog, field: LogField): Cell {
  if (field.kind === "property") return propertyOf(row, field.property);
  if (field.kind === "attribute") return row.attributes?.[field.key]?.value ?? null;
  return null;
}

function metaOf(fields: LogField[]): LogEventsResult["meta"] {
  const types: Record<string, string> = {};
  const units: Record<string, string | null> = {};
  for (const field of fields) {
    types[field.name] = field.kind === "count" || (field.kind === "property" && field.property === "severity_number") ? "integer" : field.kind === "property" && field.property === "timestamp" ? "date" : "string";
    units[field.name] = null;
  }
  return { fields: types, units, dataset: "logs" };
}
