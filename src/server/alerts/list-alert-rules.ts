import { authorizeProject, type AccessContext } from "../access/authorize";
import { readAlertRuleViews, type AlertRuleView } from "./alert-rule-view";

/** A project's alert rules, oldest first. */
export async function listAlertRules(context: AccessContext, input: { projectSlug: string }): Promise<{ project: { id: number; slug: string; name: string }; rules: AlertRuleView[] }> {
  const { project } = await authorizeProject(context, "alert.list", input.projectSlug);
  const rules = await readAlertRuleViews(context.db, project.id);
  return { project: { id: project.id, slug: project.slug, name: project.name }, rules };
}
