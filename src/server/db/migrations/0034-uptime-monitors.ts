import { type Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * Uptime monitors (docs/architecture.md → "Uptime monitors"): Lantern requests a URL on an interval and opens
 * an issue when it stays down.
 * - `uptime_monitors`: the request (URL, method, headers as [name, value] pairs, body), its interval and
 *   timeout, the expected status range, and the checker's state: `next_check_at` (indexed, the checker's only
 *   scan; claimed by a conditional update so two instances never run one check twice), the failure and
 *   success streaks and `uptime_status`;
 * - `uptime_checks`: one narrow row per check, unique per monitor and scheduled time (a second writer of the
 *   same check inserts nothing); pruned after LANTERN_UPTIME_CHECK_RETENTION_DAYS;
 * - `uptime_check_hours`: per monitor and hour the checks, failures and summed latency, so uptime over 30
 *   days reads 720 rows, not 43,200 checks; kept 90 days;
 * - `uptime_incidents`: one per downtime episode and the issue it opened (monitor page, status page);
 * - `uptime_status_pages`: a project's public status page, off until a row says otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uptime_monitors")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("method", "text", (col) => col.notNull().defaultTo("GET"))
    .addColumn("headers", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("body", "text")
    .addColumn("interval_seconds", "integer", (col) => col.notNull())
    .addColumn("timeout_ms", "integer", (col) => col.notNull())
    .addColumn("expected_status_min", "integer", (col) => col.notNull().defaultTo(200))
    .addColumn("expected_status_max", "integer", (col) => col.notNull().defaultTo(299))
    .addColumn("environment", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
    .addColumn("downtime_threshold", "integer", (col) => col.notNull().defaultTo(3))
    .addColumn("recovery_threshold", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("next_check_at", epochType(db))
    .addColumn("last_check_at", epochType(db))
    .addColumn("consecutive_failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("consecutive_successes", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("uptime_status", "text", (col) => col.notNull().defaultTo("ok"))
    .addColumn("show_on_status_page", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("uptime_monitors_project").on("uptime_monitors").column("project_id").execute();
  await db.schema.createIndex("uptime_monitors_next_check").on("uptime_monitors").column("next_check_at").execute();
  await db.schema
    .createTable("uptime_checks")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("monitor_id", idType(db), (col) => col.notNull().references("uptime_monitors.id").onDelete("cascade"))
    .addColumn("scheduled_at", epochType(db), (col) => col.notNull())
    .addColumn("checked_at", epochType(db), (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("reason", "text")
    .addColumn("http_status", "integer")
    .addColumn("duration_ms", "integer")
    .addUniqueConstraint("uptime_checks_monitor_scheduled", ["monitor_id", "scheduled_at"])
    .execute();
  await db.schema.createIndex("uptime_checks_checked_at").on("uptime_checks").column("checked_at").execute();
  await db.schema
    .createTable("uptime_check_hours")
    .addColumn("monitor_id", idType(db), (col) => col.notNull().references("uptime_monitors.id").onDelete("cascade"))
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("checks", "integer", (col) => col.notNull())
    .addColumn("failures", "integer", (col) => col.notNull())
    .addColumn("duration_ms_sum", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("uptime_check_hours_pk", ["monitor_id", "hour"])
    .execute();
  await db.schema.createIndex("uptime_check_hours_hour").on("uptime_check_hours").column("hour").execute();
  await db.schema
    .createTable("uptime_incidents")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("monitor_id", idType(db), (col) => col.notNull().references("uptime_monitors.id").onDelete("cascade"))
    .addColumn("started_at", epochType(db), (col) => col.notNull())
    .addColumn("resolved_at", epochType(db))
    .addColumn("reason", "text")
    .addColumn("issue_id", idType(db))
    .execute();
  await db.schema.createIndex("uptime_incidents_monitor_started").on("uptime_incidents").columns(["monitor_id", "started_at"]).execute();
  await db.schema
    .createTable("uptime_status_pages")
    .addColumn("project_id", idType(db), (col) => col.primaryKey().references("projects.id").onDelete("cascade"))
    .addColumn("is_enabled", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .execute();
}
