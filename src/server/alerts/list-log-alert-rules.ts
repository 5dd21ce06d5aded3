import { authorizeProject, type AccessContext } from "../access/authorize";
import { findProjectLogAlertRule, readLogAlertRuleViews, type LogAlertRuleView } from "./log-alert-rule-view";

/** A project's log alert rules (members read them, as issue alert rules: `alert.list`). */
export async function listLogAlertRules(context: AccessContext, input: { projectSlug: string }): Promise<LogAlertRuleView[]> {
  const { project } = await authorizeProject(context, "alert.list", input.projectSlug);
  return readLogAlertRuleViews(context.db, project.id);
}

export async function getLogAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number }): Promise<LogAlertRuleView> {
  const { project } = await authorizeProject(context, "alert.list", input.projectSlug);
  return findProjectLogAlertRule(context.db, project.id, input.ruleId);
}
