import { AppError } from "../errors";
import { parseOffsetPage, parseWindow } from "../spans/parse-span-search";
import { levelNamed, severityLevels, type SeverityLevel } from "./read-logs";

/**
 * The log search grammar (telemetry-protocol §1.4's query names), shared by the events API (dataset=logs) and
 * the pages: whitespace-separated terms, all of which must match; double quotes keep spaces.
 * - free text: the message contains the text (case-insensitive); one of its words narrows through the search
 *   index first (search-logs.ts);
 * - `message:`, `message.template:`, `release:`, `environment:`, `trace:`, `span_id:`, `project:`, `id:`;
 *   `severity:` (trace, debug, info, warn, error, fatal), `severity_number:` with `>`, `>=`, `<`, `<=`;
 * - any other key is an attribute (`user.id:42`, `message.parameter.0:alice`, `origin:` for `sentry.origin`,
 *   `sdk.name:` for `sentry.sdk.name`), compared as text, `*` wildcards allowed; `key:>5` compares numbers;
 * - `has:key`, `!key:value`, `!has:key`, `key:[a,b]`.
 */
export type LogColumnKey = "message.template" | "release" | "environment" | "trace" | "span_id" | "project" | "id";
export type Comparison = ">" | ">=" | "<" | "<=" | "=";
export type LogCondition =
  | { kind: "text"; text: string; negated: boolean }
  | { kind: "message"; values: string[]; negated: boolean }
  | { kind: "severity"; levels: SeverityLevel[]; negated: boolean }
  | { kind: "severityNumber"; op: Comparison; value: number; negated: boolean }
  | { kind: "column"; key: LogColumnKey; values: string[]; negated: boolean }
  | { kind: "attribute"; key: string; values: string[]; negated: boolean }
  | { kind: "compare"; key: string; op: Comparison; value: number; negated: boolean }
  | { kind: "has"; key: string; negated: boolean };

export const logSortKeys = ["timestamp", "severity", "severity_number", "message", "trace", "project", "id"] as const;
export type LogSortKey = (typeof logSortKeys)[number];

export interface LogSearch {
  conditions: LogCondition[];
  /** Epoch microseconds, start inclusive, end exclusive. */
  window: { startUs: number; endUs: number };
  /** Project ids or slugs (none: every project the caller can see). */
  projects: string[];
  environments: string[];
  sort: { key: LogSortKey; descending: boolean };
  limit: number;
  offset: number;
}

const bad = (message: string) => new AppError("bad_request", message);
const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

const columnKeys: Record<string, LogColumnKey> = {
  "message.template": "message.template",
  template: "message.template",
  release: "release",
  "sentry.release": "release",
  environment: "environment",
  "sentry.environment": "environment",
  trace: "trace",
  trace_id: "trace",
  span_id: "span_id",
  project: "project",
  id: "id",
};
/** Query names that stand for a Sentry attribute (telemetry-protocol §1.4). */
const attributeAliases: Record<string, string> = { origin: "sentry.origin", "sdk.name": "sentry.sdk.name", "sdk.version": "sentry.sdk.version", "replay.id": "sentry.replay_id" };
const parameterQueryPrefix = "message.parameter.";
const keyPattern = /^[\p{L}\p{N}_.\-@[\]/:]{1,128}$/u;

/** A search from nothing but a time window: the newest lines of the last 24 hours, 100 a page. */
export function emptyLogSearch(now = Date.now()): LogSearch {
  return { conditions: [], window: { startUs: (now - 86_400_000) * 1000, endUs: (now + 60_000) * 1000 }, projects: [], environments: [], sort: { key: "timestamp", descending: true }, limit: 100, offset: 0 };
}

/** The attribute a query key names: `message.parameter.N` → `sentry.message.parameter.N`, aliases, else itself. */
export function attributeKeyOf(key: string): string {
  if (key.startsWith(parameterQueryPrefix)) return `sentry.${key}`;
  return Object.hasOwn(attributeAliases, key) ? attributeAliases[key]! : key;
}

export function parseLogQuery(text: string): LogCondition[] {
  if (text.length > 2000) throw bad("The query is longer than 2,000 characters.");
  const terms = [...text.matchAll(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g)].map((match) => match[0]);
  if (terms.length > 50) throw bad("At most 50 terms in a query.");
  if (terms.some((term) => term === "OR" || term.startsWith("(") || (term.endsWith(")") && !term.includes(":")))) throw bad("OR and parentheses are not supported in a log query: all terms must match.");
  const conditions: LogCondition[] = [];
  for (const term of terms) {
    if (term === "AND") continue;
    const negated = term.startsWith("!");
    const body = negated ? term.slice(1) : term;
    const colon = body.startsWith('"') ? -1 : body.indexOf(":");
    if (colon <= 0) {
      const value = unquote(body);
      if (value !== "") conditions.push({ kind: "text", text: value, negated });
      continue;
    }
    const key = body.slice(0, colon);
    const value = body.slice(colon + 1);
    if (key === "has") {
      const named = unquote(value);
      if (!keyPattern.test(named)) throw bad(`has: names an attribute ("${clip(named)}" is not one).`);
      conditions.push({ kind: "has", key: Object.hasOwn(columnKeys, named) ? columnKeys[named]! : attributeKeyOf(named), negated });
      continue;
    }
    if (!keyPattern.test(key)) throw bad(`"${clip(key)}" is not a key: keys are letters, digits and . _ - @ [ ] / :.`);
    const comparison = /^(>=|<=|>|<)(-?\d+(?:\.\d+)?)$/.exec(value);
    if (key === "severity_number" || key === "sentry.severity_number") {
      const match = comparison ?? /^()(\d{1,2})$/.exec(value);
      if (!match) throw bad("severity_number compares with a number, as in severity_number:>=17.");
      conditions.push({ kind: "severityNumber", op: (match[1] || "=") as Comparison, value: Number(match[2]), negated });
      continue;
    }
    const values = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1).split(",").map((item) => unquote(item.trim())) : [unquote(value)];
    if (values.some((item) => item === "") || values.length > 100) throw bad(`${clip(key)}: give a value (at most 100 in a list).`);
    if (key === "severity" || key === "level") {
      const levels = values.map((item) => levelNamed(item));
      if (levels.some((level) => level === null)) throw bad(`severity is one of ${severityLevels.join(", ")}.`);
      conditions.push({ kind: "severity", levels: levels as SeverityLevel[], negated });
    } else if (key === "message") {
      conditions.push({ kind: "message", values, negated });
    } else if (Object.hasOwn(columnKeys, key)) {
      conditions.push({ kind: "column", key: columnKeys[key]!, values, negated });
    } else if (comparison) {
      conditions.push({ kind: "compare", key: attributeKeyOf(key), op: comparison[1] as Comparison, value: Number(comparison[2]), negated });
    } else {
      conditions.push({ kind: "attribute", key: attributeKeyOf(key), values, negated });
    }
  }
  return conditions;
}

function unquote(text: string): string {
  return text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1).replace(/\\(.)/g, "$1") : text;
}

/**
 * `GET /organizations/{org}/events/?dataset=logs` (telemetry-protocol §3.2): `field` (properties, attributes and
 * `count()`; a `count()` groups by the other fields), `query`, `sort`, the time window, `project`,
 * `environment`, `per_page` and `cursor` (Sentry's offset cursors `0:<offset>:<isPrevious>`).
 */
export const logProperties = ["id", "message", "message.template", "severity", "severity_number", "timestamp", "trace", "span_id", "project", "release", "environment"] as const;
export type LogProperty = (typeof logProperties)[number];
export type LogField = { name: string; kind: "property"; property: LogProperty } | { name: string; kind: "attribute"; key: string } | { name: string; kind: "count" };

export interface LogEventsRequest {
  search: LogSearch;
  fields: LogField[];
  /** The field the rows are ordered by (a property, an attribute or count()). */
  sortField: LogField;
}

const knownParameters = new Set(["dataset", "field", "query", "sort", "orderby", "statsPeriod", "start", "end", "project", "environment", "per_page", "limit", "cursor", "referrer", "sampling", "allowAggregateConditions", "utc"]);
export const maxLogSearchOffset = 10_000;
const propertyAliases: Record<string, LogProperty> = { "tags[sentry.message.template]": "message.template", trace_id: "trace", level: "severity" };

export function parseLogEventsRequest(params: URLSearchParams, now = Date.now()): LogEventsRequest {
  for (const key of new Set(params.keys())) if (!knownParameters.has(key)) throw bad(`Unknown query parameter "${clip(key)}".`);
  const fieldNames = [...new Set(params.getAll("field").filter((name) => name !== ""))];
  if (fieldNames.length === 0) throw bad("Give at least one field, as in field=message&field=severity&field=timestamp.");
  if (fieldNames.length > 20) throw bad("At most 20 fields.");
  const fields = fieldNames.map(parseField);
  const hasCount = fields.some((field) => field.kind === "count");
  const sortText = params.get("sort") ?? params.get("orderby");
  let sortField: LogField;
  let descending = true;
  if (sortText) {
    descending = sortText.startsWith("-");
    const name = descending ? sortText.slice(1) : sortText;
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) throw bad(`sort must name one of the fields ("${clip(name)}" is not one).`);
    if (!hasCount && field.kind !== "property") throw bad("Without count(), sort by timestamp, severity, severity_number, message, trace, project or id.");
    sortField = field;
  } else {
    sortField = hasCount ? fields.find((field) => field.kind === "count")! : { name: "timestamp", kind: "property", property: "timestamp" };
  }
  const listKey = !hasCount && sortField.kind === "property" ? sortKeyOf(sortField.property) : "timestamp";
  const { offset, limit } = parseOffsetPage(params, maxLogSearchOffset);
  return {
    fields,
    sortField,
    search: {
      conditions: parseLogQuery(params.get("query") ?? ""),
      window: parseWindow(params, now),
      projects: params.getAll("project").filter((value) => value !== "" && value !== "-1"),
      environments: params.getAll("environment").filter((value) => value !== ""),
      sort: { key: listKey, descending },
      limit: Math.min(limit, 100),
      offset,
    },
  };
}

function sortKeyOf(property: LogProperty): LogSortKey {
  if (property === "severity_number") return "severity";
  if (property === "span_id" || property === "release" || property === "environment" || property === "message.template") throw bad(`Sort by timestamp, severity, severity_number, message, trace, project or id (not ${property}).`);
  return property;
}

function parseField(name: string): LogField {
  const trimmed = name.trim();
  if (trimmed === "count()" || trimmed === "count(message)" || trimmed === "count(id)") return { name, kind: "count" };
  if (/\(/.test(trimmed)) throw bad(`Unknown function in "${clip(trimmed)}": logs answer count().`);
  const property = (logProperties as readonly string[]).includes(trimmed) ? (trimmed as LogProperty) : Object.hasOwn(propertyAliases, trimmed) ? propertyAliases[trimmed]! : null;
  if (property) return { name, kind: "property", property };
  const tagged = /^tags\[([^\],]+)(?:,\s*(?:number|string|boolean))?\]$/.exec(trimmed);
  const key = tagged ? tagged[1]!.trim() : trimmed;
  if (!keyPattern.test(key)) throw bad(`Unknown field "${clip(name)}": fields are ${logProperties.join(", ")}, count() and attribute keys.`);
  return { name, kind: "attribute", key: attributeKeyOf(key) };
}
