import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AlertFieldError } from "./alert-field-error";
import { peopleWhoSeeProject } from "./resolve-email-recipients";
import { actionIds, type ParsedRule } from "./rule-schema";

/**
 * What parseRule cannot know: that each action names something of this instance — a notification channel
 * by its slug, a person who can see the project, a team. A rule that would reach nobody is refused when it
 * is written, not discovered when it fires. Throws AlertFieldError naming the action's field.
 */
export async function checkRuleReferences(db: Kysely<Database>, projectId: number, rule: ParsedRule): Promise<void> {
  for (const [index, action] of rule.actions.entries()) {
    if (action.id === actionIds.service) {
      const channel = await db.selectFrom("notification_channels").select("id").where("slug", "=", action.service).executeTakeFirst();
      if (!channel) throw new AlertFieldError(`actions[${index}].service`, `no notification channel has the slug "${action.service}"`);
      continue;
    }
    if (action.targetType === "IssueOwners") continue;
    const field = `actions[${index}].targetIdentifier`;
    const identifier = action.targetIdentifier ?? "";
    if (identifier === "") throw new AlertFieldError(field, `a ${action.targetType === "Team" ? "team id" : "user id"} is required for targetType ${action.targetType}`);
    if (action.targetType === "Member") {
      const people = await peopleWhoSeeProject(db, projectId);
      if (!people.some((person) => person.id === identifier)) throw new AlertFieldError(field, `no person with id "${identifier}" can see this project`);
    } else {
      const teamId = /^\d{1,15}$/.test(identifier) ? Number(identifier) : null;
      const team = teamId === null ? undefined : await db.selectFrom("teams").select("id").where("id", "=", teamId).executeTakeFirst();
      if (!team) throw new AlertFieldError(field, `no team has id "${identifier}"`);
    }
  }
}

/** The rule's problem as an AlertFieldError, or the parsed rule. */
export function ruleOrFieldError(parsed: { rule: ParsedRule } | { problem: { field: string; message: string } }): ParsedRule {
  if ("problem" in parsed) throw new AlertFieldError(parsed.problem.field, parsed.problem.message);
  return parsed.rule;
}
