import { uptimeIntervals, uptimeMethods } from "@/lib/views/uptime";
import type { JsonSchema, OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI paths of uptime monitors (Sentry's shapes, telemetry-protocol.md §3.5). The schema is written
 * here: the answers are built by api/uptime/serialize-uptime.ts, whose fields it mirrors.
 */
type Paths = OpenApiDocument["paths"];

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const errors = (...statuses: ("400" | "403" | "404" | "413")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "403": "Forbidden", "404": "NotFound", "413": "TooLarge" }[status]}` }])),
});
const nullableString = { type: ["string", "null"] };
const monitorRef = { $ref: "#/components/schemas/ApiUptimeMonitor" };
const uptimeId = { name: "uptime_id", in: "path" as const, required: true, description: "The monitor's id", schema: { type: "string" } };
const perPage = { name: "per_page", in: "query" as const, description: "At most this many (1 to 100, default 100)", schema: { type: "integer", minimum: 1, maximum: 100 } };
const paged = (description: string, items: JsonSchema) => ({ description, headers: { Link: { $ref: "#/components/headers/Link" } }, content: json({ type: "array", items }) });

const fields: Record<string, JsonSchema> = {
  name: { type: "string", maxLength: 128, description: "Default: Uptime Monitoring for <url>" },
  url: { type: "string", maxLength: 255, description: "http(s); hosts on loopback, private or link-local addresses are refused unless LANTERN_WEBHOOK_ALLOW_PRIVATE=true" },
  intervalSeconds: { type: "integer", enum: [...uptimeIntervals] },
  timeoutMs: { type: "integer", minimum: 1000, maximum: 60000 },
  method: { type: "string", enum: [...uptimeMethods] },
  headers: { type: "array", items: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 2 }, description: "[name, value] pairs; request line, headers and body at most 1000 bytes" },
  body: nullableString,
  status: { type: "string", enum: ["active", "disabled"] },
  environment: { ...nullableString, maxLength: 64 },
  downtimeThreshold: { type: "integer", minimum: 1, maximum: 100, description: "Failures in a row that open a downtime issue (default 3)" },
  recoveryThreshold: { type: "integer", minimum: 1, maximum: 100, description: "Successes in a row that resolve it (default 1)" },
  expectedStatusMin: { type: "integer", minimum: 100, maximum: 599, description: "Lantern: lowest status that counts as up (default 200); redirects are not followed" },
  expectedStatusMax: { type: "integer", minimum: 100, maximum: 599, description: "Lantern: highest status that counts as up (default 299)" },
  showOnStatusPage: { type: "boolean", description: "Lantern: shown (by name) on the project's public status page" },
};

const monitorSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    projectSlug: { type: "string" },
    ...fields,
    uptimeStatus: { type: "integer", enum: [1, 2], description: "1 up, 2 down (a downtime episode is open)" },
    mode: { type: "integer", description: "1: made by hand" },
    owner: { type: "null" },
    traceSampling: { type: "boolean" },
    dateCreated: { type: "string", format: "date-time" },
  },
  required: ["id", "projectSlug", "name", "status", "uptimeStatus", "url", "method", "headers", "intervalSeconds", "timeoutMs", "environment", "downtimeThreshold", "recoveryThreshold"],
};

const checkSchema: JsonSchema = {
  type: "object",
  properties: {
    uptimeCheckId: { type: "string" },
    timestamp: { type: "string", format: "date-time" },
    scheduledCheckTime: { type: "string", format: "date-time" },
    checkStatus: { type: "string", enum: ["success", "failure", "failure_incident"] },
    checkStatusReason: { anyOf: [{ type: "string", enum: ["dns", "connect", "tls", "timeout", "status", "refused"] }, { type: "null" }] },
    httpStatusCode: { type: ["integer", "null"] },
    durationMs: { type: ["integer", "null"] },
    traceId: { type: "null" },
    environment: nullableString,
    region: { type: "string" },
    regionName: { type: "string" },
  },
  required: ["uptimeCheckId", "timestamp", "scheduledCheckTime", "checkStatus", "checkStatusReason", "httpStatusCode", "durationMs"],
};

export const uptimeSchemas: Record<string, JsonSchema> = {
  ApiUptimeMonitor: monitorSchema,
  ApiUptimeMonitorInput: { type: "object", properties: fields, required: ["url", "intervalSeconds"] },
  ApiUptimeMonitorUpdate: { type: "object", properties: fields },
  ApiUptimeCheck: checkSchema,
};

export function uptimeOperations(orgPrefix: string): Paths {
  const project = "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/uptime";
  return {
    [`${orgPrefix}/uptime/`]: {
      get: {
        operationId: "listOrganizationUptimeMonitors",
        summary: "List uptime monitors",
        description: "The uptime monitors of the projects you can see, by name.",
        tags: ["Uptime"],
        parameters: [param("organization"), param("projectFilter"), { name: "environment", in: "query" as const, description: "Only monitors of this environment", schema: { type: "string" } }, perPage],
        responses: { "200": paged("The monitors", monitorRef), ...errors("400", "404") },
      },
    },
    [`${project}/`]: {
      post: {
        operationId: "createUptimeMonitor",
        summary: "Create an uptime monitor",
        description: "Checked at once, then every intervalSeconds, from one instance at a time.",
        tags: ["Uptime"],
        parameters: [param("organization"), param("project")],
        requestBody: { required: true, content: json({ $ref: "#/components/schemas/ApiUptimeMonitorInput" }) },
        responses: { "201": { description: "The monitor", content: json(monitorRef) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${project}/{uptime_id}/`]: {
      get: { operationId: "getUptimeMonitor", summary: "Retrieve an uptime monitor", tags: ["Uptime"], parameters: [param("organization"), param("project"), uptimeId], responses: { "200": { description: "The monitor", content: json(monitorRef) }, ...errors("404") } },
      put: {
        operationId: "updateUptimeMonitor",
        summary: "Change an uptime monitor",
        description: "The fields sent change; the others stay.",
        tags: ["Uptime"],
        parameters: [param("organization"), param("project"), uptimeId],
        requestBody: { required: true, content: json({ $ref: "#/components/schemas/ApiUptimeMonitorUpdate" }) },
        responses: { "200": { description: "The monitor", content: json(monitorRef) }, ...errors("400", "403", "404", "413") },
      },
      delete: {
        operationId: "deleteUptimeMonitor",
        summary: "Delete an uptime monitor",
        description: "With its checks and incidents; the issues it opened stay.",
        tags: ["Uptime"],
        parameters: [param("organization"), param("project"), uptimeId],
        responses: { "204": { description: "Deleted" }, ...errors("403", "404") },
      },
    },
    [`${project}/{uptime_id}/checks/`]: {
      get: {
        operationId: "listUptimeChecks",
        summary: "List an uptime monitor's checks",
        description: "Newest first, in the window (statsPeriod, default 24h, or start and end).",
        tags: ["Uptime"],
        parameters: [
          param("organization"),
          param("project"),
          uptimeId,
          { name: "statsPeriod", in: "query" as const, description: "e.g. 24h, 7d", schema: { type: "string" } },
          { name: "start", in: "query" as const, description: "Window start (with end)", schema: { type: "string", format: "date-time" } },
          { name: "end", in: "query" as const, description: "Window end (with start)", schema: { type: "string", format: "date-time" } },
          perPage,
        ],
        responses: { "200": paged("The checks", { $ref: "#/components/schemas/ApiUptimeCheck" }), ...errors("400", "404") },
      },
    },
  };
}
