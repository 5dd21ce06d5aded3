import type { JsonSchema, OpenApiDocument } from "./openapi-document";
import { replayFields } from "./replays/serialize-replay";

/**
 * The OpenAPI paths of session replays, in Sentry's replay shapes (docs.sentry.io/api/replays/ and what Sentry's
 * MCP server reads). The schema is written here: the answers are built by api/replays/serialize-replay.ts.
 */
type Paths = OpenApiDocument["paths"];

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const errors = (...statuses: ("400" | "404")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "404": "NotFound" }[status]}` }])),
});
const linkHeader = { Link: { $ref: "#/components/headers/Link" } };
const nullableString = { type: ["string", "null"] };
const strings = { type: "array", items: { type: "string" } };
const replayRef = { $ref: "#/components/schemas/ApiReplay" };
const replayIdParameter = { name: "replay_id", in: "path" as const, required: true, description: "The replay's id: 32 hex digits, dashes allowed", schema: { type: "string" } };
const segmentIdParameter = { name: "segment_id", in: "path" as const, required: true, description: "The segment's number (0 is the first)", schema: { type: "integer", minimum: 0 } };
const fieldParameter = { name: "field", in: "query" as const, description: "Only these fields (repeat it); absent: all. An unknown field is a 400.", schema: { type: "array", items: { type: "string", enum: [...replayFields] } }, explode: true };
const perPage = (fallback: number) => ({ name: "per_page", in: "query" as const, description: `At most this many (1 to 100, default ${fallback})`, schema: { type: "integer", minimum: 1, maximum: 100 } });
const download = { name: "download", in: "query" as const, description: "true: the rrweb events themselves instead of the segments' metadata", schema: { type: "boolean" } };
const window = [
  { name: "statsPeriod", in: "query" as const, description: "Replays started in this much time before now: a number and s, m, h, d or w (default 14d)", schema: { type: "string" } },
  { name: "start", in: "query" as const, description: "With end instead of statsPeriod: ISO 8601 (UTC without a zone) or epoch seconds", schema: { type: "string" } },
  { name: "end", in: "query" as const, description: "With start: ISO 8601 or epoch seconds", schema: { type: "string" } },
];

const replaySchema: JsonSchema = {
  type: "object",
  description: "A replay in Sentry's shape. Lantern keeps no per-replay tags, warnings, infos, viewers or clicked nodes: those fields are present and empty.",
  properties: {
    id: { type: "string", description: "32 hex digits" },
    project_id: { type: "string" },
    started_at: { type: "string", format: "date-time" },
    finished_at: { type: "string", format: "date-time" },
    duration: { type: "integer", description: "Seconds" },
    count_errors: { type: "integer" },
    count_warnings: { type: "integer" },
    count_infos: { type: "integer" },
    count_segments: { type: "integer" },
    count_urls: { type: "integer" },
    count_dead_clicks: { type: "integer" },
    count_rage_clicks: { type: "integer" },
    error_ids: { ...strings, description: "Ids of the error events recorded with the replay" },
    warning_ids: strings,
    info_ids: strings,
    trace_ids: strings,
    urls: { ...strings, description: "Pages visited, in order (scrubbed)" },
    user: {
      type: "object",
      properties: { id: nullableString, username: nullableString, email: nullableString, ip: nullableString, display_name: { type: "string" }, geo: { type: "object" } },
      required: ["id", "username", "email", "ip", "display_name"],
    },
    browser: { type: "object", properties: { name: nullableString, version: nullableString }, required: ["name", "version"] },
    os: { type: "object", properties: { name: nullableString, version: nullableString }, required: ["name", "version"] },
    device: { type: "object", properties: { name: nullableString, brand: nullableString, model: nullableString, family: nullableString, model_id: nullableString }, required: ["name", "brand", "model", "family"] },
    sdk: { type: "object", properties: { name: nullableString, version: nullableString }, required: ["name", "version"] },
    releases: strings,
    dist: nullableString,
    environment: nullableString,
    platform: { type: "string" },
    replay_type: { type: "string", description: "session or buffer (recorded because of an error)" },
    tags: { type: "object", additionalProperties: strings },
    is_archived: { type: "boolean" },
    activity: { type: "integer", minimum: 1, maximum: 10, description: "How much happened: errors, pages and rage clicks, 1 to 10" },
    has_viewed: { type: "boolean" },
    clicks: { type: "array", items: { type: "object" } },
  },
  required: [...replayFields],
};

const segmentMetadataSchema: JsonSchema = {
  type: "object",
  properties: { replayId: { type: "string" }, segmentId: { type: "integer" }, projectId: { type: "string" }, kind: { type: "string", enum: ["rrweb", "video"] }, size: { type: "integer", description: "Bytes stored" } },
  required: ["replayId", "segmentId", "projectId", "kind", "size"],
};

export const replaySchemas: Record<string, JsonSchema> = { ApiReplay: replaySchema, ApiReplaySegment: segmentMetadataSchema };

const rrwebEvents = { type: "array", description: "The segment's rrweb events, as recorded (after scrubbing)", items: { type: "object" } };

export function replayOperations(orgPrefix: string): Paths {
  const projectReplay = "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/replays/{replay_id}";
  return {
    [`${orgPrefix}/replays/`]: {
      get: {
        operationId: "listOrganizationReplays",
        summary: "List the organization's replays",
        description:
          "Replays of the projects you can see, started in the time window, newest first. `query` is Sentry's replay search: `user.email:`, `user.id:`, `user.username:`, `user:`, `url:` (contains; `*` wildcard), `browser.name:`, `os.name:`, `release:`, `environment:`, `count_errors:>0`, `duration:>30s`, `id:`, `replay_type:`, `error_id:`, `trace_id:`, `!key:value`, and free text (urls and user).",
        tags: ["Replays"],
        parameters: [
          param("organization"),
          fieldParameter,
          { name: "query", in: "query" as const, description: "Sentry's replay search syntax (see above)", schema: { type: "string", maxLength: 2000 } },
          ...window,
          { name: "project", in: "query" as const, description: "Project ids or slugs (repeat it); -1 or absent: every project you can see", schema: { type: "array", items: { type: "string" } }, explode: true },
          { name: "environment", in: "query" as const, description: "Only these environments (repeat it)", schema: { type: "array", items: { type: "string" } }, explode: true },
          {
            name: "sort",
            in: "query" as const,
            description: "started_at, finished_at, duration, count_errors, count_segments, count_urls, count_dead_clicks, count_rage_clicks or activity; `-` first for descending (default -started_at). orderBy is read too.",
            schema: { type: "string" },
          },
          perPage(50),
          param("cursor"),
        ],
        responses: { "200": { description: "One page of replays", headers: linkHeader, content: json({ type: "object", properties: { data: { type: "array", items: replayRef } }, required: ["data"] }) }, ...errors("400", "404") },
      },
    },
    [`${orgPrefix}/replays/{replay_id}/`]: {
      get: {
        operationId: "getOrganizationReplay",
        summary: "Retrieve a replay",
        tags: ["Replays"],
        parameters: [param("organization"), replayIdParameter, fieldParameter],
        responses: { "200": { description: "The replay", content: json({ type: "object", properties: { data: replayRef }, required: ["data"] }) }, ...errors("400", "404") },
      },
    },
    [`${orgPrefix}/replay-count/`]: {
      get: {
        operationId: "countOrganizationReplays",
        summary: "Count the replays of issues",
        description:
          "`query=issue.id:[1,2]` answers `{\"<issue id>\": count}` for the issues that have replays (the others are left out); with `returnIds=true`, `{\"<issue id>\": [replay ids]}`. `query=replay_id:[…]` answers 1 for each replay that exists. At most 25 ids.",
        tags: ["Replays"],
        parameters: [
          param("organization"),
          { name: "query", in: "query" as const, required: true, description: "issue.id:[…] or replay_id:[…]", schema: { type: "string" } },
          { name: "returnIds", in: "query" as const, description: "true: the replay ids instead of their count", schema: { type: "boolean" } },
          ...window,
          { name: "project", in: "query" as const, description: "Accepted for Sentry compatibility (the issues name their projects)", schema: { type: "array", items: { type: "string" } }, explode: true },
          { name: "data_source", in: "query" as const, description: "Accepted for Sentry compatibility", schema: { type: "string" } },
        ],
        responses: {
          "200": { description: "Counts (or ids) by issue or replay id", content: json({ type: "object", additionalProperties: { anyOf: [{ type: "integer" }, strings] } }) },
          ...errors("400", "404"),
        },
      },
    },
    [`${projectReplay}/`]: {
      get: {
        operationId: "getProjectReplay",
        summary: "Retrieve a replay of a project",
        tags: ["Replays"],
        parameters: [param("organization"), param("project"), replayIdParameter, fieldParameter],
        responses: { "200": { description: "The replay", content: json({ type: "object", properties: { data: replayRef }, required: ["data"] }) }, ...errors("400", "404") },
      },
    },
    [`${projectReplay}/recording-segments/`]: {
      get: {
        operationId: "listReplayRecordingSegments",
        summary: "List a replay's recording segments",
        description: "In segment order. With `download=true`, an array of segments, each the array of its rrweb events (a video segment: an empty array); without, the segments' metadata.",
        tags: ["Replays"],
        parameters: [param("organization"), param("project"), replayIdParameter, download, perPage(100), param("cursor")],
        responses: {
          "200": {
            description: "The segments",
            headers: linkHeader,
            content: json({ anyOf: [{ type: "array", items: rrwebEvents }, { type: "object", properties: { data: { type: "array", items: { $ref: "#/components/schemas/ApiReplaySegment" } } }, required: ["data"] }] }),
          },
          ...errors("400", "404"),
        },
      },
    },
    [`${projectReplay}/recording-segments/{segment_id}/`]: {
      get: {
        operationId: "getReplayRecordingSegment",
        summary: "Retrieve a recording segment",
        tags: ["Replays"],
        parameters: [param("organization"), param("project"), replayIdParameter, segmentIdParameter, download],
        responses: {
          "200": { description: "The segment's rrweb events (download=true) or its metadata", content: json({ anyOf: [rrwebEvents, { type: "object", properties: { data: { $ref: "#/components/schemas/ApiReplaySegment" } }, required: ["data"] }] }) },
          ...errors("404"),
        },
      },
    },
  };
}
