import type { Kysely } from "kysely";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { toAlertRuleView, type AlertRuleView } from "./alert-rule-view";
import { checkRuleReferences, ruleOrFieldError } from "./check-rule-references";
import { parseRule, type ParsedRule } from "./rule-schema";

/** A new rule in Sentry's issue-alert JSON (rule-schema.ts); a bad field or a reference to nothing is a 400 naming it. */
export async function createAlertRule(context: AccessContext, input: { projectSlug: string; rule: unknown }): Promise<AlertRuleView> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  const rule = ruleOrFieldError(parseRule(input.rule));
  const view = await writeTransaction(context.database, async (trx) => {
    await checkRuleReferences(trx, project.id, rule);
    return insertAlertRule(trx, project.id, rule, context.viewer.actor, Date.now());
  });
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_created", target: `project:${project.slug}`, data: { ruleId: view.id, name: view.name } });
  return view;
}

/** Writes a parsed rule (no access check: callers have done it — create-project adds the default rule with it). */
export async function insertAlertRule(trx: Kysely<Database>, projectId: number, parsed: ParsedRule, createdBy: string, now: number): Promise<AlertRuleView> {
  const row = await trx
    .insertInto("alert_rules")
    .values({
      project_id: projectId,
      name: parsed.name,
      action_match: parsed.actionMatch,
      filter_match: parsed.filterMatch,
      frequency_minutes: parsed.frequencyMinutes,
      environment: parsed.environment,
      conditions: JSON.stringify(parsed.raw.conditions),
      filters: JSON.stringify(parsed.raw.filters),
      actions: JSON.stringify(parsed.raw.actions),
      muted_until: null,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAlertRuleView(row, null);
}
