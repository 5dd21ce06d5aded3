import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { isFailedSpanStatus, spanStatusCode, spanStatusName } from "@/lib/span-status";
import type { SpanCondition, SpanField, SpanProperty, SpanSearch } from "./parse-span-search";
import { spanFlags } from "./span-item-rows";
import { spanStringKinds } from "./span-strings";

/**
 * The spans (or, for dataset=transactions, the segments) of the projects the caller can see that match a
 * search (parse-span-search.ts), as Sentry's events API answers: a row per span, or with aggregates a row per
 * group of the other fields. Listing sorts and pages in SQL. Aggregates read the matching spans' group keys
 * and durations and compute in JS — percentiles the same way on both dialects (SQLite has no percentile
 * function) — so they are bounded: more than `maxAggregatedSpans` matching spans is a 400 asking for a
 * narrower query or window.
 */
export const maxAggregatedSpans = 100_000;

export interface SpanSearchResult {
  data: Record<string, string | number | boolean | null>[];
  meta: { fields: Record<string, string>; units: Record<string, string | null>; dataset: string };
  hasMore: boolean;
}

type SpanRow = {
  span_id: Uint8Array;
  trace_id: Uint8Array;
  project_id: number;
  start_us: number;
  duration_us: number;
  status: number;
  flags: number;
  op: string | null;
  description: string | null;
  segment_name: string | null;
  release: string | null;
  environment: string | null;
};

const stringColumns = { "span.op": ["op_id", "op"], "span.description": ["description_id", "description"], transaction: ["segment_name_id", "segment_name"], release: ["release_id", "release"], environment: ["environment_id", "environment"] } as const;
const stringKind = { "span.op": spanStringKinds.op, "span.description": spanStringKinds.description, transaction: spanStringKinds.segmentName, release: spanStringKinds.release, environment: spanStringKinds.environment } as const;
const sortColumns: Record<SpanProperty, string> = {
  id: "span_id",
  "span.op": "op",
  "span.description": "description",
  "span.duration": "duration_us",
  "span.status": "status",
  transaction: "segment_name",
  trace: "trace_id",
  timestamp: "start_us",
  project: "project_id",
  release: "release",
  environment: "environment",
  is_transaction: "flags",
};

export async function searchSpans(context: AccessContext, search: SpanSearch): Promise<SpanSearchResult> {
  authorize(context, "span.search");
  const visible = visibleProjectIds(context.viewer);
  const projects = await context.db.selectFrom("projects").select(["id", "slug"]).$if(visible !== null, (query) => query.where("id", "in", visible!.length > 0 ? visible! : [-1])).execute();
  const slugOf = new Map(projects.map((project) => [Number(project.id), project.slug]));
  const projectIdOf = (ref: string): number => {
    const found = projects.find((project) => project.slug === ref || String(project.id) === ref);
    if (!found) throw new AppError("bad_request", `No project "${ref.slice(0, 80)}" that you can see.`);
    return Number(found.id);
  };
  const projectIds = search.projects.length > 0 ? search.projects.map(projectIdOf) : [...slugOf.keys()];
  const conditions: SpanCondition[] = [...search.conditions, ...(search.environments.length > 0 ? [{ kind: "string" as const, key: "environment" as const, values: search.environments, negated: false }] : [])];
  const strings = (alias: string, column: string) =>
    sql<string | null>`(select ${sql.ref(`${alias}.value`)} from span_strings as ${sql.raw(alias)} where ${sql.ref(`${alias}.id`)} = ${sql.ref(`spans.${column}`)})`;
  const base = context.db
    .selectFrom("spans")
    .select([
      "span_id",
      "trace_id",
      "project_id",
      "start_us",
      "duration_us",
      "status",
      "flags",
      strings("o", "op_id").as("op"),
      strings("d", "description_id").as("description"),
      strings("s", "segment_name_id").as("segment_name"),
      strings("r", "release_id").as("release"),
      strings("e", "environment_id").as("environment"),
    ])
    .where("project_id", "in", projectIds.length > 0 ? projectIds : [-1])
    .where("start_us", ">=", search.window.startUs)
    .where("start_us", "<", search.window.endUs)
    .$if(search.dataset === "transactions", (query) => query.where(sql<SqlBool>`(flags & ${spanFlags.segment}) = ${spanFlags.segment}`))
    .where((eb) => eb.and(conditions.map((condition) => conditionSql(eb, condition, projectIdOf))));

  const aggregates = search.fields.filter((field) => field.kind === "aggregate");
  const meta = metaOf(search.fields, search.dataset);
  if (aggregates.length === 0) {
    const column = sortColumns[(search.sort.field as Extract<SpanField, { kind: "property" }>).property];
    const direction = search.sort.descending ? "desc" : "asc";
    const rows = (await base
      .orderBy(sql.ref(column), direction)
      .orderBy("span_id", direction)
      .limit(search.limit + 1)
      .offset(search.offset)
      .execute()) as SpanRow[];
    return { data: rows.slice(0, search.limit).map((row) => Object.fromEntries(search.fields.map((field) => [field.name, propertyOf(row, (field as Extract<SpanField, { kind: "property" }>).property, slugOf)]))), meta, hasMore: rows.length > search.limit };
  }

  const rows = (await base.limit(maxAggregatedSpans + 1).execute()) as SpanRow[];
  if (rows.length > maxAggregatedSpans) throw new AppError("bad_request", `More than ${maxAggregatedSpans.toLocaleString("en")} spans match: narrow the query, the projects or the time window to aggregate them.`);
  const groupFields = search.fields.filter((field): field is Extract<SpanField, { kind: "property" }> => field.kind === "property");
  const groups = new Map<string, { key: Record<string, string | number | boolean | null>; durations: number[]; failed: number }>();
  for (const row of rows) {
    const key = Object.fromEntries(groupFields.map((field) => [field.name, propertyOf(row, field.property, slugOf)]));
    const id = JSON.stringify(groupFields.map((field) => key[field.name]));
    const group = groups.get(id) ?? { key, durations: [], failed: 0 };
    group.durations.push(Number(row.duration_us));
    if (isFailedSpanStatus(Number(row.status))) group.failed += 1;
    groups.set(id, group);
  }
  const data = [...groups.values()].map((group) => {
    const sorted = group.durations.sort((a, b) => a - b);
    return { ...group.key, ...Object.fromEntries(aggregates.map((field) => [field.name, aggregateOf((field as Extract<SpanField, { kind: "aggregate" }>).fn, sorted, group.failed)])) };
  });
  const sortName = search.sort.field.name;
  const sign = search.sort.descending ? -1 : 1;
  data.sort((a, b) => sign * compare(a[sortName] ?? null, b[sortName] ?? null));
  return { data: data.slice(search.offset, search.offset + search.limit), meta, hasMore: data.length > search.offset + search.limit };
}

function compare(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

function conditionSql(eb: ExpressionBuilder<Database, "spans">, condition: SpanCondition, projectIdOf: (ref: string) => number): Expression<SqlBool> {
  const negate = (expression: Expression<SqlBool>) => (condition.negated ? eb.not(expression) : expression);
  if (condition.kind === "duration") return negate(eb("duration_us", condition.op, Math.round(condition.us)));
  if (condition.kind === "is_transaction") return negate(sql<SqlBool>`(flags & ${spanFlags.segment}) = ${condition.value ? spanFlags.segment : 0}`);
  const { key, values } = condition;
  if (key === "project") return negate(eb("project_id", "in", values.map(projectIdOf)));
  if (key === "trace" || key === "id") {
    const length = key === "trace" ? 32 : 16;
    const ids = values.map((value) => value.replaceAll("-", "").toLowerCase());
    if (ids.some((id) => !new RegExp(`^[0-9a-f]{${length}}$`).test(id))) throw new AppError("bad_request", `${key} is ${length} hexadecimal digits.`);
    return negate(eb(key === "trace" ? "trace_id" : "span_id", "in", ids.map((id) => Buffer.from(id, "hex"))));
  }
  if (key === "span.status") return negate(eb("status", "in", values.map(spanStatusCode)));
  const [column] = stringColumns[key];
  const matches = eb.or(
    values.map((value) => {
      const strings = eb.selectFrom("span_strings").select("span_strings.id").where("span_strings.kind", "=", stringKind[key]);
      const matching = value.includes("*") ? strings.where(sql<SqlBool>`lower(span_strings.value) like lower(${value.replace(/[\\%_]/g, "\\$&").replaceAll("*", "%")}) escape '\\'`) : strings.where("span_strings.value", "=", value);
      return eb(column, "in", matching);
    }),
  );
  // A span without the value (no release, say) is among those that do not have it.
  return condition.negated ? eb.or([eb.not(matches), eb(column, "is", null)]) : matches;
}

function propertyOf(row: SpanRow, property: SpanProperty, slugOf: Map<number, string>): string | number | boolean | null {
  switch (property) {
    case "id":
      return Buffer.from(row.span_id).toString("hex");
    case "trace":
      return Buffer.from(row.trace_id).toString("hex");
    case "span.duration":
      return Number(row.duration_us) / 1000;
    case "span.status":
      return spanStatusName(Number(row.status));
    case "timestamp":
      return new Date(Number(row.start_us) / 1000).toISOString();
    case "project":
      return slugOf.get(Number(row.project_id)) ?? String(row.project_id);
    case "is_transaction":
      return (Number(row.flags) & spanFlags.segment) !== 0;
    default:
      return row[stringColumns[property][1]];
  }
}

/** Durations in milliseconds; percentiles interpolate linearly between the two nearest spans. */
function aggregateOf(fn: Extract<SpanField, { kind: "aggregate" }>["fn"], sortedUs: number[], failed: number): number | null {
  const count = sortedUs.length;
  if (fn === "count") return count;
  if (fn === "failure_rate") return count === 0 ? 0 : failed / count;
  if (count === 0) return null;
  if (fn === "sum") return sortedUs.reduce((total, value) => total + value, 0) / 1000;
  if (fn === "avg") return sortedUs.reduce((total, value) => total + value, 0) / count / 1000;
  if (fn === "min") return sortedUs[0]! / 1000;
  if (fn === "max") return sortedUs[count - 1]! / 1000;
  const rank = (Number(fn.slice(1)) / 100) * (count - 1);
  const lower = Math.floor(rank);
  const upper = Math.min(count - 1, lower + 1);
  return (sortedUs[lower]! + (sortedUs[upper]! - sortedUs[lower]!) * (rank - lower)) / 1000;
}

function metaOf(fields: SpanField[], dataset: string): SpanSearchResult["meta"] {
  const types: Record<string, string> = {};
  const units: Record<string, string | null> = {};
  for (const field of fields) {
    if (field.kind === "aggregate") {
      types[field.name] = field.fn === "count" ? "integer" : field.fn === "failure_rate" ? "percentage" : "duration";
      units[field.name] = field.fn === "count" || field.fn === "failure_rate" ? null : "millisecond";
    } else {
      types[field.name] = field.property === "span.duration" ? "duration" : field.property === "timestamp" ? "date" : field.property === "is_transaction" ? "boolean" : "string";
      units[field.name] = field.property === "span.duration" ? "millisecond" : null;
    }
  }
  return { fields: types, units, dataset };
}
