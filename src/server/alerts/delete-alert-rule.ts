import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { findProjectRule } from "./get-alert-rule";

/**
 * Deletes a rule and its fire times. Deliveries it already queued still go out (the outbox keeps them, their
 * rule set to null), so deleting a rule never loses a message that was decided.
 */
export async function deleteAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number }): Promise<void> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  const rule = await writeTransaction(context.database, async (trx) => {
    const found = await findProjectRule(trx, project.id, input.ruleId);
    await trx.deleteFrom("alert_rule_fires").where("rule_id", "=", found.id).execute();
    await trx.updateTable("alert_deliveries").set({ rule_id: null }).where("rule_id", "=", found.id).execute();
    await trx.deleteFrom("alert_rules").where("id", "=", found.id).execute();
    return found;
  });
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_deleted", target: `project:${project.slug}`, data: { ruleId: rule.id, name: rule.name } });
}
