import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { findProjectLogAlertRule } from "./log-alert-rule-view";

/** Deletes a log alert rule; messages it already queued still go out. */
export async function deleteLogAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number }): Promise<void> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  const rule = await writeTransaction(context.database, async (trx) => {
    const found = await findProjectLogAlertRule(trx, project.id, input.ruleId);
    await trx.deleteFrom("log_alert_rules").where("id", "=", found.id).where("project_id", "=", project.id).execute();
    return found;
  });
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_deleted", target: `project:${project.slug}`, data: { logRuleId: rule.id, name: rule.name } });
}
