import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { checkLogAlertRule } from "./check-log-alert-rule";
import { parseLogAlertRuleInput } from "./log-alert-input";
import { toLogAlertRuleView, type LogAlertRuleView } from "./log-alert-rule-view";

/** A new "more than N log lines matching a query in an interval" rule; a bad field is a 400 naming it. */
export async function createLogAlertRule(context: AccessContext, input: { projectSlug: string; rule: unknown }): Promise<LogAlertRuleView> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  const rule = parseLogAlertRuleInput(input.rule);
  await checkLogAlertRule(context, project.id, rule);
  const now = Date.now();
  const row = await writeTransaction(context.database, (trx) =>
    trx
      .insertInto("log_alert_rules")
      .values({ project_id: project.id, name: rule.name, query: rule.query, threshold: rule.threshold, interval: rule.interval, channels: JSON.stringify(rule.channels), muted_until: null, firing_since: null, last_count: null, evaluated_at: null, created_by: context.viewer.actor, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  const view = toLogAlertRuleView(row);
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_created", target: `project:${project.slug}`, data: { logRuleId: view.id, name: view.name } });
  return view;
}
