import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { checkLogAlertRule } from "./check-log-alert-rule";
import { parseLogAlertRuleInput } from "./log-alert-input";
import { findProjectLogAlertRule, type LogAlertRuleView } from "./log-alert-rule-view";

/**
 * Replaces a log alert rule. A changed query, threshold or interval starts it afresh (not breached), so the new
 * rule fires on its own first breach.
 */
export async function updateLogAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number; rule: unknown }): Promise<LogAlertRuleView> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  const rule = parseLogAlertRuleInput(input.rule);
  await checkLogAlertRule(context, project.id, rule);
  const view = await writeTransaction(context.database, async (trx) => {
    const before = await findProjectLogAlertRule(trx, project.id, input.ruleId);
    const isSameCondition = before.query === rule.query && before.threshold === rule.threshold && before.interval === rule.interval;
    await trx
      .updateTable("log_alert_rules")
      .set({ name: rule.name, query: rule.query, threshold: rule.threshold, interval: rule.interval, channels: JSON.stringify(rule.channels), updated_at: Date.now(), ...(isSameCondition ? {} : { firing_since: null, last_count: null, evaluated_at: null }) })
      .where("id", "=", input.ruleId)
      .where("project_id", "=", project.id)
      .execute();
    return findProjectLogAlertRule(trx, project.id, input.ruleId);
  });
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_updated", target: `project:${project.slug}`, data: { logRuleId: view.id, name: view.name } });
  return view;
}
