import type { Kysely, Selectable } from "kysely";
import type { AlertRulesTable, Database } from "../db/schema";
import type { AlertRuleView } from "@/lib/views/alerts";
export type { AlertRuleView } from "@/lib/views/alerts";

export type AlertRuleRow = Selectable<AlertRulesTable>;

/** The rule rows of one project (all, or those of `ruleIds`) as views, in id order. */
export async function readAlertRuleViews(db: Kysely<Database>, projectId: number, ruleIds?: number[]): Promise<AlertRuleView[]> {
  if (ruleIds && ruleIds.length === 0) return [];
  let query = db.selectFrom("alert_rules").selectAll().where("project_id", "=", projectId);
  if (ruleIds) query = query.where("id", "in", ruleIds);
  const rows = await query.orderBy("id").execute();
  if (rows.length === 0) return [];
  const fires = await db
    .selectFrom("alert_rule_fires")
    .select(["rule_id", (eb) => eb.fn.max("fired_at").as("last_fired_at")])
    .where(
      "rule_id",
      "in",
      rows.map((row) => row.id),
    )
    .groupBy("rule_id")
    .execute();
  const lastFired = new Map(fires.map((fire) => [Number(fire.rule_id), fire.last_fired_at === null ? null : Number(fire.last_fired_at)]));
  return rows.map((row) => toAlertRuleView(row, lastFired.get(Number(row.id)) ?? null));
}

export function toAlertRuleView(row: AlertRuleRow, lastFiredAt: number | null): AlertRuleView {
  return {
    id: Number(row.id),
    name: row.name,
    actionMatch: row.action_match === "all" ? "all" : "any",
    filterMatch: row.filter_match === "any" || row.filter_match === "none" ? row.filter_match : "all",
    frequency: Number(row.frequency_minutes),
    environment: row.environment,
    conditions: parseList(row.conditions),
    filters: parseList(row.filters),
    actions: parseList(row.actions),
    mutedUntil: row.muted_until === null ? null : Number(row.muted_until),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    lastFiredAt,
  };
}

function parseList(text: string): unknown[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value : [];
}
