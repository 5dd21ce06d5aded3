import type { JsonSchema, OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI paths of traces (Sentry's trace and trace-meta shapes, telemetry-protocol.md §3.3). Their
 * schemas are written here: the answers are built by api/traces/serialize-trace.ts, whose types they mirror.
 */
type Paths = OpenApiDocument["paths"];

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const errors = (...statuses: ("400" | "404")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${status === "400" ? "BadRequest" : "NotFound"}` }])),
});
const orgPrefix = "/api/0/organizations/{organization_id_or_slug}";
const traceId = { name: "trace_id", in: "path" as const, required: true, description: "The trace id: 32 hex digits", schema: { type: "string" } };
const ignoredWindow = [
  { name: "statsPeriod", in: "query" as const, description: "Accepted for Sentry's clients; a trace is read whole", schema: { type: "string" } },
  { name: "start", in: "query" as const, description: "Accepted; a trace is read whole", schema: { type: "string" } },
  { name: "end", in: "query" as const, description: "Accepted; a trace is read whole", schema: { type: "string" } },
];
const nullableString = { type: ["string", "null"] };

export const traceErrorSchema: JsonSchema = {
  type: "object",
  properties: {
    event_id: { type: "string" },
    event_type: { const: "error" },
    issue_id: { type: "integer" },
    short_id: { type: "string" },
    level: { type: "string" },
    culprit: { type: "string" },
    issue_type: { type: "string" },
    description: { type: "string", description: "The issue's title" },
    project_id: { type: "integer" },
    project_slug: { type: "string" },
    start_timestamp: { type: "number", description: "Epoch seconds" },
    span_id: { ...nullableString, description: "The span the error happened in (contexts.trace.span_id)" },
  },
  required: ["event_id", "event_type", "issue_id", "short_id", "level", "culprit", "issue_type", "description", "project_id", "project_slug", "start_timestamp", "span_id"],
};

const traceSpanSchema: JsonSchema = {
  type: "object",
  properties: {
    event_id: { type: "string", description: "The span id; for a transaction, its event id" },
    event_type: { const: "span" },
    transaction_id: { type: "string", description: "The event id of the transaction the span belongs to" },
    project_id: { type: "integer" },
    project_slug: { type: "string" },
    transaction: nullableString,
    description: nullableString,
    op: { type: "string" },
    name: { type: "string" },
    status: { type: "string" },
    parent_span_id: nullableString,
    start_timestamp: { type: "number", description: "Epoch seconds" },
    end_timestamp: { type: "number", description: "Epoch seconds" },
    duration: { type: "number", description: "Milliseconds" },
    is_transaction: { type: "boolean" },
    sdk_name: { type: "string" },
    profile_id: { type: "string" },
    profiler_id: { type: "string" },
    measurements: { type: "object", additionalProperties: { type: "number" } },
    browser_web_vital: { type: "object", additionalProperties: { type: "number" } },
    additional_attributes: { type: "object" },
    children: { type: "array", items: { $ref: "#/components/schemas/ApiTraceSpan" }, description: `Spans under this one (nested at most ${100} deep; deeper spans are listed under their ancestor at that depth)` },
    errors: { type: "array", items: { $ref: "#/components/schemas/ApiTraceError" } },
    occurrences: { type: "array", items: {} },
  },
  required: ["event_id", "event_type", "transaction_id", "project_id", "project_slug", "parent_span_id", "start_timestamp", "end_timestamp", "duration", "is_transaction", "children", "errors", "occurrences"],
};

const traceMetaSchema: JsonSchema = {
  type: "object",
  properties: {
    errorsCount: { type: "integer" },
    performanceIssuesCount: { type: "integer" },
    logsCount: { type: "integer" },
    metricsCount: { type: "integer" },
    spansCount: { type: "integer" },
    spansCountMap: { type: "object", additionalProperties: { type: "integer" }, description: "Spans by op" },
    transactionChildCountMap: { type: "array", items: { type: "object", properties: { "transaction.event_id": { type: "string" }, "count()": { type: "integer" } }, required: ["transaction.event_id", "count()"] } },
  },
  required: ["errorsCount", "performanceIssuesCount", "logsCount", "metricsCount", "spansCount", "spansCountMap", "transactionChildCountMap"],
};

export const traceSchemas: Record<string, JsonSchema> = { ApiTraceSpan: traceSpanSchema, ApiTraceError: traceErrorSchema, ApiTraceMeta: traceMetaSchema };

export function traceOperations(): Paths {
  return {
    [`${orgPrefix}/trace/{trace_id}/`]: {
      get: {
        operationId: "getOrganizationTrace",
        summary: "Retrieve a trace's spans and errors",
        description:
          "Every span of the trace in the projects the caller can see (at most 10,000, the earliest), as top-level spans with their `children`, each error event on the span it happened in (`errors`), and errors of no span of the trace as top-level items. Other query parameters than those listed answer 400.",
        tags: ["Traces"],
        parameters: [
          param("organization"),
          traceId,
          ...ignoredWindow,
          { name: "additional_attributes", in: "query", description: "Span attributes (data, tags or v2 attributes) to copy into `additional_attributes` (repeat it; at most 50)", schema: { type: "array", items: { type: "string" } }, explode: true },
        ],
        responses: { "200": { description: "Top-level spans and errors", content: json({ type: "array", items: { anyOf: [{ $ref: "#/components/schemas/ApiTraceSpan" }, { $ref: "#/components/schemas/ApiTraceError" }] } }) }, ...errors("400", "404") },
      },
    },
    [`${orgPrefix}/trace-meta/{trace_id}/`]: {
      get: {
        operationId: "getOrganizationTraceMeta",
        summary: "Count a trace's spans, errors and log lines",
        tags: ["Traces"],
        parameters: [param("organization"), traceId, ...ignoredWindow],
        responses: { "200": { description: "Counts", content: json({ $ref: "#/components/schemas/ApiTraceMeta" }) }, ...errors("400", "404") },
      },
    },
      [`${orgPrefix}/events/`]: {
      get: {
        operationId: "listOrganizationEvents",
        summary: "Search and aggregate spans and logs",
        description:
          "Sentry's events API for `dataset=errors` (below), `dataset=spans` (every span) and `dataset=transactions` (segments only), and `dataset=logs` (below); other datasets answer 400. Span fields: id, span.op, span.description (normalized: literals and ids replaced), span.duration (ms), span.status, transaction, trace, timestamp (the span's start), project, release, environment, is_transaction, and count(), avg(), sum(), min(), max(), p50(), p75(), p95(), p99() (of span.duration, in ms) and failure_rate() (share of spans whose status is not ok, cancelled or unknown). Any aggregate groups by the other fields; aggregates read at most 100,000 matching spans (more: 400). Query keys: trace, id, span.op, span.description, transaction, release, environment, project, span.status (values may use * wildcards and [a,b] lists; ! negates), is_transaction:true|false, span.duration with >, >=, <, <=, = and a unit (us, ms, s, m, h; default ms); free text matches the description; terms all apply (no OR). Unknown parameters, fields, functions and keys answer 400.\n\n`dataset=logs` (or its older name `ourlogs`): every log line (SDK log items, OTLP logs). Fields: id, message, message.template, severity (trace, debug, info, warn, error, fatal), severity_number (1–24), timestamp, trace, span_id, project, release, environment, any attribute key (`user.id`, `message.parameter.0`, `tags[key]`), and count() (groups by the other fields; reads at most 100,000 matching lines). Query: free text matches messages that contain it (case-insensitive) and hold one of its words (a word it completes, or the trailing word's start) as a word; `message:`, `message.template:`, `severity:`, `severity_number:` with >, >=, <, <=, `trace:`, `span_id:`, `release:`, `environment:`, `project:`, any attribute `key:value` (`*` wildcards, [a,b] lists), `key:>5` on numeric attributes, `has:key`; `!` negates. Sort by timestamp, severity, severity_number, message, trace, project or id (with count(): any field; default -timestamp, or -count()). Default window 14d.\n\n`dataset=errors` (or its older name `discover`): stored error and message events (not the issues Lantern makes from check-ins, uptime checks and spans). Fields: id, issue (short id), issue.id, title, message, project, project.id, timestamp, level, error.type and error.value (the crashing exception), culprit, transaction, release, environment, trace, platform, event.type, user (Lantern's user key), user.id, user.email, user.username, user.ip, user.display, `tags[key]`, and count(), count_unique(<field>) (default user), last_seen(); any aggregate groups by the other fields. Query: the same keys (message, title, error.value and culprit match a substring, any case; the rest exactly, with * wildcards and [a,b] lists), any other key is a tag, `has:key`, `!` negates, free text matches the message; `project:<slug>` narrows the projects. The database narrows by project, window, environment and plain equalities on level, release, environment, trace, id and issue.id; at most the newest 10,000 such events are read (`meta.dataScanned` says `partial` when there were more). Sort by any field (default -timestamp, or the first aggregate).",
        tags: ["Traces"],
        parameters: [
          param("organization"),
          { name: "dataset", in: "query", required: true, description: "errors, spans, transactions or logs", schema: { type: "string", enum: ["errors", "discover", "spans", "transactions", "logs", "ourlogs"] } },
          { name: "field", in: "query", required: true, description: "Fields and aggregates (repeat it; at most 20)", schema: { type: "array", items: { type: "string" } }, explode: true },
          { name: "query", in: "query", description: "Sentry's search syntax over span or log keys, as in `span.op:db span.duration:>100ms` or `severity:error user.id:42 payment`", schema: { type: "string" } },
          { name: "sort", in: "query", description: "One of the fields, `-` for descending; default: the first aggregate, else -timestamp", schema: { type: "string" } },
          { name: "statsPeriod", in: "query", description: "The window back from now (`24h`, `14d`; default 14d)", schema: { type: "string" } },
          { name: "start", in: "query", description: "Window start (ISO 8601), with end", schema: { type: "string" } },
          { name: "end", in: "query", description: "Window end (ISO 8601), with start", schema: { type: "string" } },
          { name: "project", in: "query", description: "Project ids or slugs (repeat it); -1 or absent: every project you can see", schema: { type: "array", items: { type: "string" } }, explode: true },
          { name: "environment", in: "query", description: "Environments (repeat it)", schema: { type: "array", items: { type: "string" } }, explode: true },
          { name: "per_page", in: "query", description: "Rows per page, 1–100 (default 100)", schema: { type: "integer", minimum: 1, maximum: 100 } },
          param("cursor"),
        ],
        responses: {
          "200": {
            description: "Rows keyed by the requested field strings, and their types and units",
            headers: { Link: { $ref: "#/components/headers/Link" } },
            content: json({
              type: "object",
              properties: {
                data: { type: "array", items: { type: "object", additionalProperties: { type: ["string", "number", "boolean", "null"] } } },
                meta: { type: "object", properties: { fields: { type: "object", additionalProperties: { type: "string" } }, units: { type: "object", additionalProperties: nullableString }, dataset: { type: "string" } }, required: ["fields", "units"] },
              },
              required: ["data", "meta"],
            }),
          },
          ...errors("400", "404"),
        },
      },
    },
  };
}
