import { sql, type Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * Alerts (docs/architecture.md → "Alerts"):
 * - `notification_channels`: where alert messages go besides e-mail (Slack, Discord, Teams, a signed webhook),
 *   instance-wide, named by a slug that rules refer to; URL and secret are write-only to callers;
 * - `alert_rules`: a project's issue-alert rules, stored in the shape of Sentry's issue-alert API (conditions,
 *   filters and actions as JSON), muted until a time or not;
 * - `alert_rule_fires`: when each rule last ran its actions for an issue (the action interval);
 * - `issue_minute_counts`: events per issue per minute, kept by digest for frequency conditions up to an hour
 *   (longer windows read `issue_hourly_counts`); like the other per-issue tables they go with their issue
 *   (delete-issues), without a foreign key; `issue_users.last_seen` counts distinct users in a window;
 * - `alert_deliveries`: the outbox — one row per message to send, written in the digest transaction that
 *   decided it, claimed by a sender, retried until delivered, refused or 24 h old;
 *   `alert_delivery_attempts`: each try, with its answer;
 * - `notification_opt_outs`: what a person turned off (alert e-mail of one project, workflow e-mail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notification_channels")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("secret", "text")
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("alert_rules")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("action_match", "text", (col) => col.notNull())
    .addColumn("filter_match", "text", (col) => col.notNull())
    .addColumn("frequency_minutes", "integer", (col) => col.notNull())
    .addColumn("environment", "text")
    .addColumn("conditions", "text", (col) => col.notNull())
    .addColumn("filters", "text", (col) => col.notNull())
    .addColumn("actions", "text", (col) => col.notNull())
    .addColumn("muted_until", epochType(db))
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("alert_rules_project").on("alert_rules").column("project_id").execute();

  await db.schema
    .createTable("alert_rule_fires")
    .addColumn("rule_id", idType(db), (col) => col.notNull().references("alert_rules.id").onDelete("cascade"))
    .addColumn("issue_id", idType(db), (col) => col.notNull())
    .addColumn("fired_at", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("alert_rule_fires_pk", ["rule_id", "issue_id"])
    .execute();
  await db.schema.createIndex("alert_rule_fires_issue").on("alert_rule_fires").column("issue_id").execute();

  await db.schema
    .createTable("issue_minute_counts")
    .addColumn("issue_id", idType(db), (col) => col.notNull())
    .addColumn("minute", epochType(db), (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("issue_minute_counts_pk", ["issue_id", "minute"])
    .execute();
  await db.schema.createIndex("issue_minute_counts_minute").on("issue_minute_counts").column("minute").execute();

  await db.schema.alterTable("issue_users").addColumn("last_seen", epochType(db)).execute();
  await db.schema.createIndex("issue_users_last_seen").on("issue_users").columns(["issue_id", "last_seen"]).execute();

  await db.schema
    .createTable("alert_deliveries")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("delivery_id", "text", (col) => col.notNull().unique())
    .addColumn("project_id", idType(db), (col) => col.references("projects.id").onDelete("cascade"))
    .addColumn("rule_id", idType(db), (col) => col.references("alert_rules.id").onDelete("set null"))
    .addColumn("issue_id", idType(db))
    .addColumn("channel_id", idType(db), (col) => col.references("notification_channels.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("recipient", "text")
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", epochType(db), (col) => col.notNull())
    .addColumn("lease_until", epochType(db))
    .addColumn("response_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("finished_at", epochType(db))
    .execute();
  await db.schema.createIndex("alert_deliveries_due").on("alert_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("alert_deliveries_rule").on("alert_deliveries").columns(["rule_id", "created_at"]).execute();
  await db.schema.createIndex("alert_deliveries_channel").on("alert_deliveries").columns(["channel_id", "created_at"]).execute();
  await db.schema.createIndex("alert_deliveries_created").on("alert_deliveries").column("created_at").execute();

  await db.schema
    .createTable("alert_delivery_attempts")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("delivery_id", idType(db), (col) => col.notNull().references("alert_deliveries.id").onDelete("cascade"))
    .addColumn("attempted_at", epochType(db), (col) => col.notNull())
    .addColumn("response_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("alert_delivery_attempts_delivery").on("alert_delivery_attempts").column("delivery_id").execute();

  await db.schema
    .createTable("notification_opt_outs")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("topic", "text", (col) => col.notNull())
    .addColumn("project_id", idType(db), (col) => col.notNull().defaultTo(sql`0`))
    .addPrimaryKeyConstraint("notification_opt_outs_pk", ["user_id", "topic", "project_id"])
    .execute();
}
