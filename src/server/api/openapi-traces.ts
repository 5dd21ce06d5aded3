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
        summary: "Count a trace's spans and errors",
        tags: ["Traces"],
        parameters: [param("organization"), traceId, ...ignoredWindow],
        responses: { "200": { description: "Counts", content: json({ $ref: "#/components/schemas/ApiTraceMeta" }) }, ...errors("400", "404") },
      },
    },
  };
}
