import type { Kysely } from "kysely";
import type { AlertRuleView } from "../../alerts/alert-rule-view";
import type { Database } from "../../db/schema";
import type { ApiAlertRule } from "./alert-schemas";

type Person = { id: string; name: string; email: string };

/** Rules as Sentry answers them; `createdBy` is the person the rule's creator names ("user:<e-mail>"), if they still exist. */
export async function serializeAlertRules(db: Kysely<Database>, projectSlug: string, rules: AlertRuleView[], now = Date.now()): Promise<ApiAlertRule[]> {
  const emails = [...new Set(rules.map((rule) => rule.createdBy).filter((actor) => actor.startsWith("user:")).map((actor) => actor.slice("user:".length)))];
  const people = emails.length === 0 ? [] : await db.selectFrom("users").select(["id", "name", "email"]).where("email", "in", emails).execute();
  const byEmail = new Map<string, Person>(people.map((person) => [person.email, { id: person.id, name: person.name, email: person.email }]));
  return rules.map((rule) => ({
    id: String(rule.id),
    name: rule.name,
    actionMatch: rule.actionMatch,
    filterMatch: rule.filterMatch,
    frequency: rule.frequency,
    environment: rule.environment,
    conditions: rule.conditions as Record<string, unknown>[],
    filters: rule.filters as Record<string, unknown>[],
    actions: rule.actions as Record<string, unknown>[],
    dateCreated: new Date(rule.createdAt).toISOString(),
    createdBy: rule.createdBy.startsWith("user:") ? (byEmail.get(rule.createdBy.slice("user:".length)) ?? null) : null,
    projects: [projectSlug],
    owner: null,
    status: "active",
    snooze: rule.mutedUntil !== null && rule.mutedUntil > now,
  }));
}
