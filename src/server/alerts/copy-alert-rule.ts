import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import type { AlertRuleView } from "./alert-rule-view";
import { ruleOrFieldError } from "./check-rule-references";
import { insertAlertRule } from "./create-alert-rule";
import { findProjectRule } from "./get-alert-rule";
import { parseRule } from "./rule-schema";

/** RuleInput's limit on a name: a long name's copy is cut to fit. */
const maxNameLength = 256;

/** A new rule like `ruleId`, named "Copy of <name>", unmuted and never fired. */
export async function copyAlertRule(context: AccessContext, input: { projectSlug: string; ruleId: number }): Promise<AlertRuleView> {
  const { project } = await authorizeProject(context, "alert.write", input.projectSlug);
  const view = await writeTransaction(context.database, async (trx) => {
    const source = await findProjectRule(trx, project.id, input.ruleId);
    const copy = ruleOrFieldError(
      parseRule({
        name: `Copy of ${source.name}`.slice(0, maxNameLength),
        actionMatch: source.actionMatch,
        filterMatch: source.filterMatch,
        frequency: source.frequency,
        environment: source.environment,
        conditions: source.conditions,
        filters: source.filters,
        actions: source.actions,
      }),
    );
    return insertAlertRule(trx, project.id, copy, context.viewer.actor, Date.now());
  });
  await recordAuditEvent(context.db, context.source, { action: "alert.rule_created", target: `project:${project.slug}`, data: { ruleId: view.id, name: view.name, copiedFrom: input.ruleId } });
  return view;
}
