import type { AccessContext } from "../../access/authorize";
import { AlertFieldError } from "../../alerts/alert-field-error";
import { createAlertRule } from "../../alerts/create-alert-rule";
import { createNotificationChannel } from "../../alerts/create-notification-channel";
import { deleteAlertRule } from "../../alerts/delete-alert-rule";
import { deleteNotificationChannel } from "../../alerts/delete-notification-channel";
import { getAlertRule } from "../../alerts/get-alert-rule";
import { listAlertRules } from "../../alerts/list-alert-rules";
import { getNotificationChannel, listNotificationChannels } from "../../alerts/list-notification-channels";
import { updateAlertRule } from "../../alerts/update-alert-rule";
import { updateNotificationChannel } from "../../alerts/update-notification-channel";
import { AppError } from "../../errors";
import { serializeAlertRules } from "../alerts/serialize-alert-rule";
import { serializeNotificationChannel } from "../alerts/serialize-notification-channel";
import { apiRoute, type ApiAnswer } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { linkHeader, singlePageLinks } from "../pagination";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { readJsonBody } from "../read-json-body";

type OrganizationParams = { organizationSlug: string };
type ProjectParams = OrganizationParams & { projectSlug: string };
type RuleParams = ProjectParams & { ruleId: string };
type ChannelParams = OrganizationParams & { channelSlug: string };

/** The project of `{project_id_or_slug}` (a hidden one is a 404); each verb then checks its own permission. */
async function projectSlugOf(context: AccessContext, params: ProjectParams): Promise<string> {
  requireOrganization(context.config, params.organizationSlug);
  const { project } = await authorizeProjectRef(context, "alert.list", params.projectSlug);
  return project.slug;
}

function ruleIdOf(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new AppError("not_found", `No alert rule ${text} in this project.`);
  return Number(text);
}

/**
 * A field error answered both ways: Lantern's `{"detail": "<field>: <message>"}` and Sentry's
 * `{"<field>": ["<message>"]}`, so both kinds of client find it where they look.
 */
async function withFieldErrors(work: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AlertFieldError) return { status: 400, body: { [error.field]: [error.problem], detail: error.message } };
    throw error;
  }
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new AlertFieldError("body", "expected a JSON object");
  return body as Record<string, unknown>;
}

/** GET /projects/{org}/{project}/rules/ — the project's issue-alert rules. */
export const listAlertRulesRoute = apiRoute<ProjectParams>(async ({ context, params, url }) => {
  const { project, rules } = await listAlertRules(context, { projectSlug: await projectSlugOf(context, params) });
  return { body: await serializeAlertRules(context.db, project.slug, rules), headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

/** POST /projects/{org}/{project}/rules/ — Sentry answers a new rule with 200 (Terraform's provider expects exactly that). */
export const createAlertRuleRoute = apiRoute<ProjectParams>(async ({ request, context, params }) =>
  withFieldErrors(async () => {
    const projectSlug = await projectSlugOf(context, params);
    const rule = await createAlertRule(context, { projectSlug, rule: await readJsonBody(request) });
    const [body] = await serializeAlertRules(context.db, projectSlug, [rule]);
    return { body };
  }),
);

/** GET /projects/{org}/{project}/rules/{rule_id}/ */
export const alertRuleRoute = apiRoute<RuleParams>(async ({ context, params }) => {
  const projectSlug = await projectSlugOf(context, params);
  const rule = await getAlertRule(context, { projectSlug, ruleId: ruleIdOf(params.ruleId) });
  const [body] = await serializeAlertRules(context.db, projectSlug, [rule]);
  return { body };
});

/** PUT /projects/{org}/{project}/rules/{rule_id}/ — replaces the whole rule, as Sentry's does. */
export const updateAlertRuleRoute = apiRoute<RuleParams>(async ({ request, context, params }) =>
  withFieldErrors(async () => {
    const projectSlug = await projectSlugOf(context, params);
    const rule = await updateAlertRule(context, { projectSlug, ruleId: ruleIdOf(params.ruleId), rule: await readJsonBody(request) });
    const [body] = await serializeAlertRules(context.db, projectSlug, [rule]);
    return { body };
  }),
);

/** DELETE /projects/{org}/{project}/rules/{rule_id}/ — 202, as Sentry answers. */
export const deleteAlertRuleRoute = apiRoute<RuleParams>(async ({ context, params }) => {
  const projectSlug = await projectSlugOf(context, params);
  await deleteAlertRule(context, { projectSlug, ruleId: ruleIdOf(params.ruleId) });
  return { body: null, status: 202 };
});

/** GET /organizations/{org}/notification-channels/ */
export const listNotificationChannelsRoute = apiRoute<OrganizationParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const channels = await listNotificationChannels(context);
  return { body: channels.map(serializeNotificationChannel), headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

/** POST /organizations/{org}/notification-channels/ `{name, kind, url, secret?, slug?}`: 201, with the secret this once. */
export const createNotificationChannelRoute = apiRoute<OrganizationParams>(async ({ request, context, params }) =>
  withFieldErrors(async () => {
    requireOrganization(context.config, params.organizationSlug);
    const body = objectBody(await readJsonBody(request));
    const created = await createNotificationChannel(context, { name: body.name, kind: body.kind, url: body.url, secret: body.secret, slug: body.slug });
    return { body: { ...serializeNotificationChannel(created), secret: created.secret }, status: 201 };
  }),
);

/** GET /organizations/{org}/notification-channels/{slug}/ */
export const notificationChannelRoute = apiRoute<ChannelParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: serializeNotificationChannel(await getNotificationChannel(context, { channelSlug: params.channelSlug })) };
});

/** PUT /organizations/{org}/notification-channels/{slug}/ `{name?, url?, secret?}` */
export const updateNotificationChannelRoute = apiRoute<ChannelParams>(async ({ request, context, params }) =>
  withFieldErrors(async () => {
    requireOrganization(context.config, params.organizationSlug);
    const body = objectBody(await readJsonBody(request));
    const updated = await updateNotificationChannel(context, { channelSlug: params.channelSlug, name: body.name, url: body.url, secret: body.secret });
    return { body: serializeNotificationChannel(updated) };
  }),
);

/** DELETE /organizations/{org}/notification-channels/{slug}/ — 204; 409 while a rule sends to it. */
export const deleteNotificationChannelRoute = apiRoute<ChannelParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  await deleteNotificationChannel(context, { channelSlug: params.channelSlug });
  return { body: null, status: 204 };
});
