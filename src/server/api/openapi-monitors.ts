import type { JsonSchema, OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI paths of cron monitors, in Sentry's shapes (telemetry-protocol.md §3.4). The schemas are written
 * here: the answers are built by api/monitors/serialize-monitor.ts and serialize-check-in.ts, whose types they mirror.
 */
type Paths = OpenApiDocument["paths"];

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errors = (...statuses: ("400" | "403" | "404" | "413")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "403": "Forbidden", "404": "NotFound", "413": "TooLarge" }[status]}` }])),
});
const nullableTime = { type: ["string", "null"], format: "date-time" };
const nullableMinutes = { type: ["integer", "null"], minimum: 1, maximum: 40_320 };
const perPage = { name: "per_page", in: "query" as const, description: "At most this many (1 to 100)", schema: { type: "integer", minimum: 1, maximum: 100 } };
const query = (name: string, description: string) => ({ name, in: "query" as const, description, schema: { type: "string" } });

const scheduleSchema: JsonSchema = {
  description: 'A crontab ("*/5 * * * *", or a nickname such as "@daily") or an interval [count, "unit"]',
  anyOf: [{ type: "string", maxLength: 100 }, { type: "array", prefixItems: [{ type: "integer", minimum: 1 }, { type: "string", enum: ["minute", "hour", "day", "week", "month", "year"] }], minItems: 2, maxItems: 2 }],
};

const configSchema: JsonSchema = {
  type: "object",
  properties: {
    schedule_type: { type: "string", enum: ["crontab", "interval"] },
    schedule: scheduleSchema,
    checkin_margin: { ...nullableMinutes, description: "Minutes after the expected time before a check-in is missed (null: 1)" },
    max_runtime: { ...nullableMinutes, description: "Minutes an in-progress check-in may run before it times out (null: 30)" },
    timezone: { type: "string", description: "A tz database name; a crontab runs in it, across daylight-saving changes" },
    failure_issue_threshold: { type: "integer", minimum: 1, maximum: 720 },
    recovery_threshold: { type: "integer", minimum: 1, maximum: 720 },
    alert_rule_id: { type: "null" },
  },
  required: ["schedule_type", "schedule", "checkin_margin", "max_runtime", "timezone", "failure_issue_threshold", "recovery_threshold", "alert_rule_id"],
};

const environmentSchema: JsonSchema = {
  type: "object",
  properties: {
    name: { type: "string" },
    status: { type: "string", enum: ["active", "ok", "error"], description: "active: no check-in yet" },
    isMuted: { type: "boolean" },
    dateCreated: { type: "string", format: "date-time" },
    lastCheckIn: nullableTime,
    nextCheckIn: { ...nullableTime, description: "Null until the first check-in (nothing is missed before it) and while the monitor is disabled" },
    nextCheckInLatest: { ...nullableTime, description: "nextCheckIn plus the margin: past it without a check-in, the check-in is missed" },
    activeIncident: { anyOf: [{ type: "object", properties: { startingTimestamp: { type: "string", format: "date-time" } }, required: ["startingTimestamp"] }, { type: "null" }] },
  },
  required: ["name", "status", "isMuted", "dateCreated", "lastCheckIn", "nextCheckIn", "nextCheckInLatest", "activeIncident"],
};

const monitorSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    slug: { type: "string", maxLength: 50 },
    name: { type: "string" },
    status: { type: "string", enum: ["active", "disabled"] },
    isMuted: { type: "boolean" },
    isUpserting: { type: "boolean" },
    type: { type: "string", enum: ["cron_job"] },
    dateCreated: { type: "string", format: "date-time" },
    project: { type: "object", properties: { id: { type: "string" }, slug: { type: "string" }, name: { type: "string" } }, required: ["id", "slug", "name"] },
    owner: { type: "null" },
    config: schemaRef("ApiMonitorConfig"),
    environments: { type: "array", items: schemaRef("ApiMonitorEnvironment") },
  },
  required: ["id", "slug", "name", "status", "isMuted", "isUpserting", "type", "dateCreated", "project", "owner", "config", "environments"],
};

const monitorInputSchema: JsonSchema = {
  type: "object",
  description: "POST needs `project`, `name` and `config.schedule`; PUT changes only the fields it names (config's one by one). Other fields (type, owner) are ignored.",
  properties: {
    project: { type: "string", description: "POST: the project's slug or id" },
    name: { type: "string", maxLength: 128 },
    slug: { type: "string", maxLength: 50, pattern: "^[a-z0-9_-]+$", description: "Not only digits; made from the name when absent" },
    status: { type: "string", enum: ["active", "disabled"] },
    isMuted: { type: "boolean" },
    config: {
      type: "object",
      properties: {
        schedule_type: { type: "string", enum: ["crontab", "interval"] },
        schedule: scheduleSchema,
        checkin_margin: nullableMinutes,
        max_runtime: nullableMinutes,
        timezone: { type: "string" },
        failure_issue_threshold: { type: "integer", minimum: 1, maximum: 720 },
        recovery_threshold: { type: "integer", minimum: 1, maximum: 720 },
      },
    },
  },
};

const checkInSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string", description: "The check-in's id, a UUID with dashes" },
    environment: { type: "string" },
    status: { type: "string", enum: ["ok", "error", "in_progress", "missed", "timeout"] },
    duration: { type: ["integer", "null"], description: "Milliseconds" },
    dateCreated: { type: "string", format: "date-time" },
    dateAdded: { type: "string", format: "date-time" },
    dateUpdated: { type: "string", format: "date-time" },
    dateInProgress: nullableTime,
    dateClock: { type: "string", format: "date-time" },
    expectedTime: nullableTime,
    monitorConfig: schemaRef("ApiMonitorConfig"),
    groups: { type: "array", items: { type: "object", properties: { id: { type: "string" }, shortId: { type: "string" } }, required: ["id", "shortId"] }, description: "The cron issue this failure was counted on" },
  },
  required: ["id", "environment", "status", "duration", "dateCreated", "dateAdded", "dateUpdated", "dateInProgress", "dateClock", "expectedTime", "monitorConfig", "groups"],
};

const statsBucketSchema: JsonSchema = {
  type: "object",
  properties: {
    ts: { type: "integer", description: "The bucket's start, epoch seconds" },
    ok: { type: "integer" },
    error: { type: "integer" },
    missed: { type: "integer" },
    timeout: { type: "integer" },
    in_progress: { type: "integer" },
    duration: { type: "integer", description: "Average duration in ms of the bucket's check-ins (0 without any)" },
  },
  required: ["ts", "ok", "error", "missed", "timeout", "in_progress", "duration"],
};

export const monitorSchemas: Record<string, JsonSchema> = {
  ApiMonitor: monitorSchema,
  ApiMonitorConfig: configSchema,
  ApiMonitorEnvironment: environmentSchema,
  ApiMonitorInput: monitorInputSchema,
  ApiMonitorCheckIn: checkInSchema,
  ApiMonitorStatsBucket: statsBucketSchema,
};

export function monitorOperations(orgPrefix: string): Paths {
  const monitorParam = (description: string) => ({ name: "monitor_id_or_slug", in: "path" as const, required: true, description, schema: { type: "string" } });
  const one = (prefix: string, scope: "Organization" | "Project") => {
    const parameters = scope === "Organization" ? [param("organization"), monitorParam("The monitor's id or slug (a slug several projects use needs the project path)")] : [param("organization"), param("project"), monitorParam("The monitor's slug")];
    return {
      [`${prefix}/`]: {
        get: { operationId: `get${scope}Monitor`, summary: "Retrieve a cron monitor", tags: ["Crons"], parameters, responses: { "200": { description: "The monitor", content: json(schemaRef("ApiMonitor")) }, ...errors("400", "404") } },
        put: {
          operationId: `update${scope}Monitor`,
          summary: "Update a cron monitor",
          description: "Changes the fields named; a new schedule, margin or status moves each environment's next expected check-in at once. Needs the write scope.",
          tags: ["Crons"],
          parameters,
          requestBody: { required: true, content: json(schemaRef("ApiMonitorInput")) },
          responses: { "200": { description: "The monitor", content: json(schemaRef("ApiMonitor")) }, ...errors("400", "403", "404", "413") },
        },
        delete: { operationId: `delete${scope}Monitor`, summary: "Delete a cron monitor", description: "With its environments and check-ins; the issues it opened stay. Needs the write scope.", tags: ["Crons"], parameters, responses: { "202": { description: "Deleted" }, ...errors("403", "404") } },
      },
      [`${prefix}/checkins/`]: {
        get: {
          operationId: `list${scope}MonitorCheckIns`,
          summary: "List a cron monitor's check-ins",
          description: "Newest first, paged by `cursor`.",
          tags: ["Crons"],
          parameters: [...parameters, param("environment"), param("cursor"), perPage, query("statsPeriod", "Only check-ins of this window back from now (24h, 7d)"), query("start", "Window start (ISO 8601 or epoch seconds)"), query("end", "Window end")],
          responses: { "200": { description: "The check-ins", headers: { Link: { $ref: "#/components/headers/Link" } }, content: json({ type: "array", items: schemaRef("ApiMonitorCheckIn") }) }, ...errors("400", "404") },
        },
      },
      [`${prefix}/stats/`]: {
        get: {
          operationId: `get${scope}MonitorStats`,
          summary: "Count a cron monitor's check-ins per status in time buckets",
          description: "Every bucket from `since` to `until`, oldest first.",
          tags: ["Crons"],
          parameters: [...parameters, query("since", "Epoch seconds (default: 24 hours before until)"), query("until", "Epoch seconds (default: now)"), query("resolution", "Bucket width: seconds or 1m, 1h, 1d (default 1h; at most 2,200 buckets)"), query("statsPeriod", "Instead of since: a window back from until (24h, 7d, at most 90d)"), param("environment")],
          responses: { "200": { description: "The buckets", content: json({ type: "array", items: schemaRef("ApiMonitorStatsBucket") }) }, ...errors("400", "404") },
        },
      },
    };
  };
  return {
    [`${orgPrefix}/monitors/`]: {
      get: {
        operationId: "listMonitors",
        summary: "List cron monitors",
        description: "Every monitor in the projects you can see, in creation order, paged by `cursor`.",
        tags: ["Crons"],
        parameters: [param("organization"), param("projectFilter"), query("projectSlug", "One project by slug"), query("query", "Words in the name or slug"), param("environment"), param("cursor"), perPage],
        responses: { "200": { description: "The monitors", headers: { Link: { $ref: "#/components/headers/Link" } }, content: json({ type: "array", items: schemaRef("ApiMonitor") }) }, ...errors("400", "404") },
      },
      post: {
        operationId: "createMonitor",
        summary: "Create a cron monitor",
        description: "In the body's `project`. No environment exists until the first check-in, so nothing is missed before it. Needs the write scope.",
        tags: ["Crons"],
        parameters: [param("organization")],
        requestBody: { required: true, content: json(schemaRef("ApiMonitorInput")) },
        responses: { "201": { description: "The new monitor", content: json(schemaRef("ApiMonitor")) }, ...errors("400", "403", "404", "413") },
      },
    },
    ...one(`${orgPrefix}/monitors/{monitor_id_or_slug}`, "Organization"),
    ...one("/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/monitors/{monitor_id_or_slug}", "Project"),
  };
}
