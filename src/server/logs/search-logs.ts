import { inflateSync } from "node:zlib";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import type { LogLineView } from "@/lib/views/logs";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { parameterAttributePrefix, type LogPayloadEntry } from "./log-item-rows";
import { logStringKinds } from "./log-strings";
import { attributeKeyToken, attributeValueToken, searchableValue, severityToken, traceToken, wordsOf } from "./log-terms";
import type { Comparison, LogColumnKey, LogCondition, LogSearch, LogSortKey } from "./parse-log-search";
import { levelOfSeverity, severityOfLevel, type LogAttribute } from "./read-logs";

/** A log line as pages and the events API show it. */
export type FoundLog = LogLineView;

export interface LogSearchOptions {
  withAttributes?: boolean;
}

/**
 * Conditions that need a line's attributes (wildcards, numeric comparisons) are checked on the payloads of
 * candidate lines the index narrowed; at most this many candidates are read for one page.
 */
export const maxScannedLogs = 20_000;

export interface LogRow {
  id: number;
  project_id: number;
  timestamp_us: number;
  trace_id: Uint8Array;
  span_id: Uint8Array | null;
  severity: number;
  body: string;
  template: string | null;
  release: string | null;
  environment: string | null;
  payload_id: number;
  payload_index: number;
}

const sortColumns: Record<LogSortKey, string> = { timestamp: "timestamp_us", severity: "severity", severity_number: "severity", message: "body", trace: "trace_id", project: "project_id", id: "logs.id" };
const stringKinds: Partial<Record<LogColumnKey, { column: "template_id" | "release_id" | "environment_id"; kind: number }>> = {
  "message.template": { column: "template_id", kind: logStringKinds.template },
  release: { column: "release_id", kind: logStringKinds.release },
  environment: { column: "environment_id", kind: logStringKinds.environment },
};

/**
 * The log lines of the projects the caller can see that match a search (parse-log-search.ts), in its order,
 * one page of them. Words, attribute values, `has:` and traces narrow through the search index (FTS5 on
 * SQLite, the tsvector GIN index on PostgreSQL; log-terms.ts); the time window through `logs_project_time`;
 * the row then confirms what a token only suggests (the message text, the trace id). Wildcard and numeric
 * attribute conditions are checked on the payloads of at most `maxScannedLogs` candidates.
 */
export async function searchLogs(context: AccessContext, search: LogSearch, options: LogSearchOptions = {}): Promise<{ rows: FoundLog[]; hasMore: boolean }> {
  authorize(context, "log.search");
  const scope = await projectScope(context, search);
  const payloadChecks = search.conditions.filter(needsPayload);
  const withAttributes = options.withAttributes === true;
  if (payloadChecks.length === 0 && context.database.dialect === "sqlite" && search.sort.key === "timestamp" && search.sort.descending) {
    const streamed = await newestThroughIndex(context, search, scope);
    if (streamed) return { rows: await toFound(context, streamed.rows, scope.slugOf, withAttributes), hasMore: streamed.hasMore };
  }
  const query = matchingQuery(context, search, scope);
  const column = sortColumns[search.sort.key];
  const direction = search.sort.descending ? "desc" : "asc";
  const ordered = query.orderBy(sql.ref(column), direction).orderBy("logs.id", direction);
  if (payloadChecks.length === 0) {
    const rows = (await ordered.limit(search.limit + 1).offset(search.offset).execute()) as LogRow[];
    const page = rows.slice(0, search.limit);
    return { rows: await toFound(context, page, scope.slugOf, withAttributes), hasMore: rows.length > search.limit };
  }
  const candidates = (await ordered.limit(maxScannedLogs).execute()) as LogRow[];
  const entries = await payloadEntries(context, candidates);
  const matching = candidates.filter((row) => payloadChecks.every((condition) => payloadMatches(condition, entries.get(entryKey(row)))));
  const page = matching.slice(search.offset, search.offset + search.limit);
  return { rows: await toFound(context, page, scope.slugOf, withAttributes, entries), hasMore: matching.length > search.offset + search.limit || (candidates.length === maxScannedLogs && matching.length >= search.offset + search.limit) };
}

/** Index matches read per step, newest first, and at most how many before the planner's way is taken instead. */
const streamBatch = 2_000;
const maxStreamed = 200_000;
/** How far before the window's start a batch's newest line may be before no later batch can reach into it. */
const arrivalSkewUs = 3_600_000_000;

/**
 * SQLite, newest first, when the index narrows the search: FTS5 hands out the matching line ids newest first
 * (ids grow as lines arrive) in batches, each checked against the other conditions, until the page is full
 * — so a common word costs a few batches instead of every line that ever held it, which SQLite's planner
 * would collect and sort. Lines are taken in the order they arrived and the page is ordered by timestamp;
 * lines that arrive hours late may sort a page later than their timestamp says. Undefined when the index
 * does not narrow the search, or when more than `maxStreamed` matches are newer than the window (the
 * planner's way is faster then).
 */
async function newestThroughIndex(context: AccessContext, search: LogSearch, scope: ProjectScope): Promise<{ rows: LogRow[]; hasMore: boolean } | undefined> {
  const { required } = tokenConditions(search);
  if (required.length === 0) return undefined;
  const match = ftsQuery(required);
  const base = matchingQuery(context, search, scope, { withoutRequired: true, byIds: true });
  const needed = search.offset + search.limit + 1;
  const found: LogRow[] = [];
  let before: number | null = null;
  for (let scanned = 0; scanned < maxStreamed; ) {
    const { rows: hits } = await sql<{ id: number }>`select rowid as id from logs_fts where logs_fts match ${match} ${before === null ? sql`` : sql`and rowid < ${before}`} order by rowid desc limit ${streamBatch}`.execute(context.db);
    const ids = hits.map((hit) => Number(hit.id));
    if (ids.length === 0) return pageOf(found, search);
    scanned += ids.length;
    before = ids.at(-1)!;
    found.push(...((await base.where("logs.id", "in", ids).execute()) as LogRow[]));
    if (found.length >= needed || ids.length < streamBatch) return pageOf(found, search);
    const newest = await context.db.selectFrom("logs").select((eb) => eb.fn.max("timestamp_us").as("at")).where("id", "in", ids).executeTakeFirst();
    if (newest?.at !== undefined && newest.at !== null && Number(newest.at) < search.window.startUs - arrivalSkewUs) return pageOf(found, search);
  }
  return undefined;
}

function pageOf(found: LogRow[], search: LogSearch): { rows: LogRow[]; hasMore: boolean } {
  found.sort((a, b) => Number(b.timestamp_us) - Number(a.timestamp_us) || Number(b.id) - Number(a.id));
  return { rows: found.slice(search.offset, search.offset + search.limit), hasMore: found.length > search.offset + search.limit };
}

/** Every matching line (at most `max`), for counting and grouping; throws when more match. */
export async function findAllLogs(context: AccessContext, search: LogSearch, max: number, options: LogSearchOptions = {}): Promise<FoundLog[]> {
  authorize(context, "log.search");
  const scope = await projectScope(context, search);
  const payloadChecks = search.conditions.filter(needsPayload);
  const rows = (await matchingQuery(context, search, scope).limit(max + 1).execute()) as LogRow[];
  if (rows.length > max) throw new AppError("bad_request", `More than ${max.toLocaleString("en")} log lines match: narrow the query, the projects or the time window to count them.`);
  const entries = payloadChecks.length > 0 || options.withAttributes ? await payloadEntries(context, rows) : undefined;
  const matching = payloadChecks.length === 0 ? rows : rows.filter((row) => payloadChecks.every((condition) => payloadMatches(condition, entries!.get(entryKey(row)))));
  return toFound(context, matching, scope.slugOf, options.withAttributes === true, entries);
}

/**
 * How many lines match, counting at most `cap` (count-logs.ts): through the index and `logs_project_time`
 * alone, reading no payload, unless a condition needs attributes (wildcards, numeric comparisons) — then at
 * most `maxScannedLogs` candidates' payloads.
 */
export async function countMatchingLogs(context: AccessContext, search: LogSearch, cap: number): Promise<number> {
  authorize(context, "log.search");
  const scope = await projectScope(context, search);
  const payloadChecks = search.conditions.filter(needsPayload);
  const matching = matchingQuery(context, search, scope).clearSelect();
  if (payloadChecks.length === 0) {
    const counted = await context.db.selectFrom(matching.select("logs.id").limit(cap).as("matching")).select((eb) => eb.fn.countAll<number>().as("lines")).executeTakeFirstOrThrow();
    return Number(counted.lines);
  }
  const candidates = (await matching.select(["logs.id", "payload_id", "payload_index"]).limit(maxScannedLogs).execute()) as LogRow[];
  const entries = await payloadEntries(context, candidates);
  return Math.min(cap, candidates.filter((row) => payloadChecks.every((condition) => payloadMatches(condition, entries.get(entryKey(row))))).length);
}

export interface ProjectScope {
  ids: number[];
  slugOf: Map<number, string>;
  idOf: (ref: string) => number;
}

export async function projectScope(context: AccessContext, search: LogSearch): Promise<ProjectScope> {
  const visible = visibleProjectIds(context.viewer);
  const projects = await context.db.selectFrom("projects").select(["id", "slug"]).$if(visible !== null, (query) => query.where("id", "in", visible!.length > 0 ? visible! : [-1])).execute();
  const slugOf = new Map(projects.map((project) => [Number(project.id), project.slug]));
  const idOf = (ref: string): number => {
    const found = projects.find((project) => project.slug === ref || String(project.id) === ref);
    if (!found) throw new AppError("bad_request", `No project "${ref.slice(0, 80)}" that you can see.`);
    return Number(found.id);
  };
  return { ids: search.projects.length > 0 ? search.projects.map(idOf) : [...slugOf.keys()], slugOf, idOf };
}

function allConditions(search: LogSearch): LogCondition[] {
  return [...search.conditions, ...(search.environments.length > 0 ? [{ kind: "column" as const, key: "environment" as const, values: search.environments, negated: false }] : [])];
}

/**
 * The index tokens every line must have go into one match (the index intersects them itself); each negated
 * token condition is a match of its own, excluded.
 */
function tokenConditions(search: LogSearch, postgres = false): { required: TokenQuery[]; excluded: TokenQuery[] } {
  const required: TokenQuery[] = [];
  const excluded: TokenQuery[] = [];
  const conditions = allConditions(search);
  for (const condition of conditions) {
    if (condition.kind === "text") continue;
    const tokens = tokensOf(condition);
    if (tokens === null) continue;
    (condition.negated ? excluded : required).push(tokens);
  }
  // Free text is confirmed on the body (LIKE), so the index only has to narrow: one word is enough, and none
  // when an exact token (an attribute, a trace) already narrows — intersecting a common word's long list of
  // lines costs more than checking a few more bodies.
  if (required.length === 0) {
    const word = narrowestWord(conditions.filter((condition): condition is Extract<LogCondition, { kind: "text" }> => condition.kind === "text" && !condition.negated));
    if (word !== null) required.push([[word]]);
  }
  // PostgreSQL's lines also carry a severity token (log-terms.ts): once something narrows, the levels asked for
  // narrow further inside the GIN index. Alone, a level's token is too common to be worth it.
  if (postgres && required.length > 0) {
    for (const condition of conditions) {
      if (condition.kind === "severity" && !condition.negated) required.push(condition.levels.map((level) => [severityToken(severityOfLevel(level))]));
    }
  }
  return { required, excluded };
}

/**
 * The word of the free text most likely to be rare, as an index token: one with digits (an order number, an
 * id) before one without, then the longest; a word the text completes is exact, a trailing word a prefix
 * (an exact word is read newest first; a prefix merges every word it starts, which costs more).
 */
function narrowestWord(texts: Extract<LogCondition, { kind: "text" }>[]): string | null {
  let best: { token: string; score: number } | null = null;
  for (const { text } of texts) {
    const words = wordsOf(text, 16);
    const endsInWord = /[\p{L}\p{N}]$/u.test(text);
    for (const [index, word] of words.entries()) {
      const isPrefix = index === words.length - 1 && endsInWord;
      const score = (/\d/.test(word) ? 1000 : 0) + word.length * 2 + (isPrefix ? 0 : 1);
      if (best === null || score > best.score) best = { token: isPrefix ? `${word}*` : word, score };
    }
  }
  return best?.token ?? null;
}

export function matchingQuery(context: AccessContext, search: LogSearch, scope: ProjectScope, { withoutRequired = false, byIds = false } = {}) {
  const postgres = context.database.dialect === "postgres";
  const conditions = allConditions(search);
  const strings = (alias: string, column: string) => sql<string | null>`(select ${sql.ref(`${alias}.value`)} from log_strings as ${sql.raw(alias)} where ${sql.ref(`${alias}.id`)} = ${sql.ref(`logs.${column}`)})`;
  const { required, excluded } = tokenConditions(search, postgres);
  const matchSql = (tokens: TokenQuery[]) => (postgres ? sql<SqlBool>`logs.terms @@ ${tsQuery(tokens)}::tsquery` : sql<SqlBool>`logs.id in (select rowid from logs_fts where logs_fts match ${ftsQuery(tokens)})`);
  return context.db
    .selectFrom("logs")
    .select(["logs.id", "project_id", "timestamp_us", "trace_id", "span_id", "severity", "body", "payload_id", "payload_index", strings("t", "template_id").as("template"), strings("r", "release_id").as("release"), strings("e", "environment_id").as("environment")])
    // Checking a batch of ids (newestThroughIndex), SQLite must look each up by its id, not walk the window's
    // index: the unary + keeps the project and time terms off the index.
    .where(byIds ? sql`+project_id` : sql.ref("project_id"), "in", scope.ids.length > 0 ? scope.ids : [-1])
    .where(byIds ? sql`+timestamp_us` : sql.ref("timestamp_us"), ">=", search.window.startUs)
    .where(byIds ? sql`+timestamp_us` : sql.ref("timestamp_us"), "<", search.window.endUs)
    .$if(required.length > 0 && !withoutRequired, (query) => query.where(matchSql(required)))
    .where((eb) => eb.and([...excluded.map((tokens) => eb.not(matchSql([tokens]))), ...conditions.map((condition) => rowCondition(eb, condition, scope, postgres))]));
}

/** Alternatives (OR) of conjunctions (AND) of index tokens; a token ending in `*` is a prefix. */
type TokenQuery = string[][];

function tokensOf(condition: LogCondition): TokenQuery | null {
  switch (condition.kind) {
    case "attribute": {
      if (condition.values.some((value) => value.includes("*"))) return condition.negated ? null : [[attributeKeyToken(condition.key)]];
      return condition.values.map((value) => [attributeValueToken(condition.key, value)]);
    }
    case "compare":
      return condition.negated ? null : [[attributeKeyToken(condition.key)]];
    case "has":
      return isColumnKey(condition.key) ? null : [[attributeKeyToken(condition.key)]];
    case "column":
      if (condition.key !== "trace" || condition.negated) return null;
      return condition.values.map((value) => [traceToken(traceIdOf(value))]);
    default:
      return null;
  }
}

function ftsQuery(alternatives: TokenQuery[]): string {
  const term = (token: string) => (token.endsWith("*") ? `"${token.slice(0, -1)}"*` : `"${token}"`);
  return alternatives.map((alternative) => `(${alternative.map((conjunction) => `(${conjunction.map(term).join(" AND ")})`).join(" OR ")})`).join(" AND ");
}

function tsQuery(alternatives: TokenQuery[]): string {
  const term = (token: string) => (token.endsWith("*") ? `'${token.slice(0, -1)}':*` : `'${token}'`);
  return alternatives.map((alternative) => `(${alternative.map((conjunction) => `(${conjunction.map(term).join(" & ")})`).join(" | ")})`).join(" & ");
}

const columnHasKeys = new Set(["message.template", "release", "environment", "trace", "span_id", "project", "id", "message", "severity"]);
function isColumnKey(key: string): boolean {
  return columnHasKeys.has(key);
}

function traceIdOf(value: string): string {
  const id = value.replaceAll("-", "").toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id)) throw new AppError("bad_request", "trace is 32 hexadecimal digits.");
  return id;
}

function likePattern(value: string, { contains }: { contains: boolean }): string {
  const escaped = value.replace(/[\\%_]/g, "\\$&");
  return contains ? `%${escaped}%` : escaped.replaceAll("*", "%");
}

function rowCondition(eb: ExpressionBuilder<Database, "logs">, condition: LogCondition, scope: ProjectScope, postgres: boolean): Expression<SqlBool> {
  const negate = (expression: Expression<SqlBool>) => (condition.negated ? eb.not(expression) : expression);
  const like = (pattern: string) => (postgres ? sql<SqlBool>`logs.body ilike ${pattern} escape '\\'` : sql<SqlBool>`logs.body like ${pattern} escape '\\'`);
  switch (condition.kind) {
    case "text":
      return negate(like(likePattern(condition.text, { contains: true })));
    case "message":
      return negate(eb.or(condition.values.map((value) => like(likePattern(value, { contains: !value.includes("*") })))));
    case "severity":
      return negate(eb.or(condition.levels.map((level) => eb.between("severity", severityOfLevel(level), severityOfLevel(level) + 3))));
    case "severityNumber":
      return negate(eb("severity", condition.op, condition.value));
    case "has": {
      if (condition.key === "message.template") return negate(eb("template_id", "is not", null));
      if (condition.key === "release") return negate(eb("release_id", "is not", null));
      if (condition.key === "environment") return negate(eb("environment_id", "is not", null));
      if (condition.key === "span_id") return negate(eb("span_id", "is not", null));
      if (isColumnKey(condition.key)) return negate(sql<SqlBool>`1 = 1`);
      return sql<SqlBool>`1 = 1`;
    }
    case "column":
      return columnCondition(eb, condition as Extract<LogCondition, { kind: "column" }>, scope);
    default:
      // Attribute equality is the index's (its token is exact); wildcards and comparisons are the payload's.
      return sql<SqlBool>`1 = 1`;
  }
}

function columnCondition(eb: ExpressionBuilder<Database, "logs">, condition: Extract<LogCondition, { kind: "column" }>, scope: ProjectScope): Expression<SqlBool> {
  const negate = (expression: Expression<SqlBool>) => (condition.negated ? eb.not(expression) : expression);
  const { key, values } = condition;
  if (key === "project") return negate(eb("project_id", "in", values.map(scope.idOf)));
  if (key === "id") {
    if (values.some((value) => !/^\d{1,16}$/.test(value))) throw new AppError("bad_request", "id is a log line's number.");
    return negate(eb("logs.id", "in", values.map(Number)));
  }
  if (key === "trace") return negate(eb("trace_id", "in", values.map((value) => Buffer.from(traceIdOf(value), "hex"))));
  if (key === "span_id") {
    const ids = values.map((value) => value.toLowerCase());
    if (ids.some((id) => !/^[0-9a-f]{16}$/.test(id))) throw new AppError("bad_request", "span_id is 16 hexadecimal digits.");
    return negate(eb("span_id", "in", ids.map((id) => Buffer.from(id, "hex"))));
  }
  const { column, kind } = stringKinds[key]!;
  const matches = eb.or(
    values.map((value) => {
      const strings = eb.selectFrom("log_strings").select("log_strings.id").where("log_strings.kind", "=", kind).where("log_strings.project_id", "in", scope.ids.length > 0 ? scope.ids : [-1]);
      const matching = value.includes("*") ? strings.where(sql<SqlBool>`lower(log_strings.value) like lower(${likePattern(value, { contains: false })}) escape '\\'`) : strings.where("log_strings.value", "=", value);
      return eb(column, "in", matching);
    }),
  );
  // A line without the value (no release, say) is among those that do not have it.
  return condition.negated ? eb.or([eb.not(matches), eb(column, "is", null)]) : matches;
}

export function needsPayload(condition: LogCondition): boolean {
  if (condition.kind === "compare") return true;
  if (condition.kind === "attribute") return condition.values.some((value) => value.includes("*"));
  return false;
}

function attributeOf(entry: LogPayloadEntry | undefined, key: string): LogAttribute | undefined {
  if (!entry) return undefined;
  if (key.startsWith(parameterAttributePrefix)) return entry.p?.[key.slice(parameterAttributePrefix.length)];
  return entry.a && Object.hasOwn(entry.a, key) ? entry.a[key] : undefined;
}

function compare(left: number, op: Comparison, right: number): boolean {
  return op === ">" ? left > right : op === ">=" ? left >= right : op === "<" ? left < right : op === "<=" ? left <= right : left === right;
}

export function payloadMatches(condition: LogCondition, entry: LogPayloadEntry | undefined): boolean {
  let matches: boolean;
  if (condition.kind === "compare") {
    const attribute = attributeOf(entry, condition.key);
    const number = attribute === undefined ? Number.NaN : typeof attribute.value === "number" ? attribute.value : typeof attribute.value === "string" && attribute.value.trim() !== "" ? Number(attribute.value) : Number.NaN;
    matches = Number.isFinite(number) && compare(number, condition.op, condition.value);
  } else if (condition.kind === "attribute") {
    const attribute = attributeOf(entry, condition.key);
    const value = attribute === undefined ? null : searchableValue(attribute.value);
    matches = value !== null && condition.values.some((wanted) => wildcardPattern(wanted).test(value));
  } else return true;
  return condition.negated ? !matches : matches;
}

function wildcardPattern(value: string): RegExp {
  return new RegExp(`^${value.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`, "is");
}

export const entryKey = (row: { payload_id: number; payload_index: number }) => `${row.payload_id}:${row.payload_index}`;

export async function payloadEntries(context: AccessContext, rows: LogRow[]): Promise<Map<string, LogPayloadEntry>> {
  const entries = new Map<string, LogPayloadEntry>();
  const payloadIds = [...new Set(rows.map((row) => Number(row.payload_id)))];
  for (let start = 0; start < payloadIds.length; start += 500) {
    const payloads = await context.db.selectFrom("log_payloads").select(["id", "body"]).where("id", "in", payloadIds.slice(start, start + 500)).execute();
    for (const payload of payloads) {
      const list = JSON.parse(inflateSync(payload.body).toString("utf8")) as LogPayloadEntry[];
      list.forEach((entry, index) => entries.set(`${Number(payload.id)}:${index}`, entry));
    }
  }
  return entries;
}

export async function toFound(context: AccessContext, rows: LogRow[], slugOf: Map<number, string>, withAttributes: boolean, known?: Map<string, LogPayloadEntry>): Promise<FoundLog[]> {
  const entries = withAttributes ? (known ?? (await payloadEntries(context, rows))) : undefined;
  return rows.map((row) => {
    const severityNumber = Number(row.severity);
    const found: FoundLog = {
      id: Number(row.id),
      projectId: Number(row.project_id),
      project: slugOf.get(Number(row.project_id)) ?? String(row.project_id),
      timestampUs: Number(row.timestamp_us),
      severityNumber,
      severity: levelOfSeverity(severityNumber),
      message: row.body,
      template: row.template,
      traceId: Buffer.from(row.trace_id).toString("hex"),
      spanId: row.span_id === null ? null : Buffer.from(row.span_id).toString("hex"),
      release: row.release,
      environment: row.environment,
    };
    if (entries) {
      const entry = entries.get(entryKey(row));
      const attributes: Record<string, LogAttribute> = { ...entry?.a };
      for (const [name, value] of Object.entries(entry?.p ?? {})) attributes[parameterAttributePrefix + name] = value;
      found.attributes = attributes;
      found.levelText = entry?.l ?? null;
    }
    return found;
  });
}
