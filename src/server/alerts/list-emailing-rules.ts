import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { sendsEmail } from "@/lib/delivery-health";

export interface EmailingRule {
  projectSlug: string;
  projectName: string;
  ruleId: number;
  ruleName: string;
  isMuted: boolean;
}

/** Read at most this many rules; an instance with more is told "and more" by the caller. */
export const emailingRuleLimit = 1000;

/**
 * The alert rules with an e-mail action in the projects the viewer sees, by project and name: what cannot
 * deliver when no SMTP server is configured (`lantern doctor`). Bounded: the rules table is small next to
 * events, but a read here never grows with it past `emailingRuleLimit` rows.
 */
export async function listEmailingRules(context: AccessContext): Promise<{ rules: EmailingRule[]; isTruncated: boolean }> {
  authorize(context, "alert.list");
  const visible = visibleProjectIds(context.viewer);
  if (visible && visible.length === 0) return { rules: [], isTruncated: false };
  let query = context.db
    .selectFrom("alert_rules")
    .innerJoin("projects", "projects.id", "alert_rules.project_id")
    .select(["alert_rules.id", "alert_rules.name", "alert_rules.actions", "alert_rules.muted_until", "projects.slug", "projects.name as project_name"]);
  if (visible) query = query.where("alert_rules.project_id", "in", visible);
  const rows = await query.orderBy("projects.slug").orderBy("alert_rules.id").limit(emailingRuleLimit).execute();
  const now = Date.now();
  const rules = rows
    .filter((row) => hasEmailAction(row.actions))
    .map((row) => ({ projectSlug: row.slug, projectName: row.project_name, ruleId: Number(row.id), ruleName: row.name, isMuted: row.muted_until !== null && Number(row.muted_until) > now }));
  return { rules, isTruncated: rows.length >= emailingRuleLimit };
}

function hasEmailAction(actions: string): boolean {
  try {
    const parsed: unknown = JSON.parse(actions);
    return Array.isArray(parsed) && sendsEmail(parsed);
  } catch {
    return false;
  }
}
