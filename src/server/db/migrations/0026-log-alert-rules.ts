import type { Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * Log alerts (docs/architecture.md → "Log alerts"): "more than `threshold` log lines matching `query` in
 * `interval`". A table of their own, not a condition in `alert_rules`: those are Sentry's issue-alert JSON,
 * decided per event inside digest, while a log rule is a count evaluated on a timer.
 * - `channels`: a JSON array of notification channel slugs (as issue rules name them);
 * - `firing_since`: set when the count went above the threshold and the rule fired; cleared when it fell back
 *   to the threshold or below (resolved). The rule fires only on the change from clear to set, so a breach
 *   fires once, however many evaluations see it;
 * - `last_count`, `evaluated_at`: what the newest evaluation counted, for the alerts page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("log_alert_rules")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("query", "text", (col) => col.notNull())
    .addColumn("threshold", "integer", (col) => col.notNull())
    .addColumn("interval", "text", (col) => col.notNull())
    .addColumn("channels", "text", (col) => col.notNull())
    .addColumn("muted_until", epochType(db))
    .addColumn("firing_since", epochType(db))
    .addColumn("last_count", "integer")
    .addColumn("evaluated_at", epochType(db))
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("log_alert_rules_project").on("log_alert_rules").column("project_id").execute();
}
