import type { OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI paths of issue-alert rules (Sentry's endpoints and JSON) and Lantern's notification channels.
 * Their schemas are in alerts/alert-schemas.ts, registered with the others in openapi.ts.
 */
type Paths = OpenApiDocument["paths"];

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (value: Record<string, unknown>) => ({ "application/json": { schema: value } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const errors = (...statuses: ("400" | "403" | "404" | "409" | "413")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "403": "Forbidden", "404": "NotFound", "409": "Conflict", "413": "TooLarge" }[status]}` }])),
});
const fieldError = {
  description: 'A field is wrong: `detail` reads "<field>: <message>", and the field itself holds `["<message>"]` as in Sentry (`actions[0].service`, `conditions[1].interval`)',
  content: json({ type: "object", properties: { detail: { type: "string" } }, required: ["detail"], additionalProperties: { type: "array", items: { type: "string" } } }),
};
const ruleId = { name: "rule_id", in: "path" as const, required: true, description: "The rule's id", schema: { type: "string" } };
const channelSlug = { name: "channel_slug", in: "path" as const, required: true, description: "The channel's slug", schema: { type: "string" } };
const projectPrefix = "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}";
const orgPrefix = "/api/0/organizations/{organization_id_or_slug}";
const page = (description: string, items: Record<string, unknown>) => ({ description, headers: { Link: { $ref: "#/components/headers/Link" } }, content: json({ type: "array", items }) });

export function alertOperations(): Paths {
  const project = [param("organization"), param("project")];
  return {
    [`${projectPrefix}/rules/`]: {
      get: {
        operationId: "listAlertRules",
        summary: "List a project's issue-alert rules",
        tags: ["Alerts"],
        parameters: project,
        responses: { "200": page("The rules", schema("ApiAlertRule")), ...errors("404") },
      },
      post: {
        operationId: "createAlertRule",
        summary: "Create an issue-alert rule",
        description: "Sentry's issue-alert JSON (what Terraform's sentry_issue_alert sends). Owners and admins (an admin-scoped token). Answers 200, as Sentry does.",
        tags: ["Alerts"],
        parameters: project,
        requestBody: { required: true, content: json(schema("ApiAlertRuleInput")) },
        responses: { "200": { description: "The new rule, its conditions, filters and actions as sent", content: json(schema("ApiAlertRule")) }, "400": fieldError, ...errors("403", "404", "413") },
      },
    },
    [`${projectPrefix}/rules/{rule_id}/`]: {
      get: {
        operationId: "getAlertRule",
        summary: "Retrieve an issue-alert rule",
        tags: ["Alerts"],
        parameters: [...project, ruleId],
        responses: { "200": { description: "The rule", content: json(schema("ApiAlertRule")) }, ...errors("404") },
      },
      put: {
        operationId: "updateAlertRule",
        summary: "Replace an issue-alert rule",
        description: "The whole rule, as Sentry's PUT: fields left out take their defaults. Owners and admins.",
        tags: ["Alerts"],
        parameters: [...project, ruleId],
        requestBody: { required: true, content: json(schema("ApiAlertRuleInput")) },
        responses: { "200": { description: "The rule as it now is", content: json(schema("ApiAlertRule")) }, "400": fieldError, ...errors("403", "404", "413") },
      },
      delete: {
        operationId: "deleteAlertRule",
        summary: "Delete an issue-alert rule",
        tags: ["Alerts"],
        parameters: [...project, ruleId],
        responses: { "202": { description: "Deleted" }, ...errors("403", "404") },
      },
    },
    [`${orgPrefix}/notification-channels/`]: {
      get: {
        operationId: "listNotificationChannels",
        summary: "List notification channels",
        description: "Names, slugs and kinds; a URL shows only its host and last four characters, and a secret never shows.",
        tags: ["Alerts"],
        parameters: [param("organization")],
        responses: { "200": page("The channels", schema("ApiNotificationChannel")), ...errors("404") },
      },
      post: {
        operationId: "createNotificationChannel",
        summary: "Create a notification channel",
        description: "Slack, Discord or Microsoft Teams incoming webhook, or a signed generic webhook. Owners and admins.",
        tags: ["Alerts"],
        parameters: [param("organization")],
        requestBody: { required: true, content: json(schema("ApiNotificationChannelCreate")) },
        responses: { "201": { description: "The channel, with its secret this once", content: json(schema("ApiNotificationChannelCreated")) }, "400": fieldError, ...errors("403", "404", "409", "413") },
      },
    },
    [`${orgPrefix}/notification-channels/{channel_slug}/`]: {
      get: {
        operationId: "getNotificationChannel",
        summary: "Retrieve a notification channel",
        tags: ["Alerts"],
        parameters: [param("organization"), channelSlug],
        responses: { "200": { description: "The channel", content: json(schema("ApiNotificationChannel")) }, ...errors("404") },
      },
      put: {
        operationId: "updateNotificationChannel",
        summary: "Change a notification channel",
        description: "Name, URL or secret (each only when sent; URL and secret are write-only). Owners and admins.",
        tags: ["Alerts"],
        parameters: [param("organization"), channelSlug],
        requestBody: { required: true, content: json(schema("ApiNotificationChannelUpdate")) },
        responses: { "200": { description: "The channel", content: json(schema("ApiNotificationChannel")) }, "400": fieldError, ...errors("403", "404", "413") },
      },
      delete: {
        operationId: "deleteNotificationChannel",
        summary: "Delete a notification channel",
        description: "Refused (409, naming them) while a rule sends to it.",
        tags: ["Alerts"],
        parameters: [param("organization"), channelSlug],
        responses: { "204": { description: "Deleted" }, ...errors("403", "404", "409") },
      },
    },
  };
}
