import { AppError } from "../errors";
import { parseOffsetPage, parseWindow } from "../spans/parse-span-search";

/**
 * `GET /organizations/{org}/events/?dataset=errors` (and `discover`, its older name) as Sentry's clients send
 * it (telemetry-protocol.md §3.2): `field` (event properties, `tags[key]`, and the aggregates `count()`,
 * `count_unique(<field>)`, `last_seen()`; any aggregate groups by the other fields), `query` (Sentry's
 * `key:value` grammar over the same properties; other keys are tags), `sort`, the time window, `project`,
 * `environment`, `per_page` and `cursor`. Pure: the errors are AppErrors naming what is wrong, and
 * `describeErrorSearchProblems` lists every problem at once for the validate endpoint.
 */
export const errorProperties = [
  "id",
  "issue",
  "issue.id",
  "title",
  "message",
  "project",
  "project.id",
  "timestamp",
  "level",
  "error.type",
  "error.value",
  "culprit",
  "transaction",
  "release",
  "environment",
  "trace",
  "platform",
  "event.type",
  "user",
  "user.id",
  "user.email",
  "user.username",
  "user.ip",
  "user.display",
] as const;
export type ErrorProperty = (typeof errorProperties)[number];
export const errorAggregates = ["count", "count_unique", "last_seen"] as const;
export type ErrorAggregate = (typeof errorAggregates)[number];

export type ErrorField =
  | { name: string; kind: "property"; property: ErrorProperty }
  | { name: string; kind: "tag"; key: string }
  | { name: string; kind: "aggregate"; fn: ErrorAggregate; argument: ErrorValueRef | null };

/** What a condition or count_unique reads from an event: a property or a tag. */
export type ErrorValueRef = { kind: "property"; property: ErrorProperty } | { kind: "tag"; key: string };

export type ErrorCondition =
  /** `key:value` (`*` wildcards), `key:[a,b]`; `message`/`title` and free text match a substring, any case. */
  | { kind: "match"; ref: ErrorValueRef; values: string[]; contains: boolean; negated: boolean }
  | { kind: "has"; ref: ErrorValueRef; negated: boolean };

export interface ErrorSearch {
  fields: ErrorField[];
  conditions: ErrorCondition[];
  /** Null: newest first (events), whatever the fields. */
  sort: { field: ErrorField; descending: boolean } | null;
  /** Epoch ms, start inclusive, end exclusive. */
  window: { startMs: number; endMs: number };
  /** Project ids or slugs from `project=` (-1 or none: every project the caller can see). */
  projects: string[];
  environments: string[];
  limit: number;
  offset: number;
}


const knownParameters = new Set(["dataset", "field", "query", "sort", "orderby", "statsPeriod", "start", "end", "project", "environment", "per_page", "limit", "cursor", "referrer", "allowAggregateConditions", "utc", "sampling"]);
const maxFields = 20;
export const maxErrorSearchOffset = 10_000;
/** Aliases Sentry accepts in queries and fields. */
const propertyAliases: Record<string, ErrorProperty> = { "event.id": "id", "issue.short_id": "issue", "project.name": "project", "trace.id": "trace", "error.message": "error.value", "user.ip_address": "user.ip" };
const containsProperties = new Set<ErrorProperty>(["message", "title", "error.value", "culprit"]);

const bad = (message: string) => new AppError("bad_request", message);
const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** A property name (or alias), `tags[key]` / `tag[key]`, or null. */
export function parseValueRef(name: string): ErrorValueRef | null {
  const tag = /^tags?\[([A-Za-z0-9_.:-]{1,64})(?:,\s*string)?\]$/.exec(name);
  if (tag) return { kind: "tag", key: tag[1]! };
  const property = errorProperties.find((candidate) => candidate === name) ?? (Object.hasOwn(propertyAliases, name) ? propertyAliases[name]! : null);
  return property ? { kind: "property", property } : null;
}

export function parseErrorField(name: string): ErrorField {
  const call = /^([a-z_]+)\(([^()]*)\)$/.exec(name.trim());
  if (!call) {
    const ref = parseValueRef(name);
    if (!ref) throw bad(`Unknown field "${clip(name)}" in the errors dataset: fields are ${errorProperties.join(", ")}, tags[<key>] and count(), count_unique(<field>), last_seen().`);
    return ref.kind === "tag" ? { name, kind: "tag", key: ref.key } : { name, kind: "property", property: ref.property };
  }
  const fn = errorAggregates.find((candidate) => candidate === call[1]);
  if (!fn) throw bad(`Unknown function "${clip(call[1]!)}()" in the errors dataset: use count(), count_unique(<field>), last_seen().`);
  const argument = call[2]!.trim();
  if (fn === "count_unique") {
    const ref = parseValueRef(argument || "user");
    if (!ref) throw bad(`count_unique() counts a field of the errors dataset ("${clip(argument)}" is not one).`);
    return { name, kind: "aggregate", fn, argument: ref };
  }
  if (argument !== "" && !(fn === "count" && (argument === "id" || argument === "event.id"))) throw bad(`${fn}() takes no argument.`);
  return { name, kind: "aggregate", fn, argument: null };
}

function unquote(text: string): string {
  return text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1).replace(/\\(.)/g, "$1") : text;
}

/** Whitespace-separated terms, `AND` implied (and allowed); `OR` and parentheses are refused. Unknown keys are tags. */
export function parseErrorQuery(text: string): ErrorCondition[] {
  if (text.length > 2000) throw bad("The query is longer than 2,000 characters.");
  const terms = [...text.matchAll(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g)].map((match) => match[0]);
  if (terms.some((term) => term === "OR" || term.startsWith("(") || (term.endsWith(")") && !term.includes(":")))) throw bad("OR and parentheses are not supported in an errors query: all terms must match.");
  const conditions: ErrorCondition[] = [];
  for (const term of terms) {
    if (term === "AND") continue;
    const negated = term.startsWith("!");
    const body = negated ? term.slice(1) : term;
    const colon = body.indexOf(":");
    if (colon <= 0 || body.startsWith('"')) {
      const words = unquote(body);
      if (words === "") continue;
      conditions.push({ kind: "match", ref: { kind: "property", property: "message" }, values: [words], contains: true, negated });
      continue;
    }
    const key = body.slice(0, colon);
    const value = body.slice(colon + 1);
    if (key === "has") {
      const ref = parseValueRef(value) ?? tagRef(value);
      conditions.push({ kind: "has", ref, negated });
      continue;
    }
    const ref = parseValueRef(key) ?? tagRef(key);
    const values = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1).split(",").map((item) => unquote(item.trim())) : [unquote(value)];
    if (values.some((item) => item === "") || values.length > 100) throw bad(`${clip(key)}: give a value (at most 100 in a list).`);
    if (values.some((item) => /^[<>]=?/.test(item))) throw bad(`${clip(key)}: comparisons are not supported in an errors query; use the time window (statsPeriod, start, end).`);
    conditions.push({ kind: "match", ref, values, contains: ref.kind === "property" && containsProperties.has(ref.property), negated });
  }
  return conditions;
}

function tagRef(key: string): ErrorValueRef {
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(key)) throw bad(`"${clip(key)}" is not a key: use a field of the errors dataset or a tag key.`);
  return { kind: "tag", key };
}

export function parseErrorSearch(params: URLSearchParams, now = Date.now()): ErrorSearch {
  for (const key of new Set(params.keys())) if (!knownParameters.has(key)) throw bad(`Unknown query parameter "${clip(key)}".`);
  const fieldNames = params.getAll("field").filter((name) => name !== "");
  if (fieldNames.length === 0) throw bad("Give at least one field, as in field=title&field=count().");
  if (fieldNames.length > maxFields) throw bad(`At most ${maxFields} fields.`);
  const fields = [...new Set(fieldNames)].map(parseErrorField);
  const sortText = params.get("sort") ?? params.get("orderby");
  let sort: ErrorSearch["sort"] = null;
  if (sortText) {
    const descending = sortText.startsWith("-");
    const name = descending ? sortText.slice(1) : sortText;
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) throw bad(`sort must name one of the fields ("${clip(name)}" is not one).`);
    sort = { field, descending };
  } else {
    const aggregate = fields.find((candidate) => candidate.kind === "aggregate");
    if (aggregate) sort = { field: aggregate, descending: true };
  }
  const { offset, limit } = parseOffsetPage(params, maxErrorSearchOffset);
  const window = parseWindow(params, now);
  return {
    fields,
    conditions: parseErrorQuery(params.get("query") ?? ""),
    sort,
    window: { startMs: Math.floor(window.startUs / 1000), endMs: Math.ceil(window.endUs / 1000) },
    projects: params.getAll("project").filter((value) => value !== "" && value !== "-1"),
    environments: params.getAll("environment").filter((value) => value !== ""),
    limit: Math.min(limit, 100),
    offset,
  };
}
