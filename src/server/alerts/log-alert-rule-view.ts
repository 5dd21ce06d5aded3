import type { Kysely, Selectable } from "kysely";
import { isLogAlertInterval, type LogAlertRuleView } from "@/lib/log-alert-intervals";
import type { Database, LogAlertRulesTable } from "../db/schema";
import { AppError } from "../errors";
export type { LogAlertRuleView } from "@/lib/log-alert-intervals";

export function toLogAlertRuleView(row: Selectable<LogAlertRulesTable>): LogAlertRuleView {
  const channels: unknown = JSON.parse(row.channels);
  return {
    id: Number(row.id),
    name: row.name,
    query: row.query,
    threshold: Number(row.threshold),
    interval: isLogAlertInterval(row.interval) ? row.interval : "1h",
    channels: Array.isArray(channels) ? channels.filter((slug): slug is string => typeof slug === "string") : [],
    mutedUntil: row.muted_until === null ? null : Number(row.muted_until),
    firingSince: row.firing_since === null ? null : Number(row.firing_since),
    lastCount: row.last_count === null ? null : Number(row.last_count),
    evaluatedAt: row.evaluated_at === null ? null : Number(row.evaluated_at),
  };
}

/** A project's log alert rules, in id order. */
export async function readLogAlertRuleViews(db: Kysely<Database>, projectId: number): Promise<LogAlertRuleView[]> {
  const rows = await db.selectFrom("log_alert_rules").selectAll().where("project_id", "=", projectId).orderBy("id").execute();
  return rows.map(toLogAlertRuleView);
}

/** One of a project's log alert rules; another project's is not found, like a missing one. */
export async function findProjectLogAlertRule(db: Kysely<Database>, projectId: number, ruleId: number): Promise<LogAlertRuleView> {
  const row = Number.isSafeInteger(ruleId) ? await db.selectFrom("log_alert_rules").selectAll().where("project_id", "=", projectId).where("id", "=", ruleId).executeTakeFirst() : undefined;
  if (!row) throw new AppError("not_found", `No log alert rule ${ruleId} in this project.`);
  return toLogAlertRuleView(row);
}
