import type { JsonSchema, OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI paths that Sentry's MCP server and other assistants call besides the older ones: the calling
 * user, teams, a project's update, the events validator, issue tags, activities and notes
 * (telemetry-protocol.md §3–§4). Schemas are written here; they mirror the serializers' types
 * (api/users, api/teams, api/issues, api/events).
 */
type Paths = OpenApiDocument["paths"];

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errors = (...statuses: ("400" | "403" | "404" | "409" | "413")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "403": "Forbidden", "404": "NotFound", "409": "Conflict", "413": "TooLarge" }[status]}` }])),
});
const paged = (description: string, items: JsonSchema) => ({ description, headers: { Link: { $ref: "#/components/headers/Link" } }, content: json({ type: "array", items }) });
const nullableString = { type: ["string", "null"] };
const isoTime = { type: "string", format: "date-time" };
const perPage = { name: "per_page", in: "query" as const, description: "At most this many (1 to 100, default 100)", schema: { type: "integer", minimum: 1, maximum: 100 } };
const tagKey = { name: "key", in: "path" as const, required: true, description: "A tag key (letters, digits, _ . : -)", schema: { type: "string", maxLength: 64 } };
const teamRef = { name: "team_id_or_slug", in: "path" as const, required: true, description: "A team's slug or id", schema: { type: "string" } };
const environment = { name: "environment", in: "query" as const, description: "Count only the issue's events in this environment (the newest 10,000)", schema: { type: "string" } };

const authUser: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    username: { type: "string", description: "The e-mail address" },
    email: { type: "string" },
    avatarUrl: nullableString,
    isActive: { type: "boolean" },
    hasPasswordAuth: { type: "boolean" },
    dateJoined: isoTime,
    lastLogin: { ...nullableString, description: "When the newest session began" },
    has2fa: { type: "boolean", const: false },
    isSuperuser: { type: "boolean", description: "Owners are the instance's superusers" },
    emails: { type: "array", items: { type: "object", properties: { id: { type: "string" }, email: { type: "string" }, is_verified: { type: "boolean" } }, required: ["id", "email", "is_verified"] } },
    options: { type: "object" },
  },
  required: ["id", "name", "username", "email", "avatarUrl", "isActive", "dateJoined", "lastLogin", "has2fa", "isSuperuser", "emails"],
};

const team: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    slug: { type: "string" },
    name: { type: "string" },
    dateCreated: isoTime,
    isMember: { type: "boolean", description: "The caller is on the team" },
    memberCount: { type: "integer" },
    hasAccess: { type: "boolean" },
    isPending: { type: "boolean" },
    teamRole: { type: "null" },
    access: { type: "array", items: { type: "string" } },
  },
  required: ["id", "slug", "name", "dateCreated", "isMember", "memberCount", "hasAccess", "isPending"],
};

const check = (withName: boolean, withType: boolean): JsonSchema => ({
  type: "object",
  properties: { ...(withName ? { name: { type: "string" } } : {}), valid: { type: "boolean" }, ...(withType ? { attrType: { type: ["string", "null"], enum: ["string", "number", "boolean", null] } } : {}), error: nullableString },
  required: [...(withName ? ["name"] : []), "valid", ...(withType ? ["attrType"] : []), "error"],
});
const eventsValidation: JsonSchema = {
  type: "object",
  properties: {
    valid: { type: "boolean" },
    projects: { type: "array", items: check(false, false) },
    dataset: { type: "array", items: check(true, false) },
    environment: { type: "array", items: check(false, false) },
    field: { type: "array", items: check(true, true) },
    query: { type: "object", properties: { valid: { type: "boolean" }, error: nullableString, fields: { type: "array", items: check(true, true) } }, required: ["valid", "error", "fields"] },
    orderby: { type: "array", items: check(true, true) },
  },
  required: ["valid", "projects", "dataset", "environment", "field", "query", "orderby"],
};

const tagValue: JsonSchema = {
  type: "object",
  properties: { key: { type: "string" }, name: { type: "string" }, value: { type: "string" }, count: { type: "integer" }, firstSeen: isoTime, lastSeen: isoTime, query: { type: "string", description: "The issue search term for this value" } },
  required: ["key", "name", "value", "count", "firstSeen", "lastSeen", "query"],
};
const tagKeySchema: JsonSchema = {
  type: "object",
  properties: { key: { type: "string" }, name: { type: "string" }, uniqueValues: { type: "integer" }, totalValues: { type: "integer" }, topValues: { type: "array", items: schema("ApiIssueTagValue"), maxItems: 9 } },
  required: ["key", "name", "uniqueValues", "totalValues", "topValues"],
};

const activityUser: JsonSchema = {
  anyOf: [{ type: "object", properties: { id: { type: "string" }, name: { type: "string" }, username: { type: "string" }, email: { type: "string" }, avatarUrl: nullableString }, required: ["id", "name", "username", "email", "avatarUrl"] }, { type: "null" }],
};
const activity: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    user: { ...activityUser, description: "Who did it; null for Lantern itself (digest, the scheduler)" },
    sentry_app: { type: "null" },
    type: { type: "string", description: "Sentry's activity type: note, set_resolved, set_resolved_in_release, set_ignored, set_unresolved, assigned, first_seen, set_regression, …" },
    data: { type: "object", description: "A note's `text`; other types their details" },
    dateCreated: isoTime,
  },
  required: ["id", "user", "sentry_app", "type", "data", "dateCreated"],
};

export const assistantSchemas: Record<string, JsonSchema> = {
  ApiAuthUser: authUser,
  ApiTeam: team,
  ApiEventsValidation: eventsValidation,
  ApiIssueTagValue: tagValue,
  ApiIssueTagKey: tagKeySchema,
  ApiIssueActivity: activity,
};

const projectBody: JsonSchema = {
  type: "object",
  properties: { name: { type: "string", maxLength: 64 }, slug: { type: "string", description: "Lantern makes the slug from the name; another slug is a 400" }, platform: { type: "string" } },
};

function issueSubroutes(prefix: string, suffix: string): Paths {
  const scope = prefix === "/api/0" ? [] : [param("organization")];
  const issue = [...scope, param("issue")];
  return {
    [`${prefix}/issues/{issue_id}/tags/{key}/`]: {
      get: {
        operationId: `getIssueTagKey${suffix}`,
        summary: "Retrieve an issue's tag",
        description: "How many distinct values the key has on the issue, how often it was seen, and the nine most frequent values. 404 when the issue has no such tag.",
        tags: ["Issues"],
        parameters: [...issue, tagKey, environment],
        responses: { "200": { description: "The tag", content: json(schema("ApiIssueTagKey")) }, ...errors("400", "404") },
      },
    },
    [`${prefix}/issues/{issue_id}/tags/{key}/values/`]: {
      get: {
        operationId: `listIssueTagValues${suffix}`,
        summary: "List an issue's values of a tag",
        tags: ["Issues"],
        parameters: [...issue, tagKey, environment, { name: "sort", in: "query" as const, description: "count (also Sentry's default -id), date (last seen) or age (first seen); a leading - is accepted", schema: { type: "string" } }, perPage],
        responses: { "200": paged("The values, one page", schema("ApiIssueTagValue")), ...errors("400", "404") },
      },
    },
    [`${prefix}/issues/{issue_id}/activities/`]: {
      get: {
        operationId: `listIssueActivities${suffix}`,
        summary: "List an issue's activity",
        description: "The newest 100 entries, newest first.",
        tags: ["Issues"],
        parameters: issue,
        responses: { "200": { description: "The activity", content: json({ type: "object", properties: { activity: { type: "array", items: schema("ApiIssueActivity") } }, required: ["activity"] }) }, ...errors("404") },
      },
    },
    [`${prefix}/issues/{issue_id}/notes/`]: {
      get: {
        operationId: `listIssueNotes${suffix}`,
        summary: "List an issue's notes (comments)",
        tags: ["Issues"],
        parameters: [...issue, perPage],
        responses: { "200": paged("The notes, newest first", schema("ApiIssueActivity")), ...errors("404") },
      },
      post: {
        operationId: `createIssueNote${suffix}`,
        summary: "Comment on an issue",
        description: "As the credential's user; needs the write scope. The same text by the same person on the issue within an hour is a 400.",
        tags: ["Issues"],
        parameters: issue,
        requestBody: { required: true, content: json({ type: "object", properties: { text: { type: "string", maxLength: 10_000 }, mentions: { type: "array", items: { type: "string" }, description: "Accepted and not used" } }, required: ["text"] }) },
        responses: { "201": { description: "The note", content: json(schema("ApiIssueActivity")) }, ...errors("400", "403", "404", "413") },
      },
    },
  };
}

export function assistantOperations(orgPrefix: string): Paths {
  return {
    "/api/0/auth/": {
      get: { operationId: "getAuthenticatedUser", summary: "Retrieve the calling user", description: "The person a session or API token belongs to.", tags: ["Users"], responses: { "200": { description: "The user", content: json(schema("ApiAuthUser")) }, ...errors() } },
    },
    [`${orgPrefix}/teams/`]: {
      get: {
        operationId: "listOrganizationTeams",
        summary: "List teams",
        tags: ["Teams"],
        parameters: [param("organization"), { name: "query", in: "query" as const, description: "Part of a team's name or slug", schema: { type: "string", maxLength: 200 } }],
        responses: { "200": paged("Every team, by slug", schema("ApiTeam")), ...errors("404") },
      },
      post: {
        operationId: "createOrganizationTeam",
        summary: "Create a team",
        description: "Needs an owner or admin (and the admin scope on a token). The slug comes from the name.",
        tags: ["Teams"],
        parameters: [param("organization")],
        requestBody: { required: true, content: json({ type: "object", properties: { name: { type: "string" }, slug: { type: "string", description: "Used as the name when no name is given" } } }) },
        responses: { "201": { description: "The team", content: json(schema("ApiTeam")) }, ...errors("400", "403", "404", "409", "413") },
      },
    },
    "/api/0/teams/{organization_id_or_slug}/{team_id_or_slug}/projects/": {
      post: {
        operationId: "createTeamProject",
        summary: "Create a project for a team",
        description: "Needs an owner or admin. The project gets its first client key and the alert rule \"Notify on every new issue\", and belongs to the team.",
        tags: ["Teams"],
        parameters: [param("organization"), teamRef],
        requestBody: { required: true, content: json(projectBody) },
        responses: { "201": { description: "The project", content: json(schema("ApiProject")) }, ...errors("400", "403", "404", "413") },
      },
    },
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/teams/": {
      get: { operationId: "listProjectTeams", summary: "List a project's teams", tags: ["Teams"], parameters: [param("organization"), param("project")], responses: { "200": paged("The teams", schema("ApiTeam")), ...errors("404") } },
    },
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/teams/{team_id_or_slug}/": {
      post: { operationId: "addProjectTeam", summary: "Give a team the project", tags: ["Teams"], parameters: [param("organization"), param("project"), teamRef], responses: { "201": { description: "The project", content: json(schema("ApiProject")) }, ...errors("403", "404") } },
      delete: { operationId: "removeProjectTeam", summary: "Take the project from a team", tags: ["Teams"], parameters: [param("organization"), param("project"), teamRef], responses: { "200": { description: "The project", content: json(schema("ApiProject")) }, ...errors("403", "404") } },
    },
    [`${orgPrefix}/events/validate/`]: {
      get: {
        operationId: "validateOrganizationEvents",
        summary: "Check an events search",
        description: "The parameters of the events search (`orderby` or `sort`), each checked: projects the caller can see, the dataset (errors, spans, transactions, logs), each field with the type of its values, each key of the query, each sort. `valid` is false when any is wrong; the answer is 200 either way.",
        tags: ["Events"],
        parameters: [param("organization")],
        responses: { "200": { description: "The checks", content: json(schema("ApiEventsValidation")) }, ...errors("403", "404") },
      },
    },
    ...issueSubroutes("/api/0", ""),
    ...issueSubroutes(orgPrefix, "InOrganization"),
  };
}
