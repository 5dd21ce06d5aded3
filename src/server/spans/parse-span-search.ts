import { AppError } from "../errors";
import { spanStatusNames } from "@/lib/span-status";

/**
 * `GET /organizations/{org}/events/?dataset=spans|transactions` as Sentry's clients send it
 * (telemetry-protocol.md §3.2): `field` (properties and aggregates; any aggregate groups by the other fields),
 * `query` (Sentry's `key:value` grammar over span keys), `sort`, the time window, `project`, `environment`,
 * `per_page` and `cursor`. Every key, field and function not listed here is a 400 naming it.
 */
export const spanProperties = ["id", "span.op", "span.description", "span.duration", "span.status", "transaction", "trace", "timestamp", "project", "release", "environment", "is_transaction"] as const;
export type SpanProperty = (typeof spanProperties)[number];
export const spanAggregates = ["count", "avg", "sum", "min", "max", "p50", "p75", "p95", "p99", "failure_rate"] as const;
export type SpanAggregate = (typeof spanAggregates)[number];

export type SpanField = { name: string; kind: "property"; property: SpanProperty } | { name: string; kind: "aggregate"; fn: SpanAggregate };

export type StringKey = "span.op" | "span.description" | "transaction" | "release" | "environment" | "project" | "trace" | "id" | "span.status";
export type SpanCondition =
  | { kind: "string"; key: StringKey; values: string[]; negated: boolean }
  | { kind: "duration"; op: ">" | ">=" | "<" | "<=" | "="; us: number; negated: boolean }
  | { kind: "is_transaction"; value: boolean; negated: boolean };

export interface SpanSearch {
  dataset: "spans" | "transactions";
  fields: SpanField[];
  conditions: SpanCondition[];
  sort: { field: SpanField; descending: boolean };
  /** Epoch microseconds, start inclusive, end exclusive. */
  window: { startUs: number; endUs: number };
  /** Project ids or slugs from `project=` (-1 or none: every project the caller can see). */
  projects: string[];
  environments: string[];
  limit: number;
  offset: number;
}

const knownParameters = new Set(["dataset", "field", "query", "sort", "orderby", "statsPeriod", "start", "end", "project", "environment", "per_page", "limit", "cursor", "referrer", "sampling", "allowAggregateConditions", "utc"]);
const maxFields = 20;
/** Sentry's offset cursors (`0:<offset>:0`); pages beyond this are refused rather than scanned. */
export const maxSpanSearchOffset = 10_000;
const defaultPeriodMs = 14 * 86_400_000;
const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const durationUnitsUs: Record<string, number> = { us: 1, µs: 1, ms: 1000, s: 1_000_000, m: 60_000_000, min: 60_000_000, h: 3_600_000_000 };
const stringKeys: Record<string, StringKey> = {
  "span.op": "span.op",
  op: "span.op",
  "span.description": "span.description",
  description: "span.description",
  transaction: "transaction",
  release: "release",
  environment: "environment",
  project: "project",
  trace: "trace",
  id: "id",
  "span.id": "id",
  "span.status": "span.status",
  status: "span.status",
};
const durationKeys = new Set(["span.duration", "duration"]);

const bad = (message: string) => new AppError("bad_request", message);

/** Sentry's offset cursor (`0:<offset>:0`, refused past `maxOffset`) and `per_page` (or `limit`, default 100), as the events searches read them. */
export function parseOffsetPage(params: URLSearchParams, maxOffset: number): { offset: number; limit: number } {
  const cursorText = params.get("cursor");
  let offset = 0;
  if (cursorText) {
    const match = /^\d{1,16}:(\d{1,9}):[01]$/.exec(cursorText.trim());
    if (!match) throw bad("Invalid cursor: pass back a cursor from a Link header.");
    offset = Number(match[1]);
    if (offset > maxOffset) throw bad(`Pages end after ${maxOffset.toLocaleString("en")} rows: narrow the query or the time window.`);
  }
  const limitText = params.get("per_page") ?? params.get("limit");
  const limit = limitText === null || limitText === "" ? 100 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1) throw bad("per_page must be a whole number above 0.");
  return { offset, limit };
}
const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

export function parseSpanSearch(params: URLSearchParams, now = Date.now()): SpanSearch {
  for (const key of new Set(params.keys())) if (!knownParameters.has(key)) throw bad(`Unknown query parameter "${clip(key)}".`);
  const datasetName = params.get("dataset") ?? "";
  if (datasetName !== "spans" && datasetName !== "transactions") {
    throw bad(`Unsupported dataset "${clip(datasetName)}": Lantern's events API answers dataset=spans, dataset=transactions and dataset=logs (error events: /issues/{id}/events/).`);
  }
  const fieldNames = params.getAll("field").filter((name) => name !== "");
  if (fieldNames.length === 0) throw bad("Give at least one field, as in field=span.op&field=count().");
  if (fieldNames.length > maxFields) throw bad(`At most ${maxFields} fields.`);
  const fields = [...new Set(fieldNames)].map(parseField);
  const sortText = params.get("sort") ?? params.get("orderby");
  const hasAggregate = fields.some((field) => field.kind === "aggregate");
  let sort: SpanSearch["sort"];
  if (sortText) {
    const descending = sortText.startsWith("-");
    const name = descending ? sortText.slice(1) : sortText;
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) throw bad(`sort must name one of the fields ("${clip(name)}" is not one).`);
    sort = { field, descending };
  } else {
    const field = hasAggregate ? fields.find((candidate) => candidate.kind === "aggregate")! : (fields.find((candidate) => candidate.kind === "property" && candidate.property === "timestamp") ?? fields[0]!);
    sort = { field, descending: true };
  }
  const projects = params.getAll("project").filter((value) => value !== "" && value !== "-1");
  const environments = params.getAll("environment").filter((value) => value !== "");
  const { offset, limit } = parseOffsetPage(params, maxSpanSearchOffset);
  return {
    dataset: datasetName,
    fields,
    conditions: parseSpanQuery(params.get("query") ?? ""),
    sort,
    window: parseWindow(params, now),
    projects,
    environments,
    limit: Math.min(limit, 100),
    offset,
  };
}

function parseField(name: string): SpanField {
  const call = /^([a-z_0-9]+)\(([^()]*)\)$/.exec(name.trim());
  if (!call) {
    const property = spanProperties.find((candidate) => candidate === name);
    if (!property) throw bad(`Unknown field "${clip(name)}": fields are ${spanProperties.join(", ")} and ${spanAggregates.map((fn) => `${fn}()`).join(", ")}.`);
    return { name, kind: "property", property };
  }
  const fn = spanAggregates.find((candidate) => candidate === call[1]);
  if (!fn) throw bad(`Unknown function "${clip(call[1]!)}()": use ${spanAggregates.map((candidate) => `${candidate}()`).join(", ")}.`);
  const argument = call[2]!.trim();
  if (fn === "count" || fn === "failure_rate") {
    if (argument !== "" && !(fn === "count" && (argument === "span.duration" || argument === "id"))) throw bad(`${fn}() takes no argument.`);
  } else if (argument !== "" && argument !== "span.duration") throw bad(`${fn}() is over span.duration only ("${clip(argument)}" is not supported).`);
  return { name, kind: "aggregate", fn };
}

/** Whitespace-separated terms; double quotes keep spaces; `AND` is implied and may be written, `OR` and parentheses are not supported. */
export function parseSpanQuery(text: string): SpanCondition[] {
  if (text.length > 2000) throw bad("The query is longer than 2,000 characters.");
  const terms = [...text.matchAll(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g)].map((match) => match[0]);
  if (terms.some((term) => term === "OR" || term.startsWith("(") || (term.endsWith(")") && !term.includes(":")))) throw bad("OR and parentheses are not supported in a span query: all terms must match.");
  const conditions: SpanCondition[] = [];
  for (const term of terms) {
    if (term === "AND") continue;
    const negated = term.startsWith("!");
    const body = negated ? term.slice(1) : term;
    const colon = body.indexOf(":");
    if (colon <= 0) {
      conditions.push({ kind: "string", key: "span.description", values: [`*${unquote(body)}*`], negated });
      continue;
    }
    const key = body.slice(0, colon);
    const value = body.slice(colon + 1);
    if (durationKeys.has(key)) conditions.push(parseDuration(value, negated));
    else if (key === "is_transaction") {
      if (value !== "true" && value !== "false" && value !== "1" && value !== "0") throw bad("is_transaction is true or false.");
      conditions.push({ kind: "is_transaction", value: value === "true" || value === "1", negated });
    } else if (key === "has" && (value === "span.description" || value === "transaction")) {
      conditions.push({ kind: "string", key: value === "transaction" ? "transaction" : "span.description", values: ["*"], negated });
    } else {
      const stringKey = Object.hasOwn(stringKeys, key) ? stringKeys[key]! : null;
      if (!stringKey) throw bad(`Unknown key "${clip(key)}" in the query: use ${[...new Set(Object.values(stringKeys))].join(", ")}, span.duration, is_transaction.`);
      const values = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1).split(",").map((item) => unquote(item.trim())) : [unquote(value)];
      if (values.some((item) => item === "") || values.length > 100) throw bad(`${key}: give a value (at most 100 in a list).`);
      if (stringKey === "span.status" && values.some((item) => !spanStatusNames.includes(item as (typeof spanStatusNames)[number]))) throw bad(`span.status is one of ${spanStatusNames.join(", ")}.`);
      conditions.push({ kind: "string", key: stringKey, values, negated });
    }
  }
  return conditions;
}

function unquote(text: string): string {
  return text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1).replace(/\\(.)/g, "$1") : text;
}

function parseDuration(value: string, negated: boolean): SpanCondition {
  const match = /^(>=|<=|>|<|=)?(\d+(?:\.\d+)?)(us|µs|ms|s|min|m|h)?$/.exec(value);
  if (!match) throw bad(`span.duration compares with a number and a unit, as in span.duration:>100ms ("${clip(value)}" is not one).`);
  return { kind: "duration", op: (match[1] ?? "=") as ">" | ">=" | "<" | "<=" | "=", us: Number(match[2]) * durationUnitsUs[match[3] ?? "ms"]!, negated };
}

export function parseWindow(params: URLSearchParams, now: number): SpanSearch["window"] {
  const period = params.get("statsPeriod");
  const start = params.get("start");
  const end = params.get("end");
  if (period && (start || end)) throw bad("Give statsPeriod or start and end, not both.");
  if (start || end) {
    const from = start ? Date.parse(start) : Number.NaN;
    const to = end ? Date.parse(end) : Number.NaN;
    if (Number.isNaN(from) || Number.isNaN(to)) throw bad("Give both start and end as ISO 8601 times.");
    if (to <= from) throw bad("end must be after start.");
    return { startUs: from * 1000, endUs: to * 1000 };
  }
  let ms = defaultPeriodMs;
  if (period) {
    const match = /^(\d{1,6})([smhdw])$/.exec(period);
    if (!match) throw bad(`Invalid statsPeriod "${clip(period)}": use a number and one of s, m, h, d, w, as in 14d.`);
    ms = Number(match[1]) * unitMs[match[2]!]!;
  }
  return { startUs: (now - ms) * 1000, endUs: (now + 60_000) * 1000 };
}
