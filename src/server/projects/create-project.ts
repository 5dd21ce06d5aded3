import { authorize, type AccessContext } from "../access/authorize";
import { insertAlertRule } from "../alerts/create-alert-rule";
import { defaultRuleInput, parseRule } from "../alerts/rule-schema";
import { recordAuditEvent } from "../audit/record-audit-event";
import { insertProject, type CreatedProject } from "./insert-project";
import type { CreateProjectInput } from "./schemas";

/**
 * A new project with its first client key, recorded in the audit log, and — unless its creator unticked it —
 * the alert rule "Notify on every new issue" (e-mail to the project's members), as Sentry starts a project.
 */
export async function createProject(context: AccessContext, input: CreateProjectInput): Promise<CreatedProject> {
  authorize(context, "project.create");
  const created = await insertProject(context.db, input);
  if (input.alertOnNewIssues !== false) {
    const parsed = parseRule(defaultRuleInput);
    if ("rule" in parsed) await insertAlertRule(context.db, created.project.id, parsed.rule, context.viewer.actor, Date.now());
  }
  await recordAuditEvent(context.db, context.source, { action: "project.created", target: `project:${created.project.slug}` });
  return created;
}
