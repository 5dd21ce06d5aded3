import type { JsonSchema, OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI paths of user feedback (Sentry's user-report shape, telemetry-protocol.md §3.6). The schema is
 * written here: the answers are built by api/feedback/serialize-user-report.ts, whose types it mirrors.
 */
type Paths = OpenApiDocument["paths"];

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const errors = (...statuses: ("400" | "403" | "404" | "409" | "413")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "403": "Forbidden", "404": "NotFound", "409": "Conflict", "413": "TooLarge" }[status]}` }])),
});
const nullableString = { type: ["string", "null"] };
const reportRef = { $ref: "#/components/schemas/ApiUserReport" };
const pagedReports = (description: string) => ({ description, headers: { Link: { $ref: "#/components/headers/Link" } }, content: json({ type: "array", items: reportRef }) });
const perPage = { name: "per_page", in: "query" as const, description: "At most this many (1 to 100, default 100)", schema: { type: "integer", minimum: 1, maximum: 100 } };

const userReportSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    eventID: { type: "string", description: "The event the feedback is about (widget feedback without one: its own event id)" },
    name: { ...nullableString, description: "The name given, else the e-mail" },
    email: nullableString,
    comments: { type: "string", description: "The message, at most 4096 characters" },
    dateCreated: { type: "string", format: "date-time" },
    user: {
      anyOf: [
        {
          type: "object",
          properties: { id: { type: "string" }, username: nullableString, email: nullableString, name: nullableString, ipAddress: nullableString, avatarUrl: nullableString },
          required: ["id", "username", "email", "name", "ipAddress", "avatarUrl"],
        },
        { type: "null" },
      ],
    },
    event: { type: "object", properties: { id: { type: "string" }, eventID: { type: "string" } }, required: ["id", "eventID"] },
    issue: {
      description: "Only in the project list: the linked event's issue, null while that event is not (yet) stored",
      anyOf: [{ type: "object", properties: { id: { type: "string" }, shortId: { type: "string" }, permalink: { type: "string" } }, required: ["id", "shortId", "permalink"] }, { type: "null" }],
    },
  },
  required: ["id", "eventID", "name", "email", "comments", "dateCreated", "user", "event"],
};

const userReportInputSchema: JsonSchema = {
  type: "object",
  properties: {
    event_id: { type: "string", description: "The event the report is about: 32 hex digits (dashes allowed)" },
    name: { type: "string", maxLength: 256 },
    email: { type: "string", format: "email", maxLength: 320 },
    comments: { type: "string", maxLength: 4096 },
  },
  required: ["event_id", "name", "email", "comments"],
};

export const feedbackSchemas: Record<string, JsonSchema> = { ApiUserReport: userReportSchema, ApiUserReportInput: userReportInputSchema };

export function feedbackOperations(orgPrefix: string): Paths {
  const issueReports = (prefix: string, suffix: string) => ({
    [`${prefix}/issues/{issue_id}/user-reports/`]: {
      get: {
        operationId: `listIssueUserReports${suffix}`,
        summary: "List an issue's user feedback",
        description: "Every piece of feedback on the issue's events (widget, captureFeedback, user reports), newest first.",
        tags: ["Feedback"],
        parameters: [...(prefix === "/api/0" ? [] : [param("organization")]), param("issue"), perPage],
        responses: { "200": pagedReports("The feedback"), ...errors("404") },
      },
    },
  });
  return {
    ...issueReports("/api/0", ""),
    ...issueReports(orgPrefix, "InOrganization"),
    "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/user-feedback/": {
      get: {
        operationId: "listProjectUserFeedback",
        summary: "List a project's user feedback",
        description: "Every piece of the project's feedback, with or without a linked error, newest first.",
        tags: ["Feedback"],
        parameters: [
          param("organization"),
          param("project"),
          { name: "status", in: "query" as const, description: "new or resolved; absent: both", schema: { type: "string", enum: ["new", "resolved"] } },
          { name: "query", in: "query" as const, description: "Words matched in the message, name, e-mail and URL", schema: { type: "string", maxLength: 200 } },
          perPage,
        ],
        responses: { "200": pagedReports("The feedback"), ...errors("400", "404") },
      },
      post: {
        operationId: "submitProjectUserFeedback",
        summary: "Send a user report",
        description:
          "With a token that may write, or `Authorization: DSN <dsn>` naming an active client key of the project. The event may arrive later; it is linked when it is stored. Sent again within 5 minutes, a report replaces the first; later, 409.",
        tags: ["Feedback"],
        parameters: [param("organization"), param("project")],
        requestBody: { required: true, content: json({ $ref: "#/components/schemas/ApiUserReportInput" }) },
        responses: { "200": { description: "The stored report", content: json(reportRef) }, ...errors("400", "403", "404", "409", "413") },
      },
    },
  };
}
