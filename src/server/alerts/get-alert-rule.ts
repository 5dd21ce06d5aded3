import type { Kysely } from "kysely";
import { authorizeProject, type AccessContext } from "../access/authorize";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { readAlertRuleViews, type AlertRuleView } from "./alert-rule-view";

/** One of a project's rules; a rule of another project is not found, like a missing one. */
export async function getAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number }): Promise<AlertRuleView> {
  const { project } = await authorizeProject(context, "alert.list", input.projectSlug);
  return findProjectRule(context.db, project.id, input.ruleId);
}

export async function findProjectRule(db: Kysely<Database>, projectId: number, ruleId: number): Promise<AlertRuleView> {
  const [rule] = Number.isSafeInteger(ruleId) ? await readAlertRuleViews(db, projectId, [ruleId]) : [];
  if (!rule) throw new AppError("not_found", `No alert rule ${ruleId} in this project.`);
  return rule;
}
