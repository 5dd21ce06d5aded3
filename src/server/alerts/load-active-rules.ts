import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { parseRule, type ParsedRule } from "./rule-schema";

export interface LoadedRule {
  id: number;
  projectId: number;
  name: string;
  rule: ParsedRule;
}

/**
 * The unmuted issue-alert rules of some projects, by project, in id order. A stored rule that no longer parses
 * (written by an older version) is skipped rather than failing the digest batch that reads it.
 */
export async function loadActiveRules(db: Kysely<Database>, projectIds: number[], now: number): Promise<Map<number, LoadedRule[]>> {
  const rulesByProject = new Map<number, LoadedRule[]>();
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return rulesByProject;
  const rows = await db
    .selectFrom("alert_rules")
    .select(["id", "project_id", "name", "action_match", "filter_match", "frequency_minutes", "environment", "conditions", "filters", "actions", "muted_until"])
    .where("project_id", "in", unique)
    .where((eb) => eb.or([eb("muted_until", "is", null), eb("muted_until", "<=", now)]))
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const rule = parseStoredRule(row);
    if (!rule) continue;
    const loaded: LoadedRule = { id: Number(row.id), projectId: Number(row.project_id), name: row.name, rule };
    const list = rulesByProject.get(loaded.projectId);
    if (list) list.push(loaded);
    else rulesByProject.set(loaded.projectId, [loaded]);
  }
  return rulesByProject;
}

function parseStoredRule(row: { name: string; action_match: string; filter_match: string; frequency_minutes: number; environment: string | null; conditions: string; filters: string; actions: string }): ParsedRule | null {
  try {
    const parsed = parseRule({
      name: row.name,
      actionMatch: row.action_match,
      filterMatch: row.filter_match,
      frequency: row.frequency_minutes,
      environment: row.environment,
      conditions: JSON.parse(row.conditions),
      filters: JSON.parse(row.filters),
      actions: JSON.parse(row.actions),
    });
    return "rule" in parsed ? parsed.rule : null;
  } catch {
    return null;
  }
}
