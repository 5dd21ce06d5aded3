import { sql, type Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * Cron monitors (docs/architecture.md → "Crons"): what `check_in` items, the HTTP check-in endpoint, the UI
 * and the API create.
 * - `monitors`: one per project and slug, with Sentry's `monitor_config` (schedule as crontab text or an
 *   interval count and unit, margin and max runtime in minutes, time zone, failure and recovery thresholds);
 * - `monitor_environments`: one per monitor and environment, the scheduler's state: when the next check-in is
 *   expected and its latest time (expected + margin; indexed, the scheduler's only scan), the failure and
 *   recovery streaks, and the open incident. Deadlines are claimed by a conditional update of
 *   `next_checkin_latest`, so two instances never report one twice;
 * - `monitor_checkins`: one narrow row per check-in (about 150 bytes), unique per environment and
 *   `check_in_id`; in-progress rows carry `timeout_at`, indexed only while in progress; `issue_id` is the issue
 *   a failure was counted on; `date_added` indexed for retention (monitors/prune-check-ins.ts, 90 days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("monitors")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("slug", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
    .addColumn("is_muted", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("schedule_type", "text", (col) => col.notNull())
    .addColumn("schedule", "text", (col) => col.notNull())
    .addColumn("schedule_unit", "text")
    .addColumn("checkin_margin", "integer")
    .addColumn("max_runtime", "integer")
    .addColumn("timezone", "text", (col) => col.notNull().defaultTo("UTC"))
    .addColumn("failure_issue_threshold", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("recovery_threshold", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("owner", "text")
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .addUniqueConstraint("monitors_project_slug", ["project_id", "slug"])
    .execute();
  await db.schema
    .createTable("monitor_environments")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("monitor_id", idType(db), (col) => col.notNull().references("monitors.id").onDelete("cascade"))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("environment", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
    .addColumn("is_muted", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_checkin_at", epochType(db))
    .addColumn("next_checkin_at", epochType(db))
    .addColumn("next_checkin_latest", epochType(db))
    .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("recoveries", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("incident_started_at", epochType(db))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addUniqueConstraint("monitor_environments_monitor_environment", ["monitor_id", "environment"])
    .execute();
  await db.schema.createIndex("monitor_environments_next_latest").on("monitor_environments").column("next_checkin_latest").execute();
  await db.schema
    .createTable("monitor_checkins")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("monitor_id", idType(db), (col) => col.notNull().references("monitors.id").onDelete("cascade"))
    .addColumn("monitor_environment_id", idType(db), (col) => col.notNull().references("monitor_environments.id").onDelete("cascade"))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("check_in_id", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("duration_ms", "integer")
    .addColumn("date_added", epochType(db), (col) => col.notNull())
    .addColumn("date_updated", epochType(db), (col) => col.notNull())
    .addColumn("date_in_progress", epochType(db))
    .addColumn("expected_time", epochType(db))
    .addColumn("timeout_at", epochType(db))
    .addColumn("trace_id", "text")
    .addColumn("release", "text")
    .addColumn("issue_id", idType(db))
    .addUniqueConstraint("monitor_checkins_environment_check_in", ["monitor_environment_id", "check_in_id"])
    .execute();
  await db.schema.createIndex("monitor_checkins_monitor_added").on("monitor_checkins").columns(["monitor_id", "date_added"]).execute();
  await db.schema.createIndex("monitor_checkins_added").on("monitor_checkins").column("date_added").execute();
  await db.schema.createIndex("monitor_checkins_in_progress_timeout").on("monitor_checkins").column("timeout_at").where(sql.ref("status"), "=", "in_progress").execute();
}
