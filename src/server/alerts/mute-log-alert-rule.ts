import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { findProjectLogAlertRule, type LogAlertRuleView } from "./log-alert-rule-view";

/** Mutes a log alert rule until `until` (epoch ms, in the future), or unmutes it (null). */
export async function muteLogAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number; until: number | null }): Promise<LogAlertRuleView> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  const now = Date.now();
  if (input.until !== null && !(Number.isSafeInteger(input.until) && input.until > now)) throw new AppError("bad_request", "until: expected a time in the future, or null to unmute");
  const view = await writeTransaction(context.database, async (trx) => {
    await findProjectLogAlertRule(trx, project.id, input.ruleId);
    await trx.updateTable("log_alert_rules").set({ muted_until: input.until, updated_at: now }).where("id", "=", input.ruleId).where("project_id", "=", project.id).execute();
    return findProjectLogAlertRule(trx, project.id, input.ruleId);
  });
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_muted", target: `project:${project.slug}`, data: { logRuleId: view.id, until: input.until } });
  return view;
}
