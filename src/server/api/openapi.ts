import { z } from "zod";
import {
  ApiErrorBody,
  ApiEvent,
  ApiEventSummary,
  ApiHash,
  ApiIssue,
  ApiIssueDetails,
  ApiIssueUpdate,
  ApiIssueUpdateResult,
  ApiOrganization,
  ApiProject,
  ApiProjectKey,
  ApiProjectKeyCreate,
  ApiProjectKeyUpdate,
} from "./schemas";
import { uploadOperations } from "./openapi-uploads";
import { alertOperations } from "./openapi-alerts";
import { traceOperations, traceSchemas } from "./openapi-traces";
import { feedbackOperations, feedbackSchemas } from "./openapi-feedback";
import { replayOperations, replaySchemas } from "./openapi-replays";
import { uptimeOperations, uptimeSchemas } from "./openapi-uptime";
import { sessionOperations, sessionSchemas } from "./openapi-sessions";
import { monitorOperations, monitorSchemas } from "./openapi-monitors";
import { assistantOperations, assistantSchemas } from "./openapi-assistants";
import { ApiAlertRule, ApiAlertRuleInput, ApiNotificationChannel, ApiNotificationChannelCreate, ApiNotificationChannelCreated, ApiNotificationChannelUpdate } from "./alerts/alert-schemas";
import { ApiAssembleAnswer, ApiAuthInfo, ApiChunkUploadOptions, ApiCommit, ApiCommitFile, ApiDeploy, ApiDeployCreate, ApiRelease, ApiReleaseCreate, ApiReleaseFile, ApiReleaseUpdate } from "./releases/release-schemas";
import { ApiArtifactBundleAssemble, ApiReleaseArchiveAssemble } from "./sourcemaps/assemble-requests";
import type { JsonSchema, OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI 3.1 description of /api/0/, served at /api/0/openapi.json. The paths are written here; the
 * schemas come from schemas.ts through zod's JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect), so
 * the document describes exactly what the serializers return. openapi.test.ts checks that every route
 * file under src/app/api/0/ and every method it exports is described, and nothing else.
 */

/** What the API answers (exactly these fields) and what it reads (other fields are ignored, so no additionalProperties: false). */
const responseSchemas = { ApiErrorBody, ApiOrganization, ApiProject, ApiIssue, ApiIssueDetails, ApiIssueUpdateResult, ApiEvent, ApiEventSummary, ApiHash, ApiProjectKey, ApiAuthInfo, ApiChunkUploadOptions, ApiAssembleAnswer, ApiRelease, ApiDeploy, ApiCommit, ApiCommitFile, ApiReleaseFile, ApiAlertRule, ApiNotificationChannel, ApiNotificationChannelCreated };
const requestSchemas = { ApiIssueUpdate, ApiProjectKeyCreate, ApiProjectKeyUpdate, ApiArtifactBundleAssemble, ApiReleaseArchiveAssemble, ApiReleaseCreate, ApiReleaseUpdate, ApiDeployCreate, ApiAlertRuleInput, ApiNotificationChannelCreate, ApiNotificationChannelUpdate };
type SchemaName = keyof typeof responseSchemas | keyof typeof requestSchemas;

/** Each schema once under components.schemas; a schema used inside another becomes a $ref to it. */
function componentSchemas(): Record<string, JsonSchema> {
  const generate = (schemas: Record<string, z.ZodType>, io: "input" | "output") => {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
    return (z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, unrepresentable: "any", io }) as { schemas: Record<string, JsonSchema> }).schemas;
  };
  const generated = { ...generate(responseSchemas, "output"), ...generate(requestSchemas, "input") };
  // $schema and $id belong to standalone documents; inside components the dialect is the document's.
  return Object.fromEntries(
    Object.entries(generated).map(([id, schema]) => [id, Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$schema" && key !== "$id"))]),
  );
}

const ref = (name: SchemaName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const list = (name: SchemaName): JsonSchema => ({ type: "array", items: ref(name) });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const paged = (description: string, schema: JsonSchema) => ({ description, headers: { Link: { $ref: "#/components/headers/Link" } }, content: json(schema) });
const errors = (...statuses: ("400" | "403" | "404" | "409" | "413")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "403": "Forbidden", "404": "NotFound", "409": "Conflict", "413": "TooLarge" }[status]}` }])),
});

const issueListParameters = [param("query"), param("sort"), param("cursor"), param("limit")];
const bulkParameters = [param("id"), param("query")];
const updateBody = { required: true, content: json(ref("ApiIssueUpdate")) };
const orgPrefix = "/api/0/organizations/{organization_id_or_slug}";

function issueOperations(prefix: string, idSuffix: string): OpenApiDocument["paths"] {
  const scope = prefix === "" ? [] : [param("organization")];
  const issue = [...scope, param("issue")];
  return {
    [`${prefix || "/api/0"}/issues/{issue_id}/`]: {
      get: { operationId: `getIssue${idSuffix}`, summary: "Retrieve an issue", tags: ["Issues"], parameters: issue, responses: { "200": { description: "The issue", content: json(ref("ApiIssueDetails")) }, ...errors("404") } },
      put: {
        operationId: `updateIssue${idSuffix}`,
        summary: "Update an issue",
        description: "Resolve (now, `statusDetails.inRelease`, `inNextRelease`), ignore (forever, `ignoreDuration` minutes, `ignoreCount`, `ignoreUserCount`), reopen, or assign. Needs the write scope.",
        tags: ["Issues"],
        parameters: issue,
        requestBody: updateBody,
        responses: { "200": { description: "The updated issue", content: json(ref("ApiIssueDetails")) }, ...errors("400", "403", "404", "409", "413") },
      },
      delete: { operationId: `deleteIssue${idSuffix}`, summary: "Delete an issue and its events", tags: ["Issues"], parameters: issue, responses: { "202": { description: "Deleted" }, ...errors("403", "404") } },
    },
    [`${prefix || "/api/0"}/issues/{issue_id}/events/`]: {
      get: {
        operationId: `listIssueEvents${idSuffix}`,
        summary: "List an issue's events",
        description: "Newest first. Pages go forward only (follow the `next` link).",
        tags: ["Events"],
        parameters: [...issue, param("full"), param("environment"), { name: "query", in: "query", description: "Text the event title contains", schema: { type: "string" } }, param("cursor"), param("limit")],
        responses: { "200": paged("Events: the short form, or whole events with full=true", { type: "array", items: { anyOf: [ref("ApiEventSummary"), ref("ApiEvent")] } }), ...errors("400", "404") },
      },
    },
    [`${prefix || "/api/0"}/issues/{issue_id}/events/{event_id}/`]: {
      get: {
        operationId: `getIssueEvent${idSuffix}`,
        summary: "Retrieve an issue's event",
        description: "`latest`, `oldest`, `recommended` (the latest) or an event id.",
        tags: ["Events"],
        parameters: [...issue, { name: "event_id", in: "path", required: true, description: "latest, oldest, recommended or a 32-hex event id", schema: { type: "string" } }],
        responses: { "200": { description: "The event", content: json(ref("ApiEvent")) }, ...errors("404") },
      },
    },
    [`${prefix || "/api/0"}/issues/{issue_id}/hashes/`]: {
      get: { operationId: `listIssueHashes${idSuffix}`, summary: "List an issue's hashes", tags: ["Issues"], parameters: issue, responses: { "200": paged("The hashes", list("ApiHash")), ...errors("404") } },
    },
  };
}

function issueListOperations(path: string, scope: "project" | "organization"): OpenApiDocument["paths"][string] {
  const where = scope === "project" ? [param("organization"), param("project")] : [param("organization"), param("projectFilter")];
  const extra =
    scope === "project"
      ? [{ name: "statsPeriod", in: "query" as const, description: 'Stats buckets: "24h" (default), "14d", or "" for none', schema: { type: "string", enum: ["24h", "14d", ""] } }]
      : [
          { name: "statsPeriod", in: "query" as const, description: "Only issues seen in this period: a number and s, m, h, d or w (14d)", schema: { type: "string" } },
          { name: "start", in: "query" as const, description: "With end: only issues seen between (ISO 8601)", schema: { type: "string", format: "date-time" } },
          { name: "end", in: "query" as const, description: "With start", schema: { type: "string", format: "date-time" } },
          { name: "groupStatsPeriod", in: "query" as const, description: 'Stats buckets: "24h" (default), "14d", or "" for none', schema: { type: "string", enum: ["24h", "14d", "auto", ""] } },
          param("environment"),
        ];
  const name = scope === "project" ? "ProjectIssues" : "OrganizationIssues";
  return {
    get: {
      operationId: `list${name}`,
      summary: scope === "project" ? "List a project's issues" : "List the organization's issues",
      tags: ["Issues"],
      parameters: [...where, ...issueListParameters, ...extra],
      responses: { "200": paged("One page of issues", list("ApiIssue")), ...errors("400", "404") },
    },
    put: {
      operationId: `bulkUpdate${name}`,
      summary: "Bulk update issues",
      description: "The issues named by `id`; without any `id`, every issue `query` matches (default is:unresolved, at most 1000), as in Sentry. `merge: true` merges the named issues. Needs the write scope.",
      tags: ["Issues"],
      parameters: [...where, ...bulkParameters],
      requestBody: updateBody,
      responses: { "200": { description: "The fields as they now are", content: json(ref("ApiIssueUpdateResult")) }, "204": { description: "No issue matched" }, ...errors("400", "403", "404", "409", "413") },
    },
    delete: {
      operationId: `bulkDelete${name}`,
      summary: "Bulk delete issues",
      description: "Deletes the issues named by `id` (at most 100) and their events. Needs the write scope.",
      tags: ["Issues"],
      parameters: [...where, param("id")],
      responses: { "204": { description: "Deleted" }, ...errors("400", "403", "404") },
    },
  };
}

export function buildOpenApiDocument(publicUrl: string): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: {
      title: "Lantern API",
      version: "0",
      description:
        "Sentry-compatible read/write API: scripts written against Sentry's /api/0/ work with Lantern's URL and a Lantern token. The organization is this instance. Errors are `{\"detail\": …}`; lists page with Sentry's `Link` header.",
    },
    servers: [{ url: publicUrl }],
    security: [{ bearer: [] }, { session: [] }],
    tags: [
      { name: "Organizations", description: "The instance, as Sentry's one organization" },
      { name: "Projects", description: "Projects the token's user can see" },
      { name: "Users", description: "The calling user" },
      { name: "Teams", description: "Teams and the projects they have" },
      { name: "Issues", description: "Search, read and triage issues" },
      { name: "Events", description: "Stored events" },
      { name: "Keys", description: "Client keys (DSNs)" },
      { name: "Releases", description: "Releases and deploys, as sentry-cli and the bundler plugins manage them" },
      { name: "Source maps", description: "Uploads of sentry-cli and the bundler plugins: chunks, artifact bundles, legacy release files" },
      { name: "Alerts", description: "Issue-alert rules (Sentry's JSON) and notification channels" },
      { name: "Traces", description: "Spans and errors of a distributed trace, in Sentry's shapes" },
      { name: "Feedback", description: "User feedback: the widget's, captureFeedback's and user reports, in Sentry's user-report shape" },
      { name: "Replays", description: "Session replays in Sentry's shapes: the list, one replay, its recording segments (rrweb events) and replay counts by issue" },
      { name: "Crons", description: "Cron monitors, their check-ins and stats, in Sentry's shapes" },
      { name: "Uptime", description: "Uptime monitors and their checks, in Sentry's shapes" },
      { name: "Meta", description: "This document" },
    ],
    paths: {
      "/api/0/organizations/": {
        get: { operationId: "listOrganizations", summary: "List organizations (this instance)", tags: ["Organizations"], responses: { "200": paged("One organization", list("ApiOrganization")), ...errors() } },
      },
      [`${orgPrefix}/`]: {
        get: { operationId: "getOrganization", summary: "Retrieve the organization", tags: ["Organizations"], parameters: [param("organization")], responses: { "200": { description: "The organization", content: json(ref("ApiOrganization")) }, ...errors("404") } },
      },
      [`${orgPrefix}/projects/`]: {
        get: { operationId: "listOrganizationProjects", summary: "List the organization's projects", tags: ["Projects"], parameters: [param("organization")], responses: { "200": paged("The projects the viewer can see", list("ApiProject")), ...errors("404") } },
      },
      "/api/0/projects/": {
        get: { operationId: "listProjects", summary: "List projects", tags: ["Projects"], responses: { "200": paged("The projects the viewer can see", list("ApiProject")), ...errors() } },
      },
      "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/": {
        get: { operationId: "getProject", summary: "Retrieve a project", tags: ["Projects"], parameters: [param("organization"), param("project")], responses: { "200": { description: "The project", content: json(ref("ApiProject")) }, ...errors("404") } },
        put: {
          operationId: "updateProject",
          summary: "Update a project",
          description: "Its name and platform (owners and admins; the admin scope on a token). Lantern keeps a project's slug: another slug is a 400.",
          tags: ["Projects"],
          parameters: [param("organization"), param("project")],
          requestBody: { required: true, content: json({ type: "object", properties: { name: { type: "string", maxLength: 64 }, platform: { type: "string" }, slug: { type: "string" } } }) },
          responses: { "200": { description: "The project", content: json(ref("ApiProject")) }, ...errors("400", "403", "404", "413") },
        },
      },
      "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/": issueListOperations("project", "project"),
      [`${orgPrefix}/issues/`]: issueListOperations("organization", "organization"),
      ...issueOperations("", ""),
      ...issueOperations(orgPrefix, "InOrganization"),
      "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/events/{event_id}/": {
        get: {
          operationId: "getProjectEvent",
          summary: "Retrieve a project's event",
          tags: ["Events"],
          parameters: [param("organization"), param("project"), { name: "event_id", in: "path", required: true, description: "The 32-hex event id", schema: { type: "string" } }],
          responses: { "200": { description: "The event", content: json(ref("ApiEvent")) }, ...errors("404") },
        },
      },
      "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/keys/": {
        get: {
          operationId: "listProjectKeys",
          summary: "List a project's client keys",
          tags: ["Keys"],
          parameters: [param("organization"), param("project"), { name: "status", in: "query", description: "active or inactive", schema: { type: "string", enum: ["active", "inactive"] } }],
          responses: { "200": paged("The keys", list("ApiProjectKey")), ...errors("404") },
        },
        post: {
          operationId: "createProjectKey",
          summary: "Create a client key",
          description: "Needs an owner or admin (and the admin scope on a token). Recorded in the audit log.",
          tags: ["Keys"],
          parameters: [param("organization"), param("project")],
          requestBody: { required: false, content: json(ref("ApiProjectKeyCreate")) },
          responses: { "201": { description: "The new key", content: json(ref("ApiProjectKey")) }, ...errors("400", "403", "404", "413") },
        },
      },
      "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/keys/{key_id}/": {
        get: {
          operationId: "getProjectKey",
          summary: "Retrieve a client key",
          tags: ["Keys"],
          parameters: [param("organization"), param("project"), { name: "key_id", in: "path", required: true, description: "The key's id (its public key)", schema: { type: "string" } }],
          responses: { "200": { description: "The key", content: json(ref("ApiProjectKey")) }, ...errors("404") },
        },
        put: {
          operationId: "updateProjectKey",
          summary: "Update a client key's rate limit or state",
          description: "Needs an owner or admin (and the admin scope on a token). The rate limit is counted across all instances on PostgreSQL. Recorded in the audit log.",
          tags: ["Keys"],
          parameters: [param("organization"), param("project"), { name: "key_id", in: "path", required: true, description: "The key's id (its public key)", schema: { type: "string" } }],
          requestBody: { required: true, content: json(ref("ApiProjectKeyUpdate")) },
          responses: { "200": { description: "The key", content: json(ref("ApiProjectKey")) }, ...errors("400", "403", "404", "413") },
        },
      },
      ...uploadOperations(),
      ...alertOperations(),
      ...traceOperations(),
      ...feedbackOperations(orgPrefix),
      ...replayOperations(orgPrefix),
      ...uptimeOperations(orgPrefix),
      ...sessionOperations(),
      ...monitorOperations(orgPrefix),
      ...assistantOperations(orgPrefix),
      "/api/0/openapi.json": {
        get: { operationId: "getOpenApiDocument", summary: "This document", tags: ["Meta"], responses: { "200": { description: "OpenAPI 3.1", content: json({ type: "object" }) }, ...errors() } },
      },
    },
    components: {
      schemas: { ...componentSchemas(), ...traceSchemas, ...feedbackSchemas, ...replaySchemas, ...sessionSchemas, ...monitorSchemas, ...uptimeSchemas, ...assistantSchemas },
      parameters: {
        organization: { name: "organization_id_or_slug", in: "path", required: true, description: "The organization's slug (LANTERN_ORG_SLUG, default lantern) or id (1)", schema: { type: "string" } },
        project: { name: "project_id_or_slug", in: "path", required: true, description: "A project's slug or id", schema: { type: "string" } },
        projectFilter: { name: "project", in: "query", description: "Project ids to narrow to (repeat it); -1 or absent: every project you can see", schema: { type: "array", items: { type: "integer" } }, explode: true },
        issue: { name: "issue_id", in: "path", required: true, description: "An issue id, or its short id (SHOP-42)", schema: { type: "string" } },
        id: { name: "id", in: "query", description: "Issue ids (repeat it)", schema: { type: "array", items: { type: "integer" } }, explode: true },
        query: { name: "query", in: "query", description: "Lantern's issue search, in Sentry's syntax: `is:unresolved level:error`, `release:1.2` (exact), `user.email:bob@example.com` (any identifier of the event's user), `browser.name:Chrome`, `os.name:Windows`, `error.type:TypeError`, `is:unhandled`, any tag as key:value, `has:browser.name`, `trace:4bf92f3577b34da6a3ce929d0e0e4736` (issues with an event of that trace), `first-seen:-24h`, `times-seen:>10`, free text. A key that is neither built in nor a tag of a project you can see answers 400 naming it. Absent: is:unresolved; empty: every issue", schema: { type: "string" } },
        sort: { name: "sort", in: "query", description: "date (last seen, the default), new (first seen), freq (events), user (users)", schema: { type: "string", enum: ["date", "new", "freq", "user"] } },
        cursor: { name: "cursor", in: "query", description: "From a Link header", schema: { type: "string" } },
        limit: { name: "limit", in: "query", description: "Rows per page, 1–100 (default 100)", schema: { type: "integer", minimum: 1, maximum: 100 } },
        full: { name: "full", in: "query", description: "true: whole events instead of the short form", schema: { type: "boolean" } },
        environment: { name: "environment", in: "query", description: "One environment", schema: { type: "string" } },
      },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API token: lantern token create --user <email> --scopes read,write" },
        session: { type: "apiKey", in: "cookie", name: "lantern.session_token", description: "The dashboard's session (__Secure-lantern.session_token over HTTPS), for Lantern's own pages" },
      },
      headers: {
        Link: { description: 'Sentry\'s pagination: <url>; rel="previous"; results="true|false"; cursor="…", <url>; rel="next"; results="true|false"; cursor="…"', schema: { type: "string" } },
      },
      responses: {
        BadRequest: { description: "The request cannot be used; `detail` says why", content: json(ref("ApiErrorBody")) },
        Unauthorized: { description: "No token, or an invalid or revoked one", content: json(ref("ApiErrorBody")) },
        Forbidden: { description: "The token's scopes or its user's role do not allow this", content: json(ref("ApiErrorBody")) },
        NotFound: { description: "No such resource, or one you may not see", content: json(ref("ApiErrorBody")) },
        Conflict: { description: "The issue was merged into another", content: json(ref("ApiErrorBody")) },
        TooLarge: { description: "The body is over 64 KiB", content: json(ref("ApiErrorBody")) },
      },
    },
  };
}
