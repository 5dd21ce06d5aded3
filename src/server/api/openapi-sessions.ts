import type { JsonSchema, OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI path of Sentry's sessions endpoint (telemetry-protocol.md §3.8); the answer is built by
 * sessions/query-sessions.ts, whose SessionsResult the schema mirrors.
 */
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const orgPrefix = "/api/0/organizations/{organization_id_or_slug}";
const fieldValue = { type: ["number", "null"] };

export const sessionSchemas: Record<string, JsonSchema> = {
  ApiSessions: {
    type: "object",
    required: ["start", "end", "intervals", "groups", "query"],
    properties: {
      start: { type: "string", description: "The window's start (ISO 8601), aligned to the interval" },
      end: { type: "string" },
      intervals: { type: "array", items: { type: "string" }, description: "The start of each interval (empty with includeSeries=0)" },
      groups: {
        type: "array",
        items: {
          type: "object",
          required: ["by", "totals", "series"],
          properties: {
            by: { type: "object", additionalProperties: { type: ["string", "integer"] }, description: "The group's values: project (id), release, environment, session.status" },
            totals: { type: "object", additionalProperties: fieldValue },
            series: { type: "object", additionalProperties: { type: "array", items: fieldValue } },
          },
        },
      },
      query: { type: "string" },
    },
  },
};

export function sessionOperations(): OpenApiDocument["paths"] {
  const query = (name: string, description: string, isArray = false) => ({
    name,
    in: "query" as const,
    description,
    schema: isArray ? { type: "array", items: { type: "string" } } : { type: "string" },
    ...(isArray ? { explode: true } : {}),
  });
  return {
    [`${orgPrefix}/sessions/`]: {
      get: {
        operationId: "listOrganizationSessions",
        summary: "Release health: sessions, users and crash-free rates over time",
        description:
          "Sessions are counted once when they start and once by how they end (healthy, errored, crashed, abnormal). `crash_free_rate(session)` = 1 − crashed ÷ sessions; users are the sessions' `did`, counted with hourly HyperLogLog sketches (exact to a user or two up to a few dozen users, about ±13 % beyond); `crash_free_rate(user)` = 1 − crashed users ÷ users. Rates are null without sessions, and with groupBy=session.status. Unknown parameters, fields and groupings answer 400.",
        tags: ["Releases"],
        parameters: [
          { $ref: "#/components/parameters/organization" },
          { ...query("field", "sum(session), count_unique(user), crash_free_rate(session), crash_free_rate(user) (repeat it)", true), required: true },
          query("groupBy", "project, release, environment, session.status (repeat it)", true),
          query("statsPeriod", "The window back from now (`24h`, `14d`; default 24h; at most 90d)"),
          query("start", "The window's start (ISO 8601), with end"),
          query("end", "The window's end (ISO 8601), with start"),
          query("interval", "Whole hours or days (`1h`, `1d`; default and minimum 1h; at most 2000 intervals)"),
          query("project", "Project ids (repeat it; -1 or none: every project you can see)", true),
          query("environment", "Environments (repeat it)", true),
          query("query", "release:<version>, release:[a,b], environment:<name>"),
          query("includeTotals", "0 leaves totals out"),
          query("includeSeries", "0 leaves the series and intervals out"),
        ],
        responses: {
          "200": { description: "Totals and series per group", content: json({ $ref: "#/components/schemas/ApiSessions" }) },
          "400": { $ref: "#/components/responses/BadRequest" },
          "401": { $ref: "#/components/responses/Unauthorized" },
          "404": { $ref: "#/components/responses/NotFound" },
        },
      },
    },
  };
}
