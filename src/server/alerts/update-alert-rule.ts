import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import type { AlertRuleView } from "./alert-rule-view";
import { checkRuleReferences, ruleOrFieldError } from "./check-rule-references";
import { findProjectRule } from "./get-alert-rule";
import { parseRule } from "./rule-schema";

/**
 * Replaces a rule with the one sent, as Sentry's PUT does: fields left out take their defaults. Its mute and
 * when it last fired stay.
 */
export async function updateAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number; rule: unknown }): Promise<AlertRuleView> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  await findProjectRule(context.db, project.id, input.ruleId);
  const rule = ruleOrFieldError(parseRule(input.rule));
  const view = await writeTransaction(context.database, async (trx) => {
    await checkRuleReferences(trx, project.id, rule);
    await trx
      .updateTable("alert_rules")
      .set({
        name: rule.name,
        action_match: rule.actionMatch,
        filter_match: rule.filterMatch,
        frequency_minutes: rule.frequencyMinutes,
        environment: rule.environment,
        conditions: JSON.stringify(rule.raw.conditions),
        filters: JSON.stringify(rule.raw.filters),
        actions: JSON.stringify(rule.raw.actions),
        updated_at: Date.now(),
      })
      .where("id", "=", input.ruleId)
      .where("project_id", "=", project.id)
      .execute();
    return findProjectRule(trx, project.id, input.ruleId);
  });
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_updated", target: `project:${project.slug}`, data: { ruleId: view.id, name: view.name } });
  return view;
}
